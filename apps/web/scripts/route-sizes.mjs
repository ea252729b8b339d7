// Gzipped JavaScript each route loads in total (entry + its page chunk + everything they import statically).
// Run after `vite build` (which writes dist/.vite/manifest.json): node scripts/route-sizes.mjs [dist folder]
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const gz = new Map();
const gzipped = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gz.get(file);
};

function staticClosure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    staticClosure(manifest[key]?.imports ?? [], seen);
  }
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const layoutKey = Object.keys(manifest).find((k) => k.endsWith('layout/app-layout.tsx'));
const pages = Object.keys(manifest).filter((k) => /routes\/[\w-]+-page\.tsx$/.test(k));
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const rows = pages.map((page) => {
  const isPublic = /(login|register)-page/.test(page);
  const keys = staticClosure([entryKey, page, ...(isPublic ? [] : [layoutKey])]);
  const files = [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  return {
    route: page.replace(/.*routes\/(.*)-page\.tsx$/, '/$1'),
    files: files.length,
    total: files.reduce((s, f) => s + gzipped(f), 0),
  };
});
rows.sort((a, b) => a.route.localeCompare(b.route));
for (const r of rows)
  console.log(`${r.route.padEnd(12)} ${String(r.files).padStart(3)} files  ${kb(r.total).padStart(10)} gzip`);
const limit = Number(process.env.LOGIN_BUDGET_KB ?? 250) * 1024;
const login = rows.find((r) => r.route === '/login');
if (login && login.total > limit) {
  console.error(`/login loads ${kb(login.total)} gzipped, over the ${kb(limit)} budget`);
  process.exit(1);
}
