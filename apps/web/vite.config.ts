import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, runnerImport, type Plugin, type Rollup } from 'vite';
import { FIELD_NAMESPACES, MODULE_GROUPS, SERVER_NAMESPACES, type ModuleGroup } from './src/app/message-groups';

type OutputChunk = Rollup.OutputChunk;

const api = { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } };

const PAGE_PROVIDERS = fileURLToPath(new URL('src/app/page-providers.tsx', import.meta.url));
/** antd and its own packages (not their helpers: clsx, @babel/runtime…, which Rollup places with them). */
const ANTD = /node_modules\/(antd|@ant-design\/[\w-]+|@rc-component\/[\w-]+)\//;
/** A package's index re-exporting all its components: not followed (tree-shaking drops what is unused). */
const BARREL = /node_modules\/(antd|@ant-design\/icons)\/es\/index\.js$/;
let antdCoreModules: Set<string> | null = null;
/** The antd modules src/app/page-providers.tsx imports statically, directly or through other antd modules (once per build). */
function antdCore(getModuleInfo: Rollup.GetModuleInfo): Set<string> {
  if (antdCoreModules) return antdCoreModules;
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id) || BARREL.test(id)) return;
    seen.add(id);
    getModuleInfo(id)?.importedIds.forEach((next) => ANTD.test(next) && visit(next));
  };
  visit(PAGE_PROVIDERS);
  antdCoreModules = seen;
  return seen;
}

/**
 * Vendor chunks only where they pay: React (needed by every page, changes rarely), TanStack Query (every
 * page but the login pages) and the three big libraries that only some screens load on demand (named, so
 * the size check can tell that a light page does not load them). antd is left to Rollup, which splits it by the components each page uses.
 */
function vendorChunk(id: string, { getModuleInfo }: Rollup.ManualChunkMeta): string | undefined {
  if (!id.includes('node_modules')) return undefined;
  if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
  // antd's core (its ConfigProvider, theme and CSS-in-JS, message, notification and modal: what
  // src/app/page-providers.tsx loads with every page past the login) in one chunk. The login page loads no antd
  // (issue 16), so these are no longer in the entry; left to Rollup, they came in ~15 small chunks, split by the
  // screens that also use each one, ~20 KB gzip more per page.
  if (ANTD.test(id) && antdCore(getModuleInfo).has(id)) return 'antd';
  // TanStack Query in one piece: every page past the login loads it (not the login page, issue 16); Rollup alone
  // cut it into four chunks by what each screen used, 1.5 KB gzip more per page.
  if (/node_modules\/@tanstack\//.test(id)) return 'query';
  if (/node_modules\/(echarts|zrender|echarts-for-react)\//.test(id)) return 'echarts';
  if (/node_modules\/(leaflet|react-leaflet|@react-leaflet)\//.test(id)) return 'leaflet';
  if (/node_modules\/exceljs\//.test(id)) return 'exceljs';
  return undefined;
}

/**
 * `import { UserOutlined } from '@ant-design/icons'` → `import UserOutlined from
 * '@ant-design/icons/es/icons/UserOutlined'`: the same bundle, but the build no longer reads the
 * package's index and the ~1,700 icon modules it names (40 % of all the modules it parsed, and about
 * half of the build's time). Imports of anything but icons stay as they are.
 */
function iconImports(): Plugin {
  const ICON = /^[A-Z]\w*(Outlined|Filled|TwoTone)$/;
  return {
    name: 'gasops:icon-imports',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/src\/.*\.tsx?$/.test(id) || !code.includes("from '@ant-design/icons'")) return null;
      return code.replace(/import\s*\{([^}]*)\}\s*from\s*'@ant-design\/icons';/g, (whole, list: string) => {
        const specs = list
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean)
          .map((n) => n.match(/^(\w+)(?:\s+as\s+(\w+))?$/));
        if (specs.some((m) => !m || !ICON.test(m[1]!))) return whole;
        return specs.map((m) => `import ${m![2] ?? m![1]} from '@ant-design/icons/es/icons/${m![1]}';`).join(' ');
      });
    },
  };
}

