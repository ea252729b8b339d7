#!/usr/bin/env node
// `npm run bench:web`: a production build of the web app, the gzipped JavaScript each route loads (from the build
// manifest: the entry, the route's page chunk, the signed-in layout for private routes, and everything they import
// statically), and Lighthouse (performance, accessibility) of /login and /dashboard in Debian's Chromium against
// the built server. /dashboard is audited signed in: the session is put in local storage first and Lighthouse is told
// not to clear it (the HTTP cache is emptied before each audit all the same). Results: bench/results/latest-web.json.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { auditMedian, CHROMIUM, launchChromium } from './lib/lighthouse.mjs';
import { startServer } from './lib/server.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
// Built apart from apps/web/dist, so a browser test running meanwhile keeps the build it started with.
const DEFAULT_WEB_DIST = path.join(ROOT, 'bench/results/tmp/web-dist');
const RESULTS = path.join(ROOT, 'bench/results');
const TMP = path.join(RESULTS, 'tmp');
const LOGIN_BUDGET_KB = 250;
const DEMO = { email: 'admin@banco.example', password: 'Demo1234!' };

const { values: opt } = parseArgs({
  options: {
    'skip-build': { type: 'boolean', default: false },
    'skip-lighthouse': { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    out: { type: 'string' },
    // For trying a change quickly: another build folder, some pages only, one form factor only.
    'web-dist': { type: 'string' },
    pages: { type: 'string', default: 'login,dashboard' },
    'form-factors': { type: 'string', default: 'mobile,desktop' },
  },
});
const WEB_DIST = opt['web-dist'] ? path.resolve(opt['web-dist']) : DEFAULT_WEB_DIST;
const PAGES = opt.pages.split(',');
const FORM_FACTORS = opt['form-factors'].split(',').map((f) => f === 'desktop');
mkdirSync(TMP, { recursive: true });
const log = (...a) => console.log(`[bench:web ${new Date().toISOString().slice(11, 19)}]`, ...a);
const kb = (n) => Number((n / 1024).toFixed(1));

/** Gzipped size of each route's JavaScript (and CSS), from dist/.vite/manifest.json. */
function routeSizes() {
  const manifest = JSON.parse(readFileSync(path.join(WEB_DIST, '.vite/manifest.json'), 'utf8'));
  const gz = new Map();
  const gzipped = (file) => {
    if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(WEB_DIST, file)), { level: 9 }).length);
    return gz.get(file);
  };
  const closure = (keys, seen = new Set()) => {
    for (const key of keys) {
      if (seen.has(key)) continue;
      seen.add(key);
      closure(manifest[key]?.imports ?? [], seen);
    }
    return seen;
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const layoutKey = Object.keys(manifest).find((k) => k.endsWith('layout/app-layout.tsx'));
  const pages = Object.keys(manifest).filter((k) => /routes\/[\w-]+-page\.tsx$/.test(k));
  return pages
    .map((page) => {
      const isPublic = /(login|register)-page/.test(page);
      const keys = [...closure([entryKey, page, ...(isPublic || !layoutKey ? [] : [layoutKey])])];
      const js = keys.map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
      const css = [...new Set(keys.flatMap((k) => manifest[k].css ?? []))];
      return {
        route: page.replace(/.*routes\/(.*)-page\.tsx$/, '/$1'),
        jsFiles: js.length,
        jsGzipKB: kb(js.reduce((s, f) => s + gzipped(f), 0)),
        cssGzipKB: kb(css.reduce((s, f) => s + gzipped(f), 0)),
        files: js.map((f) => ({ file: f, gzipKB: kb(gzipped(f)) })).sort((a, b) => b.gzipKB - a.gzipKB),
      };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
}

async function main() {
  if (!opt['skip-build']) {
    log('compilando la web (vite build) y el servidor');
    execFileSync('npx', ['vite', 'build', '--outDir', WEB_DIST, '--emptyOutDir'], {
      cwd: path.join(ROOT, 'apps/web'),
      stdio: 'inherit',
    });
    execFileSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: ROOT, stdio: 'inherit' });
  }
  const routes = routeSizes();
  const report = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? null,
      memoryGB: Number((os.totalmem() / 2 ** 30).toFixed(1)),
      node: process.version,
      chromium: execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim(),
      loadAverageAtStart: os.loadavg().map((x) => Number(x.toFixed(2))),
    },
    routes,
    lighthouse: [],
  };

  if (!opt['skip-lighthouse']) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'echeq-bench-web-'));
    const server = await startServer({
      env: { DATA_DIR: dataDir, SEED_DEMO: 'true', BENCH_REFERENCE: '0', WEB_DIST },
      logFile: path.join(TMP, 'server-web.log'),
    });
    const browser = await launchChromium();
    try {
      log(`servidor en ${server.base}`);
      if (PAGES.includes('login')) {
        log('Lighthouse de /login');
        for (const desktop of FORM_FACTORS) {
          report.lighthouse.push(await auditMedian(`${server.base}/login`, browser.port, { desktop, runs: opt.runs }));
        }
      }

      if (PAGES.includes('dashboard')) {
        const r = await fetch(`${server.base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(DEMO),
        });
        const session = await r.json();
        if (!session.token) throw new Error(`No se pudo iniciar sesión: ${r.status} ${JSON.stringify(session)}`);
        const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${browser.port}`);
        const context = cdp.contexts()[0] ?? (await cdp.newContext());
        const page = await context.newPage();
        await page.goto(`${server.base}/login`);
        await page.evaluate(
          ([token, user]) => {
            localStorage.setItem('token', token);
            localStorage.setItem('user', user);
          },
          [session.token, JSON.stringify(session.user)],
        );
        await page.close();
        await cdp.close();

        log('Lighthouse de /dashboard con la sesión iniciada');
        for (const desktop of FORM_FACTORS) {
          report.lighthouse.push(
            await auditMedian(`${server.base}/dashboard`, browser.port, { desktop, keepStorage: true, runs: opt.runs }),
          );
        }
      }
    } finally {
      await browser.close();
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  const login = routes.find((r) => r.route === '/login');
  report.targets = [
    {
      target: `/login carga ≤ ${LOGIN_BUDGET_KB} KB de JavaScript gzip`,
      pass: Boolean(login && login.jsGzipKB <= LOGIN_BUDGET_KB),
      value: login?.jsGzipKB ?? null,
    },
    ...report.lighthouse.map((l) => ({
      target: `Lighthouse ${new URL(l.url).pathname} (${l.formFactor === 'mobile' ? 'móvil, configuración por defecto' : 'escritorio'}): rendimiento ≥ 90, accesibilidad ≥ 95`,
      pass: l.performance >= 90 && l.accessibility >= 95,
      value: { performance: l.performance, accessibility: l.accessibility },
    })),
  ];
  report.loadAverageAtEnd = os.loadavg().map((x) => Number(x.toFixed(2)));
  const out = opt.out ? path.resolve(opt.out) : path.join(RESULTS, 'latest-web.json');
  writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);

  console.log('\nruta          archivos  JS gzip    CSS gzip');
  for (const r of routes) {
    console.log(
      `${r.route.padEnd(13)} ${String(r.jsFiles).padStart(8)}  ${`${r.jsGzipKB} KB`.padStart(9)}  ${`${r.cssGzipKB} KB`.padStart(9)}`,
    );
  }
  if (report.lighthouse.length) {
    console.log('\nLighthouse      forma    rendimiento  accesibilidad  LCP ms  TBT ms  CLS');
    for (const l of report.lighthouse) {
      console.log(
        `${new URL(l.url).pathname.padEnd(15)} ${l.formFactor.padEnd(8)} ${String(l.performance).padStart(11)}  ${String(l.accessibility).padStart(13)}  ${String(Math.round(l.metrics.lcpMs ?? 0)).padStart(6)}  ${String(Math.round(l.metrics.tbtMs ?? 0)).padStart(6)}  ${(l.metrics.cls ?? 0).toFixed(3)}`,
      );
      if (l.accessibilityFailures.length) console.log(`    accesibilidad: ${l.accessibilityFailures.join(', ')}`);
    }
  }
  console.log('');
  for (const t of report.targets) console.log(`${t.pass ? '✓' : '✗'} ${t.target}: ${JSON.stringify(t.value)}`);
  log(`resultados en ${path.relative(ROOT, out)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
