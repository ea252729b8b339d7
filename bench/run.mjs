#!/usr/bin/env node
// `npm run bench [-- options]`: generates a realistic book in a fresh database, starts the built server in
// production mode against it, loads every read scenario and its bare reference (same SQL, same process) with
// autocannon, runs the write mix and checks that nothing was lost or duplicated, and writes the results.
// `--embedded` does the same on the embedded database (PGlite) at 100,000 cheques. See README § Performance.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildAppDb } from './lib/build.mjs';
import { explainAll } from './lib/explain.mjs';
import { createDatabase, dropDatabase, generate } from './lib/generate.mjs';
import { runLifecycle } from './lib/lifecycle-mix.mjs';
import { measurePair } from './lib/load.mjs';
import { lookups } from './lib/lookups.mjs';
import { probe, signIn } from './lib/probe.mjs';
import { evaluate, printTable } from './lib/report.mjs';
import { runOptions } from './lib/run-options.mjs';
import { SERVER_MAIN, startServer } from './lib/server.mjs';
import { compareWorkers, printWorkers } from './lib/workers.mjs';
import { runWrites, verifyWrites } from './lib/writes.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const RESULTS = path.join(ROOT, 'bench/results');
const TMP = path.join(RESULTS, 'tmp');

const { opt, engine, scale, duration, warmup, connections, only, workers, actorNames, dbName, dbUrl } = runOptions();
// The same keys for every server started: a token signed in on one holds on another (--workers).
const SECRETS = { JWT_SECRET: randomBytes(32).toString('hex'), SECRETS_KEY: randomBytes(32).toString('hex') };
mkdirSync(TMP, { recursive: true });

const log = (...a) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...a);

// ---------------------------------------------------------------------------------------------------------------
// Database: created and generated (or reused), and a query function for the runner's own look-ups.

const dataDir = opt['data-dir']
  ? path.resolve(opt['data-dir'])
  : opt.embedded
    ? mkdtempSync(path.join(os.tmpdir(), 'echeq-bench-'))
    : null;

/** Opens the benchmark database for the runner's own queries (not while the embedded server holds it). */
async function openQuery() {
  if (!opt.embedded) {
    const pool = new pg.Pool({ connectionString: dbUrl, max: 2 });
    return { q: (sql, params) => pool.query(sql, params), close: () => pool.end() };
  }
  const appDb = await buildAppDb();
  const db = await appDb.openPglite(path.join(dataDir, 'pglite'));
  return { q: (sql, params) => db.query(sql, params), close: () => db.close() };
}

const LOAD_AT_START = os.loadavg().map((x) => Number(x.toFixed(2)));

function machine(dbVersion) {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? null,
    memoryGB: Number((os.totalmem() / 2 ** 30).toFixed(1)),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    database: dbVersion,
    loadAverageAtStart: LOAD_AT_START,
  };
}