/**
 * packages/shared's schemas are built at the top of their modules (`export const x = z.object(…)`):
 * Rollup cannot tell that these calls have no side effects, so a page that used one constant or
 * function of such a module kept every schema in it, and all of zod (~27 KB gzip: every field
 * screen, issue 13). Each expression on `z` in those modules gets a `@__PURE__` annotation (a pure
 * call is dropped when its value is unused; its callee chain `z.string().min(1)` is not looked into,
 * only its arguments): a page keeps only the schemas it uses. The one side effect through zod is
 * validation.ts's `configureZod` (zod's `config`, not `z.config`).
 */
function zodPure(): Plugin {
  return {
    name: 'gasops:zod-pure',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/packages\/shared\/src\/.*\.ts$/.test(id) || !/import \{[^}]*\bz\b[^}]*\} from 'zod';/.test(code)) return null;
      // Outside block comments (an annotation inside one would end it).
      return code
        .split(/(\/\*[\s\S]*?\*\/)/)
        .map((part, i) => (i % 2 ? part : part.replace(/(?<=^|[\s(,={:?!&|;[])z(?=\s*\.)/gm, '/* @__PURE__ */ z')))
        .join('');
    },
  };
}

/**
 * antd parts no GasOps screen uses, left out of the build (issue 16): the Table's column filter dropdown (with the
 * Tree, Menu, Radio and Empty it brings; our tables are filtered above them, components/filters.tsx), the Table's
 * virtual scrolling, and the Card's tabs (`tabList`; screens with tabs use Tabs itself). antd imports them whether a
 * page uses them or not: ~13 KB gzip on every manager screen, ~11 KB more on a screen with cards and no tabs. Each is
 * replaced by a module that throws a clear error if it is ever reached; eslint.config.js forbids the props that
 * would reach them (column filters, `virtual`, `tabList`). The build fails when antd no longer imports one where
 * it is expected (a new antd version: check the paths), so nothing is silently left in. `vite` (dev) serves antd
 * prebuilt, with these parts.
 */
const ANTD_UNUSED: { part: string; importer: RegExp; source: string; exports: string[]; kept?: { from: string; names: string[] } }[] = [
  {
    part: 'column filters of a Table (filters, filterDropdown, onFilter)',
    importer: /\/antd\/es\/table\/hooks\/useFilter\/index\.js$/,
    source: './FilterDropdown',
    exports: ['default', 'flattenKeys'],
  },
  {
    part: 'virtual scrolling of a Table (virtual)',
    importer: /\/antd\/es\/table\/InternalTable\.js$/,
    source: './RcTable/VirtualTable',
    exports: ['default'],
  },
  {
    part: 'radio row selection of a Table (rowSelection type radio)',
    importer: /\/antd\/es\/table\/hooks\/useSelection\.js$/,
    source: '../../radio',
    exports: ['default'],
  },
  {
    // The selection of rows in a tree (`checkStrictly: false`): antd's default, checkStrictly true, uses only arrAdd
    // and arrDel of rc-tree (kept).
    part: 'tree selection of a Table (rowSelection checkStrictly false)',
    importer: /\/antd\/es\/table\/hooks\/useSelection\.js$/,
    source: '@rc-component/tree',
    exports: ['conductCheck', 'convertDataToEntities'],
    kept: { from: '@rc-component/tree/es/util', names: ['arrAdd', 'arrDel'] },
  },
  { part: 'tabs of a Card (tabList)', importer: /\/antd\/es\/card\/Card\.js$/, source: '../tabs', exports: ['default'] },
];
const UNUSED_PREFIX = '\0gasops-antd-unused/';
function antdUnusedParts(): Plugin {
  const replaced = new Set<number>();
  return {
    name: 'gasops:antd-unused-parts',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      replaced.clear();
    },
    resolveId(source, importer) {
      if (!importer) return null;
      const index = ANTD_UNUSED.findIndex((u) => u.source === source && u.importer.test(importer));
      if (index < 0) return null;
      replaced.add(index);
      return `${UNUSED_PREFIX}${index}`;
    },
    load(id) {
      if (!id.startsWith(UNUSED_PREFIX)) return null;
      const unused = ANTD_UNUSED[Number(id.slice(UNUSED_PREFIX.length))]!;
      const error = JSON.stringify(`GasOps builds antd without the ${unused.part}: see apps/web/vite.config.ts (ANTD_UNUSED)`);
      const thrower = `function unused() { throw new Error(${error}); }`;
      const lines = unused.exports.map((e) => (e === 'default' ? 'export default unused;' : `export { unused as ${e} };`));
      if (unused.kept) lines.push(`export { ${unused.kept.names.join(', ')} } from '${unused.kept.from}';`);
      return `${thrower}\n${lines.join('\n')}`;
    },
    buildEnd(error) {
      if (error) return;
      const missing = ANTD_UNUSED.filter((_, i) => !replaced.has(i)).map((u) => `${u.source} from ${u.importer.source}`);
      if (missing.length) this.error(`antd no longer imports ${missing.join(', ')}: update ANTD_UNUSED in apps/web/vite.config.ts`);
    },
  };
}

