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
import { parseArgs } from 'node:util';
import pg from 'pg';
import { BANKS, BENCH_PASSWORD } from './lib/book.mjs';
import { buildAppDb } from './lib/build.mjs';
import { explainAll } from './lib/explain.mjs';
import { createDatabase, dropDatabase, generate } from './lib/generate.mjs';
import { measure, measurePair } from './lib/load.mjs';
import { evaluate, printTable } from './lib/report.mjs';
import { READ_SCENARIOS, WRITE_STEPS, writeMix } from './lib/scenarios.mjs';
import { SERVER_MAIN, startServer } from './lib/server.mjs';
import { compareWorkers, printWorkers } from './lib/workers.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const RESULTS = path.join(ROOT, 'bench/results');
const TMP = path.join(RESULTS, 'tmp');

const { values: opt } = parseArgs({
  options: {
    embedded: { type: 'boolean', default: false },
    scale: { type: 'string' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '32' },
    'database-url': { type: 'string' },
    'db-name': { type: 'string' },
    'data-dir': { type: 'string' },
    reuse: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    'skip-build': { type: 'boolean', default: false },
    only: { type: 'string' },
    actors: { type: 'string' },
    'skip-writes': { type: 'boolean', default: false },
    'skip-explain': { type: 'boolean', default: false },
    'cpu-prof': { type: 'boolean', default: false },
    workers: { type: 'string' },
    out: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

if (opt.help) {
  console.log(`npm run bench -- [options]
  --embedded            embedded database (PGlite) instead of PostgreSQL; default scale 0.1 (100,000 cheques)
  --scale N             book size, 1 = 1,000,000 cheques (default 1; --embedded 0.1)
  --duration S          seconds measured per scenario (default 10) after --warmup S (default 2)
  --connections N       concurrent connections (default 32)
  --database-url URL    PostgreSQL server to create the database on (or BENCH_DATABASE_URL;
                        default postgres://postgres@127.0.0.1:5432/postgres)
  --db-name NAME        database to create (must start with echeq_bench; default a new name)
  --data-dir DIR        --embedded: the server's DATA_DIR (default a new temporary folder)
  --reuse               use --db-name / --data-dir as they are (no generation)
  --keep                keep the database (or data folder) afterwards
  --skip-build          use apps/server/dist as it is (default: build the server first)
  --only REGEX          only the read scenarios whose name matches
  --actors LIST         admin-large,admin-small,company (default all three)
  --skip-writes         no write mix
  --skip-explain        no EXPLAIN ANALYZE of the captured statements
  --cpu-prof            write a CPU profile of the server to bench/results/tmp/
  --workers N           PostgreSQL: also run the read scenarios on a second server with WORKERS=N, side by side
                        with the single process (A B B A), and report the throughput ratio N:1
  --out FILE            results file (default bench/results/latest-postgres.json or latest-embedded.json)`);
  process.exit(0);
}

const engine = opt.embedded ? 'embedded' : 'postgres';
const scale = Number(opt.scale ?? (opt.embedded ? 0.1 : 1));
const duration = Number(opt.duration);
const warmup = Number(opt.warmup);
const connections = Number(opt.connections);
if (!(scale > 0) || !(duration > 0) || !(warmup >= 0) || !(connections > 0)) {
  console.error('Opciones inválidas: --scale, --duration, --warmup y --connections deben ser números positivos');
  process.exit(2);
}
const only = opt.only ? new RegExp(opt.only) : null;
const workers = opt.workers === undefined ? null : Number(opt.workers);
if (workers !== null && (!Number.isInteger(workers) || workers < 2 || opt.embedded)) {
  console.error('--workers N: un entero ≥ 2, solo con PostgreSQL (la base embebida admite un solo proceso)');
  process.exit(2);
}
// The same keys for every server started: a token signed in on one holds on another (--workers).
const SECRETS = { JWT_SECRET: randomBytes(32).toString('hex'), SECRETS_KEY: randomBytes(32).toString('hex') };
const actorNames = (opt.actors ?? 'admin-large,admin-small,company').split(',').map((s) => s.trim());
mkdirSync(TMP, { recursive: true });

const log = (...a) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...a);

// ---------------------------------------------------------------------------------------------------------------
// Database: created and generated (or reused), and a query function for the runner's own look-ups.

const serverUrl =
  opt['database-url'] ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = opt['db-name'] ?? `echeq_bench_${Date.now().toString(36)}`;
if (!opt.embedded && !/^echeq_bench\w*$/.test(dbName)) {
  console.error('--db-name debe empezar con echeq_bench (la base se borra y se vuelve a crear)');
  process.exit(2);
}
const dbUrl = (() => {
  const u = new URL(serverUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
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
  let workersReport = null;
  let captured = {};
  try {
    const tokens = await signIn(server.base, info);
    const actors = info.actors.filter((a) => actorNames.includes(a.name));
    const plan = await probe(server.base, actors, tokens);
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
    if (!opt['skip-writes']) writes = await runWrites(server, info, tokens, db);
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

// ---------------------------------------------------------------------------------------------------------------

async function lookups(q) {
  const banks = (
    await q(
      `select b.idx, b.tenant_id, b.codigo, b.admin_email,
              (select count(*) from echeqs e where e.tenant_id = b.tenant_id)::int as cheques
       from bench.banks b order by b.idx`,
    )
  ).rows;
  if (banks.length !== BANKS) throw new Error('La base no tiene el libro del benchmark (esquema bench)');
  const large = banks[0];
  const small = banks[banks.length - 1];
  const company = (
    await q(
      `select c.user_email, c.id, c.tenant_id, c.name,
              (select count(*) from echeqs e where e.company_id = c.id)::int as cheques
       from bench.companies c where c.bank_idx = 1 and c.user_id is not null order by c.local_idx limit 1`,
    )
  ).rows[0];
  // From the generated book (10-digit numbers): a database kept from an earlier run also holds the write mix's
  // cheques (longer numbers, or BW… from runs before numbers were digits only).
  const fragment = async (tenantId, companyId) => {
    const r = await q(
      `select number from echeqs where tenant_id = $1 and ($2::uuid is null or company_id = $2) and deleted_at is null
         and number not like 'BW%' and length(number) = 10
       order by created_at desc limit 1 offset 10`,
      [tenantId, companyId],
    );
    return r.rows[0].number.slice(2, 8);
  };
  const actors = [
    {
      name: 'admin-large',
      email: large.admin_email,
      scope: `BANK_ADMIN de ${large.codigo} (${large.cheques} cheques)`,
      fragment: await fragment(large.tenant_id, null),
    },
    {
      name: 'admin-small',
      email: small.admin_email,
      scope: `BANK_ADMIN de ${small.codigo} (${small.cheques} cheques)`,
      fragment: await fragment(small.tenant_id, null),
    },
    {
      name: 'company',
      email: company.user_email,
      scope: `COMPANY_USER de ${company.name}, ${large.codigo} (${company.cheques} cheques)`,
      fragment: await fragment(company.tenant_id, company.id),
    },
  ];

  // The write mix: cheques in custody that may be discounted, of companies that have a user.
  const candidates = async (bankIdx, limit) =>
    (
      await q(
        `select e.id as echeq_id, e.amount, co.user_email, co.name, co.cuit
         from custody c
         join echeqs e on e.id = c.echeq_id
         join bench.companies co on co.id = c.company_id
         join bench.banks b on b.tenant_id = c.tenant_id
         where b.idx = $1 and c.status = 'IN_CUSTODY' and e.status = 'ACTIVE' and e.deleted_at is null
           and e.validation_status = 'VALIDATED' and e.discounted_at is null and co.user_id is not null
           and co.local_idx < 20
           and e.due_date > (now() at time zone 'America/Argentina/Buenos_Aires')::date + 2
           and not exists (select 1 from discounts d where d.echeq_id = e.id
                           and d.status in ('PENDING', 'APPROVED', 'COMPLETED'))
         order by random() limit $2`,
        [bankIdx, limit],
      )
    ).rows;
  const largePool = await candidates(1, 20_000);
  let smallBank = small;
  let smallPool = [];
  for (let i = banks.length - 1; i >= 1; i--) {
    smallPool = await candidates(banks[i].idx, 20_000);
    smallBank = banks[i];
    if (smallPool.length >= 100) break;
  }
  const companiesOf = async (bankIdx) =>
    (
      await q(
        `select user_email, name, cuit from bench.companies
         where bank_idx = $1 and user_id is not null order by local_idx limit 5`,
        [bankIdx],
      )
    ).rows;
  return {
    banks,
    actors,
    write: {
      large: { bank: large, pool: largePool, companies: await companiesOf(large.idx) },
      small: { bank: smallBank, pool: smallPool, companies: await companiesOf(smallBank.idx) },
    },
  };
}

async function login(base, email) {
  const r = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  const body = await r.json().catch(() => ({}));
  if (!body.token) throw new Error(`No se pudo iniciar sesión como ${email}: ${r.status} ${JSON.stringify(body)}`);
  return body.token;
}

async function signIn(base, info) {
  const emails = new Set(info.actors.map((a) => a.email));
  for (const side of ['large', 'small']) {
    const w = info.write[side];
    emails.add(w.bank.admin_email);
    for (const c of w.companies) emails.add(c.user_email);
    for (const c of w.pool) emails.add(c.user_email);
  }
  const tokens = {};
  for (const email of emails) tokens[email] = await login(base, email);
  log(`${emails.size} sesiones iniciadas`);
  return tokens;
}

/**
 * Calls every scenario's endpoints once as each actor with the capture header (the server records their SQL for
 * the reference), drops the calls the actor may not make (403: the screen does not make them either) and checks
 * that every reference answers.
 */
/**
 * The cursor of the page DEEP_ROWS rows deep, reached as a user reaches it: page after page, each request carrying
 * the previous answer's nextCursor (keyset paging). Null when the list is shorter.
 */
const DEEP_ROWS = 10_000;
async function deepCursor(base, token) {
  let cursor = null;
  for (let page = 1; page <= DEEP_ROWS / 100; page++) {
    const q = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const r = await fetch(`${base}/api/echeqs?page=${page}&limit=100${q}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!r.ok) throw new Error(`/api/echeqs respondió ${r.status} al recorrer las páginas`);
    cursor = (await r.json()).data.nextCursor ?? null;
    if (!cursor) return null;
  }
  return cursor;
}

async function probe(base, actors, tokens) {
  const plan = [];
  for (const actor of actors) {
    if (!only || READ_SCENARIOS.some((s) => s.kind === 'deep' && only.test(s.name))) {
      actor.deepCursor = await deepCursor(base, tokens[actor.email]);
    }
    for (const scenario of READ_SCENARIOS) {
      if (only && !only.test(scenario.name)) continue;
      const paths = [];
      const refs = [];
      const notes = [];
      for (const p of scenario.paths(actor)) {
        const name = `${actor.name}.${scenario.name}.${refs.length}`;
        // Asked once first: what the endpoint runs in steady state (warm caches, e.g. a list's estimated total) is
        // what the reference replays.
        await (
          await fetch(`${base}${p}`, { headers: { authorization: `Bearer ${tokens[actor.email]}` } })
        ).arrayBuffer();
        const r = await fetch(`${base}${p}`, {
          headers: { authorization: `Bearer ${tokens[actor.email]}`, 'x-bench-capture': name },
        });
        const text = await r.text();
        if (r.status === 403) {
          notes.push(`${p}: 403 para este rol`);
          continue;
        }
        if (!r.ok) notes.push(`${p}: ${r.status} ${text.slice(0, 200)}`);
        const ref = await fetch(`${base}/__bench/ref/${name}`);
        if (!ref.ok) throw new Error(`La referencia ${name} respondió ${ref.status}`);
        await ref.arrayBuffer();
        paths.push(p);
        refs.push(name);
      }
      if (paths.length === 0 && notes.length === 0) notes.push('no aplica: la lista de este actor es más corta');
      plan.push({ actor, scenario, paths, refs, note: notes.join('; ') || undefined });
    }
  }
  return plan;
}

async function runWrites(server, info, tokens, db) {
  // Cheque numbers are digits: a run's numbers start with 9, its time in ms and 1 (warm-up) or 2 (measured); the
  // book's numbers have 10 digits and the demo's 8, so none of them starts with a run's 15-digit tag.
  const runId = String(Date.now());
  const withTokens = (side) => {
    const w = info.write[side];
    const company = (c) => ({ token: tokens[c.user_email], name: c.name, cuit: c.cuit.trim() });
    return {
      pool: w.pool.map((c) => ({ echeq_id: c.echeq_id, amount: c.amount, company: company(c) })),
      companies: w.companies.map(company),
      admin: tokens[w.bank.admin_email],
    };
  };
  const large = withTokens('large');
  const small = withTokens('small');
  const mix = (tag) =>
    writeMix({
      pools: { large: large.pool, small: small.pool },
      companies: { large: large.companies, small: small.companies },
      adminTokens: { large: large.admin, small: small.admin },
      tag,
    });

  // Warm-up (its records are told apart by their tag), then a measured run of a fixed number of requests, so every
  // request sent has its answer counted (none left in flight when the run ends).
  const warm = mix(`9${runId}1`);
  const w = await measure({
    base: server.base,
    connections,
    duration: Math.max(warmup, 2),
    warmup: 0,
    requests: warm.requests,
  });
  await new Promise((r) => setTimeout(r, 2000));
  // The measured run's first `warmup` seconds warm its connections (their answers are verified, not timed).
  const cyclesPerConnection = Math.max(2, Math.round((w.rps * (duration + warmup)) / WRITE_STEPS.length / connections));
  const amount = cyclesPerConnection * WRITE_STEPS.length * connections;
  const tag = `9${runId}2`;
  const measured = mix(tag);
  const since = new Date();
  const sinceMs = Date.now();
  log(`mezcla de escritura: ${amount} solicitudes (${cyclesPerConnection} ciclos por conexión)`);
  const result = await measure({
    base: server.base,
    connections,
    duration,
    warmup,
    amount,
    requests: measured.requests,
  });
  const rssMaxMb = server.memory(sinceMs).maxMb;
  log(
    `mezcla de escritura: ${result.rps.toFixed(0)} req/s p50 ${result.p50} ms p99 ${result.p99} ms · errores ${result.errors + result.non2xx} · ${JSON.stringify(measured.stats)}`,
  );
  const out = {
    scenario: 'write-mix',
    banks: { large: info.write.large.bank.codigo, small: info.write.small.bank.codigo },
    candidates: { large: info.write.large.pool.length, small: info.write.small.pool.length },
    tag,
    since: since.toISOString(),
    endpoint: result,
    steps: measured.stats,
    rssMaxMb,
    pendingVerification: { tag, since, stats: measured.stats },
  };
  if (!opt.embedded) {
    // Give the outbox job a moment; the records themselves were committed before each answer.
    out.verification = await verifyWrites(db.q, out.pendingVerification);
    delete out.pendingVerification;
  }
  return out;
}

/** Database against answers: every 2xx is one record, no record without its 2xx, nothing open twice. */
async function verifyWrites(q, { tag, since, stats }) {
  const r = (
    await q(
      `select
        (select count(*) from echeqs where number like $1 || '%')::int as echeqs,
        (select count(*) from custody c join echeqs e on e.id = c.echeq_id where e.number like $1 || '%')::int as custody,
        (select count(*) from discounts where notes = $1)::int as discounts_requested,
        (select count(*) from discounts where notes = $1 and status = 'APPROVED' and approved_at is not null)::int
          as discounts_approved,
        (select count(*) from (select echeq_id from discounts where status in ('PENDING', 'APPROVED')
                               group by echeq_id having count(*) > 1) x)::int as cheques_with_two_open_discounts,
        (select count(*) from (select echeq_id from custody where status = 'IN_CUSTODY'
                               group by echeq_id having count(*) > 1) x)::int as cheques_twice_in_custody,
        (select count(*) from (select tenant_id, number from echeqs where deleted_at is null
                               group by tenant_id, number having count(*) > 1) x)::int as duplicated_numbers`,
      [tag],
    )
  ).rows[0];
  const audit = (
    await q(`select action, count(*)::int as n from audit_log where at >= $1 group by action order by action`, [since])
  ).rows;
  const counters = await countersConsistent(q);
  const validations = audit.find((a) => a.action === 'echeq.validate')?.n ?? 0;
  const checks = [
    ['cheques created = deposits answered 2xx', r.echeqs, stats.deposit.ok],
    ['custody records created = deposits answered 2xx', r.custody, stats.deposit.ok],
    ['validations recorded = validations answered 2xx', validations, stats.validate.ok],
    ['discounts requested = requests answered 2xx', r.discounts_requested, stats.request.ok],
    ['discounts approved = approvals answered 2xx', r.discounts_approved, stats.approve.ok],
    ['cheques with two open discounts', r.cheques_with_two_open_discounts, 0],
    ['cheques twice in custody', r.cheques_twice_in_custody, 0],
    ['duplicated cheque numbers in a bank', r.duplicated_numbers, 0],
    ['requests sent without an answer', Object.values(stats).reduce((s, x) => s + x.sent - x.received, 0), 0],
    ...counters.map((c) => [`report counters = rows (${c.table}, ${c.status})`, Number(c.counted), Number(c.actual)]),
  ].map(([check, found, expected]) => ({ check, found, expected, pass: found === expected }));
  return { pass: checks.every((c) => c.pass), checks, audit };
}

async function countersConsistent(q) {
  const has = (
    await q(`select to_regclass('report_custody_counters') is not null as c,
                               to_regclass('report_discount_counters') is not null as d`)
  ).rows[0];
  const out = [];
  const compare = async (table, base) => {
    const rows = (
      await q(
        `select coalesce(a.status, b.status) as status, coalesce(a.n, 0)::text as actual, coalesce(b.n, 0)::text as counted
         from (select status, count(*) as n from ${base} group by status) a
         full join (select status, sum(count) as n from ${table} group by status) b on b.status = a.status
         order by 1`,
      )
    ).rows;
    for (const row of rows) out.push({ table, ...row });
  };
  if (has.c) await compare('report_custody_counters', 'custody');
  if (has.d) await compare('report_discount_counters', 'discounts');
  return out;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
