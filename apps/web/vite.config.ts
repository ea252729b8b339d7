import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
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

/** The pages a first visit most often opens, and the modules each needs beyond the app's entry. */
const ROUTE_PAGES: { file: string; modules: string[] }[] = [
  { file: 'pages/login.html', modules: ['src/app/routes/login-page.tsx'] },
  { file: 'pages/dashboard.html', modules: ['src/app/layout/app-layout.tsx', 'src/app/routes/dashboard-page.tsx'] },
];

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };

/**
 * Writes a copy of index.html per page of ROUTE_PAGES that also names that page's chunks (`modulepreload`), so the
 * browser downloads them together with the app's entry instead of after it has run. The server answers /login and
 * /dashboard with them.
 */
function routePages(): Plugin {
  let outDir = 'dist';
  return {
    name: 'echeq:route-pages',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
        string,
        ManifestChunk
      >;
      const closure = (keys: string[], seen = new Set<string>()) => {
        for (const key of keys) {
          const chunk = manifest[key];
          if (seen.has(key) || !chunk) continue;
          seen.add(key);
          closure(chunk.imports ?? [], seen);
        }
        return seen;
      };
      const entry = closure(Object.keys(manifest).filter((k) => manifest[k]?.isEntry));
      const index = await readFile(path.join(outDir, 'index.html'), 'utf8');
      for (const page of ROUTE_PAGES) {
        const files = [...closure(page.modules)].filter((k) => !entry.has(k)).map((k) => manifest[k]?.file);
        if (files.length === 0) throw new Error(`${page.file}: no chunks for ${page.modules.join(', ')}`);
        const links = files.map((f) => `    <link rel="modulepreload" crossorigin href="/${f}">`).join('\n');
        await mkdir(path.dirname(path.join(outDir, page.file)), { recursive: true });
        await writeFile(path.join(outDir, page.file), index.replace('  </head>', `${links}\n  </head>`));
      }
    },
  };
}

/** Third-party code split into vendor chunks; only react and the MUI core load on every route. */
const MUI_CORE =
  /[\\/]node_modules[\\/](@mui[\\/](material|system|utils|styled-engine|private-theming|core-downloads-tracker|types)|@emotion|@popperjs|react-transition-group|react-is|clsx|stylis|hoist-non-react-statics|@babel[\\/]runtime)[\\/]/;
const MUI_ICONS = /[\\/]node_modules[\\/]@mui[\\/]icons-material[\\/]/;
const APP_SOURCE = /[\\/]apps[\\/]web[\\/]src[\\/]/;

/** The screens a first visit opens: signing in, and the signed-in frame with the dashboard. */
const FIRST_SCREENS = {
  auth: /[\\/]src[\\/]app[\\/]routes[\\/](login|register)-page\.tsx$/,
  app: /[\\/]src[\\/]app[\\/](layout[\\/]app-layout|routes[\\/]dashboard-page)\.tsx$/,
  entry: /[\\/]src[\\/]app[\\/]main\.tsx$/,
};
type Screen = keyof typeof FIRST_SCREENS;
type ModuleGraph = { getModuleInfo(id: string): { importers: readonly string[] } | null };

/** Which of the first screens import a module, directly or through other modules (static imports only). */
function screensOf(id: string, graph: ModuleGraph, memo: Map<string, Set<Screen>>): Set<Screen> {
  const known = memo.get(id);
  if (known) return known;
  const found = new Set<Screen>();
  memo.set(id, found); // an import cycle ends here
  for (const [screen, test] of Object.entries(FIRST_SCREENS) as [Screen, RegExp][]) {
    if (test.test(id)) found.add(screen);
  }
  for (const importer of graph.getModuleInfo(id)?.importers ?? []) {
    for (const screen of screensOf(importer, graph, memo)) found.add(screen);
  }
  return found;
}

/**
 * MUI components and icons of the first screens in three chunks instead of dozens (each request costs a round trip,
 * six at a time, on a mobile network): those both sign-in and the signed-in frame use, then sign-in's own, then the
 * frame's and dashboard's own (in that order of priority, so a chunk's dependencies are always in a chunk before it).
 * What only other screens use is left to the groups below.
 */
function firstScreensGroups() {
  const memo = new Map<string, Set<Screen>>();
  const test = (id: string) => MUI_CORE.test(id) || MUI_ICONS.test(id);
  const group = (name: string, priority: number, wanted: (screens: Set<Screen>) => boolean) => ({
    name: (id: string, graph: ModuleGraph) => (wanted(screensOf(id, graph, memo)) ? name : null),
    test,
    priority,
  });
  return [
    group('mui-first', 48, (s) => s.has('entry') || (s.has('auth') && s.has('app'))),
    group('mui-sign-in', 47, (s) => s.has('auth')),
    group('mui-signed-in', 46, (s) => s.has('app')),
  ];
}

/** The app's own small modules of the same screens (api calls, formats, alerts), likewise one chunk per side. */
function firstScreensAppGroups() {
  const memo = new Map<string, Set<Screen>>();
  const root = Object.values(FIRST_SCREENS);
  const test = (id: string) => APP_SOURCE.test(id) && !root.some((r) => r.test(id));
  const group = (name: string, priority: number, wanted: (screens: Set<Screen>) => boolean) => ({
    name: (id: string, graph: ModuleGraph) => (wanted(screensOf(id, graph, memo)) ? name : null),
    test,
    priority,
  });
  // Below every library group: a library they import is already in its own chunk.
  return [
    group('app-first', 15, (s) => s.has('entry') || (s.has('auth') && s.has('app'))),
    group('sign-in', 14, (s) => s.has('auth')),
    group('signed-in', 13, (s) => s.has('app')),
  ];
}

const vendorGroups = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 50 },
  ...firstScreensGroups(),
  ...firstScreensAppGroups(),
  {
    name: 'mui',
    test: MUI_CORE,
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
  plugins: [react(), routePages(), precompress()],
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