/**
 * The message catalogues, one chunk per language and group (issue 16): `virtual:gasops-i18n/<locale>/<group>`
 * is that language's messages of the group's namespaces, as JSON. `core` is what the shell and the
 * login page show (loaded before the first render, with dayjs's locale); `legal` the legal texts (only
 * their pages); each namespace of src/app/message-groups.ts (cylinders, invoices, line) a group of its own, loaded by
 * the modules that name its keys (`gasops:message-groups` below); `rest` is every other namespace, with antd's texts
 * (loaded with a page's layout, see src/app/i18n.ts; the login page loads no antd). A page thus downloads one
 * language, not five, the login page not the screens' messages, and a screen not the legal texts nor the messages of
 * modules it does not show. `field` is the field app's own (field.html: issue 13): the namespaces its screens show,
 * with dayjs's locale but without antd's texts (it loads no antd). The catalogues are read from packages/shared (the same objects the server and the
 * completeness test use), evaluated at build time.
 */
const CATALOGUE_PREFIX = 'virtual:gasops-i18n/';
const GROUP_PREFIX = 'virtual:gasops-messages/';
/** Resolved id `\0gasops-i18n/i18n-<locale>-<group>`: its chunk is named `i18n-<locale>-<group>` (scripts/check-bundle-size.mjs). */
const CATALOGUE_ID = new RegExp(`^\\0gasops-i18n\\/i18n-([\\w-]+)-(core|legal|rest|field|${MODULE_GROUPS.join('|')})$`);
type CatalogueGroup = 'core' | 'legal' | 'rest' | 'field' | ModuleGroup;
/** The namespaces of the `core` group (the shell: errors, feedback, menus; the login page) and of `legal`; `rest` has the others. */
const GROUP_NAMESPACES: Record<'core' | 'legal', string[]> = {
  core: ['common', 'auth', 'feedback', 'menu'],
  legal: ['legal'],
};
// The field app's group (src/field-main.tsx, FIELD_NAMESPACES) is not a partition like the others. A namespace of
// MODULE_GROUPS (src/app/message-groups.ts) is a group of its own.
const groupOf = (namespace: string): Exclude<CatalogueGroup, 'field'> =>
  (MODULE_GROUPS as readonly string[]).includes(namespace)
    ? (namespace as ModuleGroup)
    : ((Object.keys(GROUP_NAMESPACES) as (keyof typeof GROUP_NAMESPACES)[]).find((g) => GROUP_NAMESPACES[g].includes(namespace)) ?? 'rest');

/** What else a language's chunks bring: dayjs's locale (`core`, `field`) and antd's texts (`rest`: ConfigProvider, app/page-providers.tsx). */
const LOCALE_MODULES: Record<string, { antd: string; dayjs?: string }> = {
  'zh-TW': { antd: 'antd/es/locale/zh_TW', dayjs: 'dayjs/locale/zh-tw' },
  'en-US': { antd: 'antd/es/locale/en_US' },
  'zh-CN': { antd: 'antd/es/locale/zh_CN', dayjs: 'dayjs/locale/zh-cn' },
  'ja-JP': { antd: 'antd/es/locale/ja_JP', dayjs: 'dayjs/locale/ja' },
  'ms-MY': { antd: 'antd/es/locale/ms_MY', dayjs: 'dayjs/locale/ms-my' },
};

type SharedI18n = {
  NAMESPACES: Record<string, Record<string, unknown>>;
};

