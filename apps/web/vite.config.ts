import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes a brotli (.br) and a gzip (.gz) copy next to every built text file worth compressing, so the server sends
 * them as they are (@fastify/static `preCompressed`) without compressing on each request. A copy that would not be
 * smaller than the file is not written: the server then sends the file itself.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'echeq:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((e) => e.isFile() && /\.(js|css|html|svg|json|txt|webmanifest)$/.test(e.name))
        .map((e) => path.join(e.parentPath, e.name))
        // Not .vite/manifest.json: dot folders are never served.
        .filter((f) => !path.relative(outDir, f).startsWith('.'));
      await Promise.all(
        files.map(async (file) => {
          const raw = await readFile(file);
          if (raw.length < 512) return;
          const [br, gz] = await Promise.all([
            brotli(raw, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
                [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
              },
            }),
            gzipAsync(raw, { level: 9 }),
          ]);
          if (br.length < raw.length) await writeFile(`${file}.br`, br);
          if (gz.length < raw.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/** Third-party code split into vendor chunks; only react and the MUI core load on every route. */
const vendorGroups = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 50 },
  {
    name: 'mui',
    test: /[\\/]node_modules[\\/](@mui[\\/](material|system|utils|styled-engine|private-theming|core-downloads-tracker|types)|@emotion|@popperjs|react-transition-group|react-is|clsx|stylis|hoist-non-react-statics|@babel[\\/]runtime)[\\/]/,
    priority: 40,
    // Split by which routes use a module, so a component only a later screen uses never loads on sign-in.
    entriesAware: true,
  },
  // Shared by charts and date pickers: its own chunk, so a picker screen never downloads the charts.
  {
    name: 'mui-x',
    test: /[\\/]node_modules[\\/](@mui[\\/](x-internals|x-license|x-internal-gestures)|@base-ui|reselect|use-sync-external-store)[\\/]/,
    priority: 35,
    entriesAware: true,
  },
  {
    name: 'charts',
    test: /[\\/]node_modules[\\/](@mui[\\/]x-charts|@mui[\\/]x-charts-vendor|d3-[\w-]+|internmap|delaunator|robust-predicates|flatqueue)[\\/]/,
    priority: 30,
  },
  { name: 'date-pickers', test: /[\\/]node_modules[\\/](@mui[\\/]x-date-pickers|dayjs)[\\/]/, priority: 30 },
  {
    name: 'vendor',
    test: /[\\/]node_modules[\\/](react-router|@tanstack|cookie|set-cookie-parser)[\\/]/,
    priority: 20,
  },
];

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      treeshake: {
        // The contract's modules only declare schemas and constants: what a chunk does not use can be dropped, so the
        // sign-in route gets the permission map without zod.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]contract[\\/]/, sideEffects: false }],
        manualPureFunctions: ['z'],
      },
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    // Whole-app tests load lazy routes; leave room for a busy machine.
    testTimeout: 30_000,
  },
});
