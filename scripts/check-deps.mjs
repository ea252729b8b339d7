#!/usr/bin/env node
// Enforces the direction of dependencies (docs/architecture.md): a rule checked by a program, not by memory.
//  - web: features never import each other; components and lib import no feature and no app code;
//    nothing in the web imports the server.
//  - server: platform imports no module; a module uses another module only through its index.ts.
//  - contract: imports nothing from the apps.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) yield* files(p);
    else if (/\.(ts|tsx)$/.test(name)) yield p;
  }
}

const rel = (p) => path.relative(root, p).split(path.sep).join('/');
const problems = [];

function check(dir, rule) {
  for (const file of files(path.join(root, dir))) {
    const src = readFileSync(file, 'utf8');
    for (const m of src.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2];
      const target = spec.startsWith('.') ? rel(path.resolve(path.dirname(file), spec)) : spec;
      const why = rule(rel(file), target, spec);
      if (why) problems.push(`${rel(file)}: imports '${spec}': ${why}`);
    }
  }
}

check('apps/web/src', (from, to) => {
  if (to.startsWith('apps/server') || to.startsWith('@echeq/server')) return 'the web never imports the server';
  const fromFeature = /^apps\/web\/src\/features\/([^/]+)/.exec(from)?.[1];
  const toFeature = /^apps\/web\/src\/features\/([^/]+)/.exec(to)?.[1];
  if (fromFeature && toFeature && fromFeature !== toFeature)
    return 'features never import each other (compose them in a page)';
  if (/^apps\/web\/src\/(components|lib)\//.test(from) && /^apps\/web\/src\/(features|app)\//.test(to)) {
    return 'components and lib import no feature and no app code';
  }
  return null;
});

check('apps/server/src', (from, to) => {
  if (from.startsWith('apps/server/src/platform/') && to.startsWith('apps/server/src/modules/')) {
    return 'platform code imports no business module';
  }
  const fromMod = /^apps\/server\/src\/modules\/([^/]+)/.exec(from)?.[1];
  const toMod = /^apps\/server\/src\/modules\/([^/]+)(\/.*)?$/.exec(to);
  if (toMod && toMod[1] !== fromMod && toMod[2] && toMod[2] !== '/index' && toMod[2] !== '/index.ts') {
    return `use module '${toMod[1]}' only through its index.ts`;
  }
  return null;
});

check('packages/contract/src', (_from, to) =>
  to.startsWith('apps/') ? 'the contract imports nothing from the apps' : null,
);

if (problems.length > 0) {
  console.error(`Dependency rules broken (${problems.length}):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('Dependency rules: ok');