function i18nCatalogues(): Plugin {
  const shared = fileURLToPath(new URL('../../packages/shared/src/i18n/index.ts', import.meta.url));
  let catalogues: Promise<SharedI18n> | null = null;
  let watched: string[] = [];
  const read = () =>
    (catalogues ??= runnerImport<SharedI18n>(shared, { logLevel: 'error' }).then(({ module, dependencies }) => {
      watched = dependencies;
      return module;
    }));
  return {
    name: 'gasops:i18n-catalogues',
    resolveId: (id) => {
      // A module group's messages are asked for as `virtual:gasops-messages/<locale>/<group>` (one type declaration for
      // them all: src/app/i18n-catalogues.d.ts), built as the other groups are.
      const prefix = [CATALOGUE_PREFIX, GROUP_PREFIX].find((p) => id.startsWith(p));
      return prefix ? `\0gasops-i18n/i18n-${id.slice(prefix.length).replace('/', '-')}` : null;
    },
    async load(id) {
      const match = CATALOGUE_ID.exec(id);
      if (!match) return null;
      const [, locale, group] = match as unknown as [string, string, CatalogueGroup];
      const { NAMESPACES } = await read();
      const extra = LOCALE_MODULES[locale];
      if (!extra) throw new Error(`${id}: unknown locale`);
      watched.forEach((file) => this.addWatchFile(file));
      const tree: Record<string, unknown> = {};
      const inGroup = (name: string) => (group === 'field' ? FIELD_NAMESPACES.includes(name) : groupOf(name) === group);
      for (const [name, ns] of Object.entries(NAMESPACES)) if (inGroup(name) && !SERVER_NAMESPACES.includes(name)) tree[name] = ns[locale];
      // JSON.parse of a string literal: parsed faster than the same object as JavaScript.
      const messages = `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(tree))});`;
      const dayjs = extra.dayjs ? `import '${extra.dayjs}';\n` : '';
      if (group === 'field') return `${dayjs}${messages}`;
      if (group === 'core') return `${dayjs}${messages}`;
      // antd's texts come with `rest`, which every page past the login loads with antd (the login page loads no antd, issue 16).
      if (group === 'rest') return `import antd from '${extra.antd}';\nexport { antd };\n${messages}`;
      return messages;
    },
    watchChange(id) {
      if (watched.includes(id)) catalogues = null;
    },
  };
}

/** A key of a MODULE_GROUPS namespace in a module's code: `'cylinders.status.x'`, `` `invoices.${…}` ``. */
const GROUP_KEY = new RegExp(`['"\`](${MODULE_GROUPS.join('|')})\\.[a-zA-Z]`, 'g');

/**
 * Each chunk of the build whose modules (the app's or packages/shared's) name a key of a MODULE_GROUPS namespace waits,
 * before it runs, for that namespace's messages in the active language: a top-level await of app/i18n.ts
 * `awaitMessages` (through `globalThis`: app/i18n.ts is in every entry, so it is there before any lazy chunk runs).
 * Whatever loads the chunk, a screen, a dialog or a part, finds its texts there, and a page that uses none of them never
 * loads them (issue 16). Written into the chunks once they are cut (`renderChunk`), so Rollup cuts them as before (a
 * top-level await in the modules themselves kept Rollup from merging small chunks: ~30 more files and ~5 KB more a
 * page). The group's name is written `gasops-messages:<group>`, so scripts/check-bundle-size.mjs counts the messages a
 * page's chunks wait for. The dev server loads every group with the screens' messages instead (app/i18n.ts).
 */
