import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

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
  plugins: [react()],
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
