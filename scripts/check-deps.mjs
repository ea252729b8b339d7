#!/usr/bin/env node
// Enforces the direction of dependencies (docs/architecture.md, "Dependencies"): a rule checked by a program, not by
// memory. `npm run lint` runs it; `checkDeps` is the same check over a map of files, for its own test.
//  - server: the modules' order is MODULE_LAYERS below. A module imports only modules of earlier layers, and only
//    through their index.ts; platform/ imports no module, no db/ and no entry point; db/migrations imports only
//    platform/; a module may read db/migrations' list and nothing else of db/; only tests import test helpers.
//  - web: features never import each other; components import no feature and no app code; lib imports nothing else
//    of the app; nothing in the web imports the server.
//  - contract: imports nothing from the apps.
//  - everywhere: no import circle among files (type-only imports count: a circle of types is still a knot).
//  - no source file outside tests passes MAX_LINES lines (split it by concern).
//  - docs/architecture.md and modules/README.md show the server's order exactly as written here (`orderLine()`).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The server's modules, lowest first. A module may import a module of an earlier layer (through its index.ts), never
 * one of its own layer or a later one. A new module takes its place here before it can be imported.
 */
export const MODULE_LAYERS = [
  ['audit'],
  ['tenants'],
  ['settings', 'users'],
  ['auth'],
  ['accounts'],
  ['clearing'],
  ['echeqs'],
  ['custody'],
  ['lifecycle'],
  ['discounts'],
  ['reports', 'system'],
];

/** The order as docs/architecture.md must show it. */
export const orderLine = (layers = MODULE_LAYERS) => `platform ← ${layers.map((l) => l.join(', ')).join(' ← ')}`;

/** The standard's limit for a source file outside tests. */
const MAX_LINES = 300;
const SOURCE_DIRS = ['apps/server/src', 'apps/web/src', 'packages/contract/src'];
/** The documents that show the modules' order: each must show it exactly as the check enforces it. */
const ORDER_DOCS = ['docs/architecture.md', 'apps/server/src/modules/README.md'];
const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;
const SERVER = 'apps/server/src/';
const WEB = 'apps/web/src/';

/** The text without the comments that open a line (an import shown in a comment is no import). */
const withoutComments = (src) => src.replace(/^\s*\/\*[\s\S]*?\*\//gm, '').replace(/^\s*\/\/.*$/gm, '');

const isTest = (f) => /\.test\.tsx?$/.test(f) || /(^|\/)test\//.test(f);

/** The files an import can name: `./a` is `./a.ts`, `./a.tsx`, `./a/index.ts`…; `./a.js` is `./a.ts`. */
function resolve(files, from, spec) {
  if (!spec.startsWith('.')) return spec;
  const base = path.posix.join(path.posix.dirname(from), spec.replace(/\?.*$/, ''));
  const bare = base.replace(/\.(m?js|jsx)$/, '');
  for (const c of [base, `${bare}.ts`, `${bare}.tsx`, `${bare}/index.ts`, `${bare}/index.tsx`]) {
    if (files.has(c)) return c;
  }
  return base;
}

const moduleOf = (f) => /^apps\/server\/src\/modules\/([^/]+)\/(.*)$/.exec(f);

function layerIndex(layers) {
  const at = new Map();
  layers.forEach((layer, i) => {
    for (const m of layer) at.set(m, i);
  });
  return at;
}

function serverRule(from, to, layerOf) {
  if (!to.startsWith(SERVER)) {
    return to.startsWith('apps/server/test/') && !isTest(from) ? 'only tests import test helpers' : null;
  }
  const fromPath = from.slice(SERVER.length);
  const toPath = to.slice(SERVER.length);
  const toTop = !toPath.includes('/');
  const toEntry = toTop && !/^config(\.ts)?$/.test(toPath) && !isTest(to);
  if (fromPath.startsWith('platform/')) {
    if (toPath.startsWith('platform/') || /^config(\.ts)?$/.test(toPath)) return null;
    return 'platform code imports only platform/ and config.ts (no module, no db/, no entry point)';
  }
  if (
    fromPath.startsWith('db/migrations/') &&
    !toPath.startsWith('db/migrations/') &&
    !toPath.startsWith('platform/')
  ) {
    return 'migrations import only platform/';
  }
  const fromMod = moduleOf(from);
  const toMod = moduleOf(to);
  if ((fromMod || fromPath.startsWith('db/')) && toEntry) return 'only entry points import the entry points';
  if (fromMod && toPath.startsWith('db/') && !/^db\/migrations(\/index(\.ts)?)?$/.test(toPath)) {
    return 'a module reads only the migrations list of db/';
  }
  if (!toMod || (fromMod && fromMod[1] === toMod[1])) return null;
  if (!/^index(\.tsx?)?$/.test(toMod[2])) return `use module '${toMod[1]}' only through its index.ts`;
  if (!fromMod) return null;
  const [a, b] = [layerOf.get(fromMod[1]), layerOf.get(toMod[1])];
  if (a === undefined || b === undefined) return null; // reported once per module below
  if (b >= a) {
    return `'${fromMod[1]}' may import only modules earlier in the order (${orderLine()}); '${toMod[1]}' is ${
      b === a ? 'of the same layer' : 'later'
    }`;
  }
  return null;
}

function webRule(from, to) {
  if (to.startsWith('apps/server') || to.startsWith('@echeq/server')) return 'the web never imports the server';
  const fromFeature = /^apps\/web\/src\/features\/([^/]+)/.exec(from)?.[1];
  const toFeature = /^apps\/web\/src\/features\/([^/]+)/.exec(to)?.[1];
  if (fromFeature && toFeature && fromFeature !== toFeature) {
    return 'features never import each other (compose them in a page)';
  }
  if (/^apps\/web\/src\/(components|lib)\//.test(from) && /^apps\/web\/src\/(features|app)\//.test(to)) {
    return 'components and lib import no feature and no app code';
  }
  if (/^apps\/web\/src\/lib\//.test(from) && /^apps\/web\/src\/components\//.test(to)) {
    return 'lib imports nothing else of the app';
  }
  if (to.startsWith(`${WEB}test/`) && !isTest(from)) return 'only tests import test helpers';
  return null;
}

/**
 * Every circle among the files: one per knot (strongly connected set), from its first file in name order back to it.
 */
function circles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const set = new Set();
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      set.add(w);
    } while (w !== v);
    if (set.size > 1 || graph.get(v)?.has(v)) found.push(cycleThrough(graph, [...set].sort()[0], set));
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