function messageGroups(): Plugin {
  const groupsOf = new Map<string, string[]>();
  return {
    name: 'gasops:message-groups',
    apply: 'build',
    transform(code, id) {
      if (!/\/(apps\/web\/src|packages\/shared\/src)\/.*\.tsx?$/.test(id) || /\.(test|d)\.tsx?$|\/i18n\//.test(id)) return null;
      const groups = [...new Set([...code.matchAll(GROUP_KEY)].map((m) => m[1]!))];
      if (groups.length) groupsOf.set(id, groups);
      else groupsOf.delete(id);
      return null;
    },
    renderChunk(code, chunk) {
      const groups = [...new Set(chunk.moduleIds.flatMap((id) => groupsOf.get(id) ?? []))];
      if (groups.length === 0) return null;
      if (chunk.isEntry) throw new Error(`${chunk.name}: an entry chunk names keys of ${groups.join(', ')} (src/app/message-groups.ts)`);
      const marks = JSON.stringify(groups.map((g) => `gasops-messages:${g}`));
      // On the first line, so the chunk's lines keep their numbers (no source map is built).
      return { code: `await globalThis.__gasopsAwaitMessages(${marks});${code}`, map: null };
    },
  };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** 10, not the maximum 11: files 1.5 % larger, compressed in a third of the time (it is part of `npm start`'s first build). */
const BROTLI_QUALITY = 10;

/**
 * Writes `<file>.br` and `<file>.gz` next to every text file of the build, so the server sends them
 * as they are (@fastify/static `preCompressed`) instead of compressing on each request. zlib's async
 * calls run on libuv's thread pool: the files compress in parallel.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'gasops:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((f) => /\.(js|css|html|svg|wasm|webmanifest)$/.test(f));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const data = await fs.promises.readFile(full);
          if (data.length < 1024) return;
          const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length };
          const [br, gz] = await Promise.all([brotli(data, { params }), gzip(data, { level: 9 })]);
          await Promise.all([fs.promises.writeFile(`${full}.br`, br), fs.promises.writeFile(`${full}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * The field app's pages (issue 13): its own entry, field.html → src/field-main.tsx (no antd, its own
 * router). The server (apps/server/src/platform/web-assets.ts), the dev server (below) and the service
 * worker answer field.html for these paths; every other page gets index.html.
 */
const FIELD_PAGES = /^\/(mobile|MobileCylinderMaintenance)(\/|$)/;
/** Files of apps/web/public the field app needs offline. */
const OFFLINE_PUBLIC = ['/manifest.webmanifest', '/favicon.svg', '/icon-192.png', '/icon-512.png', '/apple-touch-icon.png'];

const INDEX_HTML = fileURLToPath(new URL('index.html', import.meta.url));
const FIELD_HTML = fileURLToPath(new URL('field.html', import.meta.url));
const MAIN_SCRIPT = '/src/main.tsx';
const FIELD_SCRIPT = '/src/field-main.tsx';

/**
 * The field app's page, field.html: index.html with the field entry's script instead of the main one
 * (generated here, not a second copy of the page to keep in step). The build takes it as its second
 * input; `vite` (dev) answers index.html for the field pages, with that script; `vite preview` the
 * built field.html.
 */
function fieldPages(): Plugin {
  const isFieldPage = (url: string | undefined) => !!url && FIELD_PAGES.test(url.split('?')[0]!);
  return {
    name: 'gasops:field-pages',
    enforce: 'pre',
    resolveId: (id) => (id === FIELD_HTML ? FIELD_HTML : null),
    load: (id) => (id === FIELD_HTML ? fs.readFileSync(INDEX_HTML, 'utf8').replace(MAIN_SCRIPT, FIELD_SCRIPT) : null),
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.method === 'GET' && isFieldPage(req.url)) req.url = '/index.html';
        next();
      });
    },
    transformIndexHtml: {
      order: 'pre',
      handler: (html, ctx) => (ctx.server && isFieldPage(ctx.originalUrl) ? html.replace(MAIN_SCRIPT, FIELD_SCRIPT) : html),
    },
    configurePreviewServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.method === 'GET' && isFieldPage(req.url)) req.url = '/field.html';
        next();
      });
    },
  };
}

/**
 * The field app as an installable PWA (issue 13): links the web manifest from both pages and writes
 * /sw.js from src/modules/field/service-worker.js with the list of files to precache: field.html with
 * the field entry and everything it loads, on demand too (its screens, the camera scanner and its
 * ZXing .wasm, the field messages of every language: the language can be switched offline), and
 * index.html with the main entry and its `core` messages (the login page opens offline after a
 * logout), the manifest and the icons.
 */
