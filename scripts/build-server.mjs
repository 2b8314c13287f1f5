// Builds the server into one file, apps/server/dist/server.js, when it is missing or older than any
// of its sources; `npm start` runs it with plain Node. The server's modules and @gasops/shared are
// bundled by esbuild (a few tenths of a second); the packages they use stay in node_modules.
//
// Why: Node loads the bundle in about half the time it takes to compile ~400 TypeScript modules
// through tsx at every start (bench/RESULTS.md, "second start"). `npm run dev` still runs the sources
// through tsx, with its restart on change.
//
// `import.meta.dirname` keeps its meaning in the bundle: each source's own directory (the migrations
// and the repository's root are found from it), rewritten relative to the bundle at build time.
import fs from 'node:fs';
import path from 'node:path';
import { newest } from './newest.mjs';

const root = path.resolve(import.meta.dirname, '..');
const server = path.join(root, 'apps/server');
const shared = path.join(root, 'packages/shared');
const SERVER_BUNDLE = path.join(server, 'dist/server.js');
const sources = [
  path.join(server, 'src'),
  path.join(server, 'package.json'),
  path.join(shared, 'src'),
  path.join(shared, 'package.json'),
  import.meta.filename,
];

const dependencies = (dir) => Object.keys(JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).dependencies ?? {});

/** Each bundled source's `import.meta.dirname`, as the directory of that source, for a bundle written to `outfile`. */
const sourceDirname = (outfile) => ({
  name: 'source-dirname',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      let contents = await fs.promises.readFile(args.path, 'utf8');
      if (/import\.meta\.(url|filename)\b/.test(contents)) {
        return { errors: [{ text: `${path.relative(root, args.path)}: use import.meta.dirname (the bundle keeps it per source)` }] };
      }
      if (contents.includes('import.meta.dirname')) {
        const relative = path.relative(path.dirname(outfile), path.dirname(args.path));
        contents = contents.replaceAll('import.meta.dirname', `__sourceDir(import.meta.dirname, ${JSON.stringify(relative)})`);
      }
      return { contents, loader: 'ts' };
    });
  },
});

/**
 * Bundles the server to `outfile` (through a scratch file moved in place); answers the seconds it took.
 * The file must sit under apps/server, where Node finds the packages it imports.
 */
async function buildServer(outfile = SERVER_BUNDLE) {
  const started = Date.now();
  const { build } = await import('esbuild'); // only when building: a start with a fresh bundle skips it
  const scratch = `${outfile}.${process.pid}.tmp`;
  fs.mkdirSync(path.dirname(outfile), { recursive: true });
  try {
    await build({
      entryPoints: [path.join(server, 'src/server.ts')],
      outfile: scratch,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // Every package the server or @gasops/shared depends on is loaded from node_modules, as with tsx.
      external: [...dependencies(server), ...dependencies(shared)].filter((d) => d !== '@gasops/shared'),
      // Names as in the sources (errors and logs name classes), where two modules reuse a name.
      keepNames: true,
      sourcemap: 'linked',
      banner: { js: "import { resolve as __sourceDir } from 'node:path';" },
      plugins: [sourceDirname(outfile)],
      logLevel: 'warning',
    });
    fs.renameSync(`${scratch}.map`, `${outfile}.map`);
    // Dated when the build started: a source saved during the build makes the next start build again.
    fs.utimesSync(scratch, new Date(started), new Date(started));
    fs.renameSync(scratch, outfile);
  } finally {
    fs.rmSync(scratch, { force: true });
    fs.rmSync(`${scratch}.map`, { force: true });
  }
  return (Date.now() - started) / 1000;
}

/** Whether apps/server/dist/server.js is missing or older than a source. */
function serverBundleStale() {
  return !fs.existsSync(SERVER_BUNDLE) || fs.statSync(SERVER_BUNDLE).mtimeMs < newest(...sources);
}

// `node scripts/build-server.mjs [--force] [--out <file>]`: builds when stale (or always with --force).
if (process.argv[1] === import.meta.filename) {
  const args = process.argv.slice(2);
  const out = args.includes('--out') ? path.resolve(args[args.indexOf('--out') + 1]) : SERVER_BUNDLE;
  if (args.includes('--force') || out !== SERVER_BUNDLE || serverBundleStale()) {
    const seconds = await buildServer(out);
    console.log(`server built in ${seconds.toFixed(1)} s (${path.relative(root, out)})`);
  }
}
