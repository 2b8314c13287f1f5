import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, runnerImport, type Plugin, type Rollup } from 'vite';

type OutputChunk = Rollup.OutputChunk;

const api = { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } };

/**
 * Vendor chunks only where they pay: React (needed by every page, changes rarely), TanStack Query (every
 * page but the login pages) and the three big libraries that only some screens load on demand (named, so
 * the size check can tell that a light page does not load them). antd is left to Rollup, which splits it by the components each page uses.
 */
function vendorChunk(id: string): string | undefined {
  if (!id.includes('node_modules')) return undefined;
  if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
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
 * The message catalogues, one chunk per language and group (issue 16): `virtual:gasops-i18n/<locale>/<group>`
 * is that language's messages of the group's namespaces, as JSON. `core` is what the shell and the
 * login page show (loaded before the first render); `legal` the legal texts (only their pages);
 * `rest` is every other namespace (loaded with a page's layout, see src/app/i18n.ts). A page thus
 * downloads one language, not five, the login page not the screens' messages, and a screen not the
 * legal texts. The catalogues are read from packages/shared (the same objects the server and the
 * completeness test use), evaluated at build time.
 */
const CATALOGUE_PREFIX = 'virtual:gasops-i18n/';
/** Resolved id `\0gasops-i18n/i18n-<locale>-<group>`: its chunk is named `i18n-<locale>-<group>` (scripts/check-bundle-size.mjs). */
const CATALOGUE_ID = /^\0gasops-i18n\/i18n-([\w-]+)-(core|legal|rest)$/;
type CatalogueGroup = 'core' | 'legal' | 'rest';
/** The namespaces of the `core` group (the shell: errors, feedback, menus; the login page) and of `legal`; `rest` has the others. */
const GROUP_NAMESPACES: Record<Exclude<CatalogueGroup, 'rest'>, string[]> = {
  core: ['common', 'auth', 'feedback', 'menu'],
  legal: ['legal'],
};
const groupOf = (namespace: string): CatalogueGroup =>
  (Object.keys(GROUP_NAMESPACES) as (keyof typeof GROUP_NAMESPACES)[]).find((g) => GROUP_NAMESPACES[g].includes(namespace)) ?? 'rest';

/** What else a language's `core` chunk brings: antd's texts (ConfigProvider) and dayjs's locale. */
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
    resolveId: (id) =>
      id.startsWith(CATALOGUE_PREFIX) ? `\0gasops-i18n/i18n-${id.slice(CATALOGUE_PREFIX.length).replace('/', '-')}` : null,
    async load(id) {
      const match = CATALOGUE_ID.exec(id);
      if (!match) return null;
      const [, locale, group] = match as unknown as [string, string, CatalogueGroup];
      const { NAMESPACES } = await read();
      const extra = LOCALE_MODULES[locale];
      if (!extra) throw new Error(`${id}: unknown locale`);
      watched.forEach((file) => this.addWatchFile(file));
      const tree: Record<string, unknown> = {};
      for (const [name, ns] of Object.entries(NAMESPACES)) if (groupOf(name) === group) tree[name] = ns[locale];
      // JSON.parse of a string literal: parsed faster than the same object as JavaScript.
      const messages = `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(tree))});`;
      if (group !== 'core') return messages;
      const dayjs = extra.dayjs ? `import '${extra.dayjs}';\n` : '';
      return `import antd from '${extra.antd}';\n${dayjs}export { antd };\n${messages}`;
    },
    watchChange(id) {
      if (watched.includes(id)) catalogues = null;
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
 * Source files whose chunks the field app's service worker precaches (with their static imports); app/screens.tsx is the route
 * table, app/guards.ts the session check and app/page-providers.tsx the query cache and antd's modal (both loaded with the layout).
 */
const OFFLINE_SOURCES =
  /\/src\/(modules\/field\/|app\/layouts\/mobile-layout\.tsx$|app\/screen-guard\.tsx$|app\/screens\.tsx$|app\/guards\.ts$|app\/page-providers\.tsx$|modules\/cylinders\/mobile-screen\.tsx$)/;
/** Of those, the ones whose lazy parts are precached too (the scanner, the cylinder drawer, the password dialog, the guard's Result). */
const FOLLOW_LAZY =
  /\/src\/(modules\/field\/|modules\/cylinders\/mobile-screen\.tsx$|app\/layouts\/mobile-layout\.tsx$|app\/screen-guard\.tsx$)/;
/** Files of apps/web/public the field app needs offline. */
const OFFLINE_PUBLIC = ['/manifest.webmanifest', '/favicon.svg', '/icon-192.png', '/icon-512.png', '/apple-touch-icon.png'];

/**
 * The field app as an installable PWA (issue 13): links the web manifest from index.html and
 * writes /sw.js from src/modules/field/service-worker.js with the list of files to precache: the
 * app shell (index.html, the entry chunk and its imports), the chunks of the field screens and of
 * what they load on demand (the camera scanner and its ZXing .wasm), the manifest and the icons.
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
      const visit = (chunk: OutputChunk | undefined, followDynamic: boolean) => {
        if (!chunk || files.has(chunk.fileName)) return;
        files.add(chunk.fileName);
        chunk.viteMetadata?.importedCss.forEach((f) => files.add(f));
        chunk.viteMetadata?.importedAssets.forEach((f) => files.add(f));
        chunk.imports.forEach((f) => visit(chunks.get(f), followDynamic));
        if (followDynamic) chunk.dynamicImports.forEach((f) => visit(chunks.get(f), true));
      };
      for (const chunk of chunks.values()) {
        if (chunk.isEntry) visit(chunk, false);
        else if (chunk.facadeModuleId && OFFLINE_SOURCES.test(chunk.facadeModuleId)) visit(chunk, FOLLOW_LAZY.test(chunk.facadeModuleId));
        // Every language's messages: the language can be switched offline.
        else if (chunk.facadeModuleId && CATALOGUE_ID.test(chunk.facadeModuleId)) visit(chunk, false);
      }
      for (const out of Object.values(bundle)) if (out.type === 'asset' && /\.wasm$/.test(out.fileName)) files.add(out.fileName);
      const precache = ['/index.html', ...OFFLINE_PUBLIC, ...[...files].sort().map((f) => `/${f}`)];
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
  plugins: [iconImports(), i18nCatalogues(), react(), precompress(), fieldOffline()],
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
      output: { manualChunks: vendorChunk },
      // zod's sources carry comments Rollup cannot place (harmless, but a page of noise in every build).
      onwarn(warning, warn) {
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/')) return;
        warn(warning);
      },
      // packages/shared is constants, zod schemas and functions: a page takes only the parts it uses
      // (its index re-exports every module; without this, each page would carry every schema and all of
      // zod). validation.ts keeps its side effect (zod's jitless mode in the browser: no eval under CSP).
      treeshake: { moduleSideEffects: (id) => !/\/packages\/shared\/src\/(?!validation\.ts$)/.test(id) },
    },
  },
}));
