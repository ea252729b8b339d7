#!/usr/bin/env node
// `npm run bench:flood`: what a flood of registrations and of password guesses does to the built server (issue 20,
// items 5 and 6). Starts apps/server/dist/main.js in production mode on a fresh embedded database (or, with
// --postgres, a fresh PostgreSQL database, dropped at the end) with the demo data, then, while a signed-in user asks
// for its cheque list and a static file one request after another, sends 200 registrations at once from one address
// and 200 from 200 addresses (X-Forwarded-For, trusted from loopback), then 200 wrong passwords at once for one
// account from one address and from 200 addresses. Prints, per phase, the user's latency (p50, p95, max) and the
// answers; results in bench/results/latest-flood-<engine>.json. `--server PATH` runs another build (e.g. an older
// one, for a before/after on the same machine). Run `npm run build` first.
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { SERVER_MAIN, startServer } from './lib/server.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values: opt } = parseArgs({
  options: {
    postgres: { type: 'boolean', default: false },
    server: { type: 'string' },
    'database-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
    out: { type: 'string' },
    label: { type: 'string' },
  },
});
const main = opt.server ? path.resolve(opt.server) : SERVER_MAIN;
const engine = opt.postgres ? 'postgres' : 'embedded';
const log = (m) => console.log(`[flood] ${m}`);

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
const summary = (ms) => {
  const s = [...ms].sort((a, b) => a - b);
  return {
    n: s.length,
    p50: Math.round(percentile(s, 50)),
    p95: Math.round(percentile(s, 95)),
    max: Math.round(s.at(-1) ?? 0),
  };
};

function cuit(n) {
  const digits = `33${String(10_000_000 + (n % 89_999_999)).padStart(8, '0')}`;
  const w = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const sum = [...digits].reduce((acc, d, i) => acc + Number(d) * w[i], 0);
  const check = 11 - (sum % 11);
  if (check === 10) return cuit(n + 1);
  return `${digits}${check === 11 ? 0 : check}`;
}

async function call(base, method, p, { token, body, ip } = {}) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (ip) headers['x-forwarded-for'] = ip;
  const started = performance.now();
  try {
    const res = await fetch(base + p, { method, headers, body: body ? JSON.stringify(body) : undefined });
    const text = await res.text();
    return { status: res.status, ms: performance.now() - started, body: text ? JSON.parse(text) : null };
  } catch (err) {
    return { status: 0, ms: performance.now() - started, body: String(err) };
  }
}

/** A static file of the build, the largest script (read from disk by the server, as the 13 s were). */
function staticAsset(serverMain) {
  const dist = path.resolve(path.dirname(serverMain), '../../web/dist/assets');
  const js = readdirSync(dist).filter((f) => f.endsWith('.js'));
  js.sort((a, b) => statSync(path.join(dist, b)).size - statSync(path.join(dist, a)).size);
  return `/assets/${js[0]}`;
}

async function timedWhile(base, token, asset, work) {
  const api = [];
  const file = [];
  const failures = [];
  let done = false;
  const loop = async (p, into, auth) => {
    while (!done) {
      const r = await call(base, 'GET', p, { token: auth });
      into.push(r.ms);
      if (r.status !== 200) failures.push(`${p}: ${r.status}`);
    }
  };
  const loops = [loop('/api/echeqs?limit=10', api, token), loop(asset, file)];
  const started = performance.now();
  const results = await work();
  const seconds = (performance.now() - started) / 1000;
  done = true;
  await Promise.all(loops);
  const statuses = {};
  for (const r of results) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  return {
    seconds: Number(seconds.toFixed(1)),
    answers: statuses,
    api: summary(api),
    staticFile: summary(file),
    failures: (api.failed ?? 0) + (file.failed ?? 0),
  };
}

