// Bundles the server (with the shared contract) into dist/main.js; npm packages stay external.
import { readFile } from 'node:fs/promises';
import { build } from 'esbuild';

const rawSql = {
  name: 'raw-sql',
  setup(b) {
    b.onResolve({ filter: /\.sql\?raw$/ }, (args) => ({
      path: new URL(args.path.replace(/\?raw$/, ''), `file://${args.resolveDir}/`).pathname,
      namespace: 'raw-sql',
    }));
    b.onLoad({ filter: /.*/, namespace: 'raw-sql' }, async (args) => ({
      contents: await readFile(args.path, 'utf8'),
      loader: 'text',
    }));
  },
};

const entries = process.argv.slice(2);
await build({
  // The embedded database's thread is an entry of its own (dist/pglite-worker.js, beside dist/main.js), and so is the
  // backup and restore command (dist/db-tool.js).
  entryPoints:
    entries.length > 0
      ? entries
      : {
          main: 'src/main.ts',
          'pglite-worker': 'src/platform/db/pglite-worker.ts',
          'db-tool': 'src/db-tool.ts',
        },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  alias: { '@echeq/contract': '../../packages/contract/src/index.ts' },
  sourcemap: true,
  plugins: [rawSql],
  logLevel: 'warning',
});
