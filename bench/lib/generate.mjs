// Generates the benchmark's book into a fresh database: the app's migrations first (its own code, bundled), then
// the bulk load of lib/book.mjs, then indexes, constraints, the reports' and the lifecycle's counters and statistics.
import pg from 'pg';
import {
  BENCH_PASSWORD,
  backfillLifecycleCounters,
  backfillReports,
  checkBook,
  chequesSql,
  custodySql,
  discountedSql,
  discountsSql,
  helperSchemaSql,
  referenceDataStatements,
  restoreAfterLoad,
  setAsideForLoad,
  sizes,
} from './book.mjs';
import { adherentsSql, bankCodesSql, registryCopiesSql } from './book-registry.mjs';
import { buildAppDb } from './build.mjs';

const secs = (t) => `${((Date.now() - t) / 1000).toFixed(1)} s`;

/** Creates the database named in `url` on its server (dropping a previous one of that name). */
export async function createDatabase(url) {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Nombre de base inválido: ${name}`);
  u.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: u.toString() });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
}

export async function dropDatabase(url) {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1));
  u.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: u.toString() });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

/**
 * engine 'pg': `url` of an empty database; engine 'pglite': `dataDir` (the server's DATA_DIR; the database goes in
 * DATA_DIR/pglite). Returns timings and row counts.
 */
export async function generate({ engine, url, dataDir, scale, log = console.log }) {
  const started = Date.now();
  const appDb = await buildAppDb();
  const size = sizes(scale);
  const timings = {};

  let run;
  let exec;
  let close;
  if (engine === 'pg') {
    const migrated = await appDb.openPg(url, { max: 1 });
    await appDb.migrate(migrated, appDb.MIGRATIONS);
    await migrated.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`set synchronous_commit = off`);
    await client.query(`set maintenance_work_mem = '512MB'`);
    await client.query(`set work_mem = '256MB'`);
    run = (sql, params) => client.query(sql, params);
    exec = (sql) => client.query(sql);
    close = () => client.end();
  } else {
    const { mkdirSync } = await import('node:fs');
    const path = await import('node:path');
    mkdirSync(dataDir, { recursive: true });
    const db = await appDb.openPglite(path.join(dataDir, 'pglite'));
    await appDb.migrate(db, appDb.MIGRATIONS);
    await db.exec(`set maintenance_work_mem = '256MB'; set work_mem = '64MB'`);
    run = (sql, params) => db.query(sql, params);
    exec = (sql) => db.exec(sql);
    close = () => db.close();
  }
  timings.migrate = Date.now() - started;
  log(`migraciones aplicadas (${secs(started)})`);

  try {
    let t = Date.now();
    await exec(helperSchemaSql());
    const hash = await appDb.hashPassword(BENCH_PASSWORD);
    for (const [sql, params] of referenceDataStatements(size, hash)) await run(sql, params);
    timings.reference = Date.now() - t;
    log(`bancos, empresas, usuarios y emisores (${secs(t)})`);

    t = Date.now();
    const aside = await setAsideForLoad(run);
    const batch = engine === 'pg' ? 250_000 : 25_000;
    const sql = chequesSql(size);
    for (let lo = 1; lo <= size.cheques; lo += batch) {
      const hi = Math.min(size.cheques, lo + batch - 1);
      await run(sql, [lo, hi]);
      log(`  cheques ${hi.toLocaleString('es-AR')} / ${size.cheques.toLocaleString('es-AR')} (${secs(t)})`);
    }
    timings.cheques = Date.now() - t;

    t = Date.now();
    await run(bankCodesSql());
    await run(adherentsSql());
    const registry = await run(registryCopiesSql());
    timings.registry = Date.now() - t;
    log(
      `cheques del registro: ${Number(registry.rowCount ?? registry.affectedRows ?? 0).toLocaleString('es-AR')} (${secs(t)})`,
    );

    t = Date.now();
    await run(custodySql());
    const custodyCount = Number((await run('select count(*)::int as n from custody')).rows[0].n);
    timings.custody = Date.now() - t;
    log(`custodia: ${custodyCount.toLocaleString('es-AR')} (${secs(t)})`);

    t = Date.now();
    await run(discountsSql(), [Math.min(1, size.discounts / Math.max(1, custodyCount))]);
    await run(discountedSql());
    timings.discounts = Date.now() - t;
    log(`descuentos (${secs(t)})`);

    t = Date.now();
    await restoreAfterLoad(run, aside, log);
    timings.constraints = Date.now() - t;
    log(`índices y claves foráneas restaurados (${secs(t)})`);

    t = Date.now();
    const counters = await backfillReports(run, log);
    timings.reports = Date.now() - t;
    log(`contadores de reportes (${counters.join(', ') || 'ninguno'}) (${secs(t)})`);

    t = Date.now();
    const lifecycle = await backfillLifecycleCounters(run, log);
    timings.lifecycleCounters = Date.now() - t;
    log(`contadores de bandejas y cola de cobro (${lifecycle.join(', ') || 'ninguno'}) (${secs(t)})`);

    const problems = await checkBook(run);
    if (problems.length) throw new Error(`Libro inconsistente: ${problems.join('; ')}`);

    t = Date.now();
    await run('vacuum analyze');
    timings.analyze = Date.now() - t;
    log(`vacuum analyze (${secs(t)})`);

    // The book written out before it is measured: a bank's database is not in the middle of a bulk load, and a fresh
    // book's first scenarios would otherwise run while PostgreSQL flushes gigabytes of it (its checkpoints and the
    // system's write-back), measuring the load rather than the server.
    // CHECKPOINT needs a superuser or pg_checkpoint's role: without it, the run says so and goes on.
    t = Date.now();
    try {
      await run('checkpoint');
      timings.checkpoint = Date.now() - t;
      log(`checkpoint (${secs(t)})`);
    } catch (err) {
      log(`checkpoint omitido: ${err.message}`);
    }

    const counts = (
      await run(
        `select (select count(*) from tenants)::int as tenants, (select count(*) from companies)::int as companies,
                (select count(*) from users)::int as users, (select count(*) from echeqs)::int as echeqs,
                (select count(*) from custody)::int as custody, (select count(*) from discounts)::int as discounts`,
      )
    ).rows[0];
    const byStatus = (await run(`select status, count(*)::int as n from discounts group by 1 order by 1`)).rows;
    timings.total = Date.now() - started;
    const disk = await diskOf(run);
    log(`libro generado en ${secs(started)}: ${JSON.stringify(counts)}`);
    log(`disco: ${disk.databaseMb} MB (${disk.tables.map((t) => `${t.name} ${t.totalMb} MB`).join(', ')})`);
    const generation = { size, counts, discountsByStatus: byStatus, timings, disk, at: new Date().toISOString() };
    // Kept with the book, so a later run on the same database (--reuse) still reports how it was made.
    await run(`insert into bench.meta (key, value) values ('generation', $1::jsonb)`, [JSON.stringify(generation)]);
    return generation;
  } finally {
    await close();
  }
}

/**
 * The disk the book takes after generation and `vacuum analyze`: the whole database and its five largest tables
 * (each with its indexes and TOAST), in MB.
 */
async function diskOf(run) {
  const mb = (bytes) => Math.round(Number(bytes) / 1048576);
  const total = (await run('select pg_database_size(current_database()) as bytes')).rows[0].bytes;
  const tables = (
    await run(
      `select c.relname as name, pg_total_relation_size(c.oid) as total, pg_indexes_size(c.oid) as indexes
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'r' and n.nspname = 'public'
        order by pg_total_relation_size(c.oid) desc limit 5`,
    )
  ).rows.map((t) => ({ name: t.name, totalMb: mb(t.total), indexesMb: mb(t.indexes) }));
  return { databaseMb: mb(total), tables };
}