async function main() {
  const started = Date.now();
  if (!opt['skip-build']) {
    log('compilando el servidor (npm run build -w apps/server)');
    execFileSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: ROOT, stdio: 'inherit' });
  }
  readFileSync(SERVER_MAIN); // must exist

  let book = null;
  if (!opt.reuse) {
    if (opt.embedded) {
      log(`generando el libro en la base embebida (${dataDir}), escala ${scale}`);
      book = await generate({ engine: 'pglite', dataDir, scale, log: (m) => log(m) });
    } else {
      log(`creando la base ${dbName} y generando el libro, escala ${scale}`);
      await createDatabase(dbUrl);
      book = await generate({ engine: 'pg', url: dbUrl, scale, log: (m) => log(m) });
    }
  }

  // Look-ups: who signs in, what to search for, which cheques the write mix may discount.
  let db = await openQuery();
  const info = await lookups(db.q);
  const dbVersion = (await db.q('select version() as v')).rows[0].v;
  const meta = (await db.q(`select value from bench.meta where key = 'size'`)).rows[0]?.value;
  const bookScale = meta ? meta.cheques / 1_000_000 : scale;
  if (!book) {
    const generation = (await db.q(`select value from bench.meta where key = 'generation'`)).rows[0]?.value;
    const counts = (
      await db.q(`select (select count(*) from echeqs)::int as echeqs, (select count(*) from custody)::int as custody,
                         (select count(*) from discounts)::int as discounts`)
    ).rows[0];
    book = { reused: true, generation: generation ?? null, counts };
  }
  if (opt.embedded) await db.close();

  const serverEnv = { ...SECRETS, ...(opt.embedded ? { DATA_DIR: dataDir } : { DATABASE_URL: dbUrl }) };
  const server = await startServer({
    env: serverEnv,
    logFile: path.join(TMP, `server-${engine}.log`),
    cpuProfDir: opt['cpu-prof'] ? path.join(TMP, `prof-${engine}`) : null,
  });
  log(`servidor en ${server.base} (pid ${server.pid}), listo en ${(server.startupMs / 1000).toFixed(1)} s`);

  const results = [];
  let writes = null;
  let lifecycle = null;
  let workersReport = null;
  let captured = {};
  try {
    const tokens = await signIn(server.base, info, log);
    const actors = info.actors.filter((a) => actorNames.includes(a.name));
    const plan = await probe(server.base, actors, tokens, only);
    captured = await (await fetch(`${server.base}/__bench/captured`)).json();

    for (const item of plan) {
      const label = `${item.scenario.name} @ ${item.actor.name}`;
      if (item.paths.length === 0) {
        results.push({
          scenario: item.scenario.name,
          kind: item.scenario.kind,
          actor: item.actor.name,
          skipped: item.note,
        });
        log(`${label}: omitido (${item.note})`);
        continue;
      }
      const auth = { authorization: `Bearer ${tokens[item.actor.email]}` };
      const since = Date.now();
      const [endpoint, reference] = await measurePair({
        base: server.base,
        connections,
        duration,
        warmup,
        a: item.paths.map((p) => ({ method: 'GET', path: p, headers: auth })),
        b: item.refs.map((r) => ({ method: 'GET', path: `/__bench/ref/${r}` })),
      });
      const row = {
        scenario: item.scenario.name,
        kind: item.scenario.kind,
        actor: item.actor.name,
        paths: item.paths,
        note: item.note,
        statements: item.refs.map((r) => captured[r]?.length ?? 0),
        endpoint,
        reference,
        ratio: reference.rps > 0 ? endpoint.rps / reference.rps : null,
        rssMaxMb: server.memory(since).maxMb,
      };
      results.push(row);
      log(
        `${label}: ${endpoint.rps.toFixed(0)} req/s p50 ${endpoint.p50} ms p99 ${endpoint.p99} ms · referencia ${reference.rps.toFixed(0)} req/s · ${(row.ratio * 100).toFixed(0)} % · errores ${endpoint.errors + endpoint.non2xx}`,
      );
    }

    if (workers) {
      workersReport = await compareWorkers({
        n: workers,
        one: server,
        env: serverEnv,
        plan,
        tokens,
        connections,
        duration,
        warmup,
        logDir: TMP,
        log,
      });
    }
    if (!opt['skip-writes']) {
      writes = await runWrites({
        server,
        info,
        tokens,
        db,
        connections,
        duration,
        warmup,
        embedded: opt.embedded,
        log,
      });
    }
    // The lifecycle's mix reads the database while the server runs: PostgreSQL only.
    if (!opt['skip-lifecycle'] && !opt.embedded) {
      lifecycle = await runLifecycle({ server, info, tokens, db, connections, duration, warmup, log });
    }
  } finally {
    const exit = await server.stop();
    if (exit?.code && exit.code !== 0) log(`el servidor terminó con código ${exit.code}`);
  }
  const memory = server.memory(0);

  if (opt.embedded) db = await openQuery();
  if (writes?.pendingVerification) {
    writes.verification = await verifyWrites(db.q, writes.pendingVerification);
    delete writes.pendingVerification;
  }
  let explain = null;
  if (!opt['skip-explain']) {
    const file = path.join(RESULTS, `plans-${engine}.txt`);
    explain = await explainAll(db.q, captured, file);
    log(`planes de ejecución en ${path.relative(ROOT, file)}`);
  }
  await db.close();

  const report = {
    engine,
    date: new Date().toISOString(),
    machine: machine(dbVersion),
    scale: bookScale,
    book,
    settings: {
      connections,
      duration,
      warmup,
      actors: info.actors.map(({ name, email, scope }) => ({ name, email, scope })),
    },
    server: { startupMs: server.startupMs, maxRssMb: Number(memory.maxMb.toFixed(1)), rssSamples: memory.samples },
    scenarios: results,
    writeMix: writes,
    lifecycleMix: lifecycle,
    workers: workersReport,
    explain,
    elapsedSeconds: Math.round((Date.now() - started) / 1000),
    loadAverageAtEnd: os.loadavg().map((x) => Number(x.toFixed(2))),
  };
  report.targets = evaluate(report);
  const out = opt.out ? path.resolve(opt.out) : path.join(RESULTS, `latest-${engine}.json`);
  writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  printTable(report);
  printWorkers(report.workers);
  log(`resultados en ${path.relative(ROOT, out)}`);

  if (!opt.keep) {
    if (opt.embedded && !opt['data-dir']) rmSync(dataDir, { recursive: true, force: true });
    else if (!opt.embedded && !opt.reuse) await dropDatabase(dbUrl);
  } else {
    log(opt.embedded ? `datos conservados en ${dataDir}` : `base conservada: ${dbName}`);
  }
}
main().catch((err) => {
  console.error(err);
  process.exit(1);
});