function fieldOffline(): Plugin {
  let root = '';
  return {
    name: 'gasops:field-offline',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'manifest', href: '/manifest.webmanifest' }, injectTo: 'head' },
      { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' }, injectTo: 'head' },
    ],
    generateBundle(_options, bundle) {
      const chunks = new Map<string, OutputChunk>();
      for (const out of Object.values(bundle)) if (out.type === 'chunk') chunks.set(out.fileName, out);
      const files = new Set<string>();
      // Per walk: a chunk both entries share (i18n.ts's) is walked once for each, with that entry's messages.
      const seen = new Set<string>();
      const catalogueGroup = (chunk: OutputChunk) => (chunk.facadeModuleId ? CATALOGUE_ID.exec(chunk.facadeModuleId)?.[2] : undefined);
      /** A chunk, its CSS and assets, its static imports, its `messages` catalogues, and (`lazy`) the rest of what it loads on demand. */
      const visit = (chunk: OutputChunk | undefined, lazy: boolean, messages: string) => {
        if (!chunk || seen.has(`${chunk.fileName} ${lazy} ${messages}`)) return;
        seen.add(`${chunk.fileName} ${lazy} ${messages}`);
        files.add(chunk.fileName);
        chunk.viteMetadata?.importedCss.forEach((f) => files.add(f));
        chunk.viteMetadata?.importedAssets.forEach((f) => files.add(f));
        chunk.imports.forEach((f) => visit(chunks.get(f), lazy, messages));
        for (const f of chunk.dynamicImports) {
          const next = chunks.get(f);
          if (!next) continue;
          const group = catalogueGroup(next);
          if (group ? group === messages : lazy) visit(next, lazy, messages);
        }
      };
      const entries = [...chunks.values()].filter((c) => c.isEntry);
      const entry = (name: string) => {
        const found = entries.find((c) => c.name === name);
        if (!found) throw new Error(`gasops:field-offline: no entry chunk "${name}"`);
        return found;
      };
      visit(entry('field'), true, 'field');
      visit(entry('index'), false, 'core');
      for (const out of Object.values(bundle)) if (out.type === 'asset' && /\.wasm$/.test(out.fileName)) files.add(out.fileName);
      const precache = ['/field.html', '/index.html', ...OFFLINE_PUBLIC, ...[...files].sort().map((f) => `/${f}`)];
      const version = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 16);
      const source = fs
        .readFileSync(path.join(root, 'src/modules/field/service-worker.js'), 'utf8')
        .replace('self.__GASOPS_PRECACHE__', JSON.stringify(precache))
        .replace('__GASOPS_VERSION__', version);
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

/**
 * react-router's package exports only its development build to bundlers (dist/development: the same
 * code with `ENABLE_DEV_WARNINGS = true`, which keeps its console warnings and the "Hey developer"
 * text of its default error page). The build takes dist/production instead; `vite` (dev) keeps the warnings.
 */
const REACT_ROUTER_PRODUCTION = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    iconImports(),
    antdUnusedParts(),
    zodPure(),
    messageGroups(),
    i18nCatalogues(),
    react(),
    precompress(),
    fieldPages(),
    fieldOffline(),
  ],
  resolve: { alias: command === 'build' ? [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] : [] },
  server: { host: '127.0.0.1', port: 5173, proxy: api },
  preview: { host: '127.0.0.1', port: 4173, proxy: api },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each entry and lazy screen loads (scripts/check-bundle-size.mjs).
    manifest: true,
    // The gzip sizes in the build log cost seconds on every build; `npm run check:size` reports them.
    reportCompressedSize: false,
    // Sizes per page are checked by `npm run check:size` (gzip, budgets); this is only the raw-size warning.
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      // Two pages: the main app (login pages, back office, public pages) and the field app (issue 13), which
      // share the `react` and `query` vendor chunks (a phone that opened the login page has them cached).
      input: { index: INDEX_HTML, field: FIELD_HTML },
      output: { manualChunks: vendorChunk },
      // zod's sources carry comments Rollup cannot place (harmless, but a page of noise in every build).
      onwarn(warning, warn) {
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/')) return;
        warn(warning);
      },
      // packages/shared is constants, zod schemas and functions: a page takes only the parts it uses
      // (its index re-exports every module; without this, each page would carry every schema and all of
      // zod). validation.ts keeps its side effect (zod's jitless mode in the browser: no eval under CSP).
      // zod's calls in packages/shared are marked pure (`zodPure` above): a page keeps only the schemas it uses.
      // antd's @rc-component packages declare no `sideEffects`; their modules have none (no module of theirs is
      // imported for its effect alone), so a module none of whose exports a page uses is left out (its table's
      // virtual body, rc-tree's nodes behind the selection's arrAdd/arrDel: ~4 KB gzip a screen).
      treeshake: {
        moduleSideEffects: (id) => !/\/packages\/shared\/src\/(?!validation\.ts$)/.test(id) && !/node_modules\/@rc-component\//.test(id),
      },
    },
  },
}));