let dropDb = async () => {};
let env;
let dataDir;
if (opt.postgres) {
  const name = `echeq_flood_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: opt['database-url'] });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(opt['database-url']);
  url.pathname = `/${name}`;
  env = { DATABASE_URL: url.toString() };
  dropDb = async () => {
    const a = new pg.Client({ connectionString: opt['database-url'] });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  };
} else {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'echeq-flood-'));
  env = { DATA_DIR: dataDir };
}

const logFile = path.join(os.tmpdir(), `echeq-flood-${engine}.log`);
const server = await startServer({ env: { ...env, SEED_DEMO: 'true', BENCH_REFERENCE: '0' }, logFile, main });
const result = {
  engine,
  server: path.relative(ROOT, main),
  label: opt.label ?? null,
  cpus: os.cpus().length,
  cpu: os.cpus()[0]?.model,
  phases: {},
};
try {
  const base = server.base;
  const asset = staticAsset(main);
  const login = await call(base, 'POST', '/api/auth/login', {
    body: { email: 'emisor@empresa.example', password: 'Demo1234!' },
    ip: '10.0.0.2',
  });
  const token = login.body.token;
  if (!token) throw new Error(`sign-in failed: ${JSON.stringify(login.body)}`);
  const root = (
    await call(base, 'POST', '/api/auth/login', {
      body: { email: 'superadmin@plataforma.example', password: 'Demo1234!' },
      ip: '10.0.0.3',
    })
  ).body.token;
  // Warm up: the first requests of a process are slower.
  for (let i = 0; i < 20; i++) await call(base, 'GET', '/api/echeqs?limit=10', { token });

  let n = Date.now() % 1_000_000;
  const register = (ip) => {
    n += 2;
    return call(base, 'POST', '/api/auth/register', {
      ip,
      body: {
        email: `flood-${n}@flood.example`,
        password: `Tintero-${n}-Violeta-Pradera`,
        company_name: `Flood ${n} S.A.`,
        cuit: cuit(n),
      },
    });
  };

  log(`server ${result.server} (${engine}) at ${base}; static file ${asset}`);
  result.phases.baseline = await timedWhile(base, token, asset, async () => {
    await new Promise((r) => setTimeout(r, 5000));
    return [];
  });
  log(`baseline: ${JSON.stringify(result.phases.baseline)}`);
  result.phases.registrationsOneAddress = await timedWhile(base, token, asset, () =>
    Promise.all(Array.from({ length: 200 }, () => register('10.90.0.1'))),
  );
  log(`200 registrations, one address: ${JSON.stringify(result.phases.registrationsOneAddress)}`);
  // Every registration reaches the hash queue: the platform's hourly total is raised first (where it exists).
  await call(base, 'PUT', '/api/settings', { token: root, body: { platform: { registration_max_per_hour: 100000 } } });
  result.phases.registrations200Addresses = await timedWhile(base, token, asset, () =>
    Promise.all(Array.from({ length: 200 }, (_, i) => register(`10.91.${i >> 8}.${i & 255}`))),
  );
  log(`200 registrations, 200 addresses: ${JSON.stringify(result.phases.registrations200Addresses)}`);

  const guess = (email, ip) =>
    call(base, 'POST', '/api/auth/login', { ip, body: { email, password: 'Adivinanza-123' } });
  result.phases.guessesOneAddress = await timedWhile(base, token, asset, () =>
    Promise.all(Array.from({ length: 200 }, () => guess('operador@banco.example', '10.93.0.1'))),
  );
  log(`200 guesses, one address: ${JSON.stringify(result.phases.guessesOneAddress)}`);
  result.phases.guesses200Addresses = await timedWhile(base, token, asset, () =>
    Promise.all(Array.from({ length: 200 }, (_, i) => guess('auditor@banco.example', `10.94.${i >> 8}.${i & 255}`))),
  );
  log(`200 guesses, 200 addresses: ${JSON.stringify(result.phases.guesses200Addresses)}`);
  result.memoryMaxMb = Math.round(server.memory().maxMb);
} finally {
  await server.stop();
  await dropDb();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
const out = opt.out ?? path.join(ROOT, `bench/results/latest-flood-${engine}.json`);
writeFileSync(out, `${JSON.stringify({ ...result, at: new Date().toISOString() }, null, 2)}\n`);
log(`written ${path.relative(ROOT, out)}`);
