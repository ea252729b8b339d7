// Around the bulk load of the benchmark book: the big tables' secondary indexes, foreign keys and user triggers set
// aside and restored, the reports' and the lifecycle's counters backfilled with their migrations' own statements, and
// the checks that restoring the constraints cannot make. See book.mjs.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TODAY } from './book-sql.mjs';

const BIG_TABLES = ['echeqs', 'custody', 'discounts'];
const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../apps/server/src/db/migrations');
const REPORTS_MIGRATION = path.join(MIGRATIONS_DIR, '0006_reports.sql');
const LIFECYCLE_COUNTERS_MIGRATION = path.join(MIGRATIONS_DIR, '0028_lifecycle_counters.sql');

/**
 * The statements of a migration that fill its counters from existing rows (its backfill): its top-level
 * `insert into <table>` statements whose table matches `tables`.
 */
function backfillStatements(file, tables) {
  let sql = '';
  try {
    sql = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  // Top-level statements only: comments and function bodies ($$ … $$) removed first.
  const noComments = sql.replace(/--[^\n]*/g, '').replace(/\$(\w*)\$[\s\S]*?\$\1\$/g, "''");
  const statements = [...noComments.matchAll(/insert\s+into\s+(\w+)[\s\S]*?;/gi)]
    .filter((m) => tables.test(m[1]))
    .map((m) => ({ table: m[1], sql: m[0].replace(/;\s*$/, '') }));
  return statements;
}

/** Secondary indexes, foreign keys and user triggers of the big tables: set aside before the load. */
export async function setAsideForLoad(run) {
  const idx = await run(
    `select i.tablename as table, i.indexname as name, i.indexdef as def
     from pg_indexes i
     where i.schemaname = 'public' and i.tablename = any($1::text[])
       and not exists (select 1 from pg_constraint c where c.conindid = to_regclass('public.' || quote_ident(i.indexname)))`,
    [BIG_TABLES],
  );
  const fks = await run(
    `select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as def
     from pg_constraint where contype = 'f' and conrelid = any($1::regclass[])`,
    [BIG_TABLES],
  );
  for (const f of fks.rows) await run(`alter table ${f.table} drop constraint ${f.name}`);
  for (const i of idx.rows) await run(`drop index ${i.name}`);
  for (const t of BIG_TABLES) await run(`alter table ${t} disable trigger user`);
  return { indexes: idx.rows, foreignKeys: fks.rows };
}

export async function restoreAfterLoad(run, aside, log = () => {}) {
  for (const i of aside.indexes) {
    const t = Date.now();
    await run(i.def);
    log(`  index ${i.name} ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
  for (const f of aside.foreignKeys) {
    const t = Date.now();
    await run(`alter table ${f.table} add constraint ${f.name} ${f.def}`);
    log(`  foreign key ${f.name} ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
  for (const t of BIG_TABLES) await run(`alter table ${t} enable trigger user`);
}

/** Empties the counters and fills them with the migration's own backfill statements. */
export async function backfillReports(run, log = () => {}) {
  const statements = backfillStatements(REPORTS_MIGRATION, /^report_/);
  const tables = [...new Set(statements.map((s) => s.table))];
  // The bank-wide counters follow the per-company ones (triggers): emptied after them.
  for (const t of [...tables, 'report_custody_bank', 'report_discount_bank']) await run(`delete from ${t}`);
  for (const s of statements) {
    const t = Date.now();
    await run(s.sql);
    log(`  backfill ${s.table} ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
  return tables;
}

/**
 * The lifecycle's counters (trays, the paying bank's queue) emptied and filled with their migration's own backfill
 * statements: the load inserts the registry copies with the triggers set aside.
 */
export async function backfillLifecycleCounters(run, log = () => {}) {
  const statements = backfillStatements(LIFECYCLE_COUNTERS_MIGRATION, /^lifecycle_\w+_counters$/);
  const tables = [...new Set(statements.map((s) => s.table))];
  for (const t of tables) await run(`delete from ${t}`);
  for (const s of statements) {
    const t = Date.now();
    await run(s.sql);
    log(`  backfill ${s.table} ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
  return tables;
}

/**
 * Checks that restoring the constraints cannot show: states consistent with each other. Returns problems found.
 */
export async function checkBook(run) {
  const checks = [
    [
      'custody IN_CUSTODY with presentation deadline passed',
      `select count(*)::int as n from custody where status = 'IN_CUSTODY' and presentation_deadline < ${TODAY}`,
    ],
    [
      'open discount whose custody is not IN_CUSTODY',
      `select count(*)::int as n from discounts d join custody c on c.id = d.custody_id
       where d.status in ('PENDING', 'APPROVED') and c.status <> 'IN_CUSTODY'`,
    ],
    [
      'discount of another company than its custody',
      `select count(*)::int as n from discounts d join custody c on c.id = d.custody_id
       where d.company_id <> c.company_id or d.tenant_id <> c.tenant_id or d.echeq_id <> c.echeq_id`,
    ],
    [
      'CUIT with a wrong check digit',
      `select count(*)::int as n from (
         select cuit from tenants union all select cuit from companies
         union all select cuit from bench.parties) c
       where bench.cuit_check(substr(c.cuit, 1, 10)) <> substr(c.cuit, 11, 1)::int`,
    ],
    [
      "cheque whose custody status is not its latest custody record's",
      `select count(*)::int as n from echeqs e
       left join lateral (select cu.status from custody cu where cu.echeq_id = e.id
                          order by cu.custody_date desc, cu.id desc limit 1) l on true
       where e.custody_status is distinct from l.status`,
    ],
    [
      'discount on a cheque not validated, or approved without marking its cheque, or with its custody released',
      `select count(*)::int as n from discounts d join echeqs e on e.id = d.echeq_id join custody c on c.id = d.custody_id
       where (d.status in ('PENDING', 'APPROVED', 'COMPLETED') and e.validation_status <> 'VALIDATED')
          or (d.status in ('APPROVED', 'COMPLETED') and (e.discounted_at is null or c.status = 'RELEASED'))`,
    ],
    [
      'cheque of a company of another bank',
      `select count(*)::int as n from echeqs e join companies c on c.id = e.company_id where c.tenant_id <> e.tenant_id`,
    ],
  ];
  const problems = [];
  for (const [label, sql] of checks) {
    const n = (await run(sql)).rows[0].n;
    if (n > 0) problems.push(`${label}: ${n}`);
  }
  return problems;
}