/** The shortest way from `start` back to itself inside `set`. */
function cycleThrough(graph, start, set) {
  const prev = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift();
    for (const w of [...(graph.get(v) ?? [])].sort()) {
      if (!set.has(w)) continue;
      if (w === start) {
        const way = [v];
        while (way[0] !== start) way.unshift(prev.get(way[0]));
        return [...way, start];
      }
      if (!prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}

/**
 * The check itself, over a map of repository-relative paths (`apps/...`, `packages/...`, the documents of the order)
 * to their text. Returns the problems found, each a line naming the file and the rule.
 */
export function checkDeps(files, layers = MODULE_LAYERS) {
  const problems = [];
  const layerOf = layerIndex(layers);
  const graph = new Map();
  const seenModules = new Set();
  for (const [file, src] of files) {
    if (!/\.(ts|tsx)$/.test(file)) continue;
    const mod = moduleOf(file)?.[1];
    if (mod) seenModules.add(mod);
    const lines = src.split('\n').length - (src.endsWith('\n') ? 1 : 0);
    if (lines > MAX_LINES && !isTest(file)) {
      problems.push(`${file}: ${lines} lines; a file outside tests stays within ${MAX_LINES} (split it by concern)`);
    }
    const edges = new Set();
    graph.set(file, edges);
    for (const m of withoutComments(src).matchAll(IMPORT)) {
      const spec = m[1] ?? m[2] ?? m[3];
      const target = resolve(files, file, spec);
      if (files.has(target)) edges.add(target);
      const why = file.startsWith(SERVER)
        ? serverRule(file, target, layerOf)
        : file.startsWith(WEB)
          ? webRule(file, target)
          : target.startsWith('apps/')
            ? 'the contract imports nothing from the apps'
            : null;
      if (why) problems.push(`${file}: imports '${spec}': ${why}`);
    }
  }
  for (const m of [...seenModules].sort()) {
    if (!layerOf.has(m)) problems.push(`apps/server/src/modules/${m}: not in the modules' order (MODULE_LAYERS)`);
  }
  for (const m of layerOf.keys()) {
    if (!seenModules.has(m)) problems.push(`MODULE_LAYERS names '${m}', which is no module`);
  }
  for (const c of circles(graph)) problems.push(`import circle: ${c.join(' → ')}`);
  for (const name of ORDER_DOCS) {
    const doc = files.get(name);
    if (doc !== undefined && !doc.includes(`\`${orderLine(layers)}\``)) {
      problems.push(`${name}: must show the modules' order the check enforces: \`${orderLine(layers)}\``);
    }
  }
  return problems;
}

/** The repository's sources (and the documents that show the order) as `checkDeps` reads them. */
export function readTree(root) {
  const files = new Map();
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name === 'dist') continue;
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(ts|tsx)$/.test(name)) {
        files.set(path.relative(root, p).split(path.sep).join('/'), readFileSync(p, 'utf8'));
      }
    }
  };
  for (const dir of SOURCE_DIRS) walk(path.join(root, dir));
  for (const name of ORDER_DOCS) files.set(name, readFileSync(path.join(root, name), 'utf8'));
  return files;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const problems = checkDeps(readTree(path.resolve(import.meta.dirname, '..')));
  if (problems.length > 0) {
    console.error(`Dependency rules broken (${problems.length}):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(1);
  }
  console.log(`Dependency rules: ok (server modules: ${orderLine()})`);
}
