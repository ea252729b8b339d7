// Bundles lib/app-db.ts (the app's migrations, drivers and password hashing) into results/tmp/app-db.mjs (not kept), the way
// apps/server/build.mjs bundles the server: SQL files inlined as text, npm packages left external.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const rawSql = {
  name: 'raw-sql',
  setup(b) {
    b.onResolve({ filter: /\.sql\?raw$/ }, (args) => ({
      path: path.resolve(args.resolveDir, args.path.replace(/\?raw$/, '')),
      namespace: 'raw-sql',
    }));
    b.onLoad({ filter: /.*/, namespace: 'raw-sql' }, async (args) => ({
      contents: await readFile(args.path, 'utf8'),
      loader: 'text',
    }));
  },
};

export async function buildAppDb() {
  const outfile = path.join(here, '..', 'results', 'tmp', 'app-db.mjs');
  await build({
    entryPoints: [path.join(here, 'app-db.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    alias: { '@echeq/contract': path.resolve(here, '../../packages/contract/src/index.ts') },
    plugins: [rawSql],
    logLevel: 'warning',
  });
  return import(outfile);
}
