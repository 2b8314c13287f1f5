import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const api = { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } };

/**
 * Vendor chunks only where they pay: React (needed by every page, changes rarely) and the three big
 * libraries that only some screens load on demand (named, so the size check can tell that a light
 * page does not load them). antd is left to Rollup, which splits it by the components each page uses.
 */
function vendorChunk(id: string): string | undefined {
  if (!id.includes('node_modules')) return undefined;
  if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
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
      const files = Object.keys(bundle).filter((f) => /\.(js|css|html|svg)$/.test(f));
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

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [iconImports(), react(), precompress()],
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
});
