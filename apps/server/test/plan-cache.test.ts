import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCustodyPage } from '../src/modules/custody/custody.list';
import { listDiscounts } from '../src/modules/discounts/discounts.list';
import { ECHEQ_GROUP_COLUMNS, listEcheqPage, listOrderedEcheqPage } from '../src/modules/echeqs/echeqs.list';
import type { Scope } from '../src/platform/auth/actor';
import type { Db, Queryable } from '../src/platform/db/db';
import { groupOrderOf } from '../src/platform/db/grouped-sort';
import { pageLimit } from '../src/platform/db/page-limit';
import { openPg, withValues } from '../src/platform/db/pg';
import { freshDb, TEST_ENGINE } from './helpers';

describe('statements sent with their values written in', () => {
  it('quote every value as the text a parameter would carry, and leave quoted literals alone', () => {
    expect(withValues(`select '$1', $1, $2, $10`, ['a', null, 1, 2, 3, 4, 5, 6, 7, 8])).toBe(
      `select '$1', 'a', null, '8'`,
    );
    expect(withValues('select $1', ["it's"])).toBe(`select 'it''s'`);
    expect(withValues('select $1', ['a\\%'])).toBe(`select E'a\\\\%'`);
    expect(withValues('select $1', [new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6))])).toBe(
      `select '2026-01-02T03:04:05.006Z'`,
    );
    expect(withValues('select $1', [['a', 'b"c', null]])).toBe(`select E'{"a","b\\\\"c",NULL}'`);
    expect(() => withValues('select $2', ['a'])).toThrow();
  });
});

describe('page limits', () => {
  it('are written as checked integers', () => {
    expect(pageLimit(50)).toBe('limit 50');
    for (const bad of [0, -1, 1.5, Number.NaN, 1_001]) expect(() => pageLimit(bad)).toThrow();
  });
});

// A list page is a prepared statement planned once (a generic plan), not again on every request: on PostgreSQL its
// connection's prepared statements say how they were planned.
describe.runIf(TEST_ENGINE === 'pg')('list pages reuse their plan (PostgreSQL)', () => {
  let fresh: Awaited<ReturnType<typeof freshDb>>;
  let one: Db;
  let scope: Scope;
  beforeAll(async () => {
    fresh = await freshDb();
    // One connection: every statement below is prepared on it, and pg_prepared_statements shows them.
    one = await openPg(fresh.url!, { max: 1 });
    const t = await one.query<{ id: string }>(`select id from tenants where codigo = 'BDEMO'`);
    scope = { kind: 'tenant', tenantId: t.rows[0]!.id };
    // A book large enough for the planner to tell a page from the whole list (on a few rows every plan is cheap).
    await one.query(
      `insert into echeqs (tenant_id, company_id, number, amount, currency, issue_date, due_date, issuer, beneficiary,
         status, created_at, updated_at)
       select co.tenant_id, co.id, 'PLAN' || i, 1000 + i, 'ARS', current_date, current_date + 30, 'Emisor ' || i,
         co.name, (array['ACTIVE', 'PAID', 'CANCELLED', 'EXPIRED'])[1 + i % 4], now() - i * interval '1 minute', now() - i * interval '1 minute'
       from (select id, tenant_id, name from companies where tenant_id = $1 limit 1) co, generate_series(1, 20000) i`,
      [scope.tenantId],
    );
    await one.query(
      `insert into custody (tenant_id, company_id, echeq_id, presentation_deadline, custody_date)
       select tenant_id, company_id, id, due_date + 30, created_at from echeqs where number like 'PLAN%'`,
    );
    await one.exec('analyze');
  });
  afterAll(async () => {
    await one?.close();
    await fresh?.drop();
  });

  it('values written into a statement reach the database exactly', async () => {
    const tricky = ["it's", 'back\\slash', '"quoted"', '50%_', 'Ñandú', '', " '; select 1; -- "];
    for (const v of tricky) {
      const r = await one.query<{ a: string; b: string[] }>(
        withValues('select $1::text as a, $2::text[] as b', [v, [v, v]]),
      );
      expect(r.rows[0]).toEqual({ a: v, b: [v, v] });
    }
  });

  it('cheques, custody and discounts, page after page', async () => {
    for (let i = 0; i < 8; i++) {
      await listEcheqPage(one, scope, { limit: 20, offset: 0 });
      await listEcheqPage(one, scope, { limit: 20, offset: 0, status: 'ACTIVE' });
      await listCustodyPage(one, scope, { limit: 20, offset: 0 });
      await listDiscounts(one, scope, { page: 1, limit: 20 });
    }
    const r = await one.query<{ statement: string; generic_plans: string; custom_plans: string }>(
      `select statement, generic_plans::text, custom_plans::text from pg_prepared_statements
       where statement like '%string_agg(p.doc%'`,
    );
    expect(r.rows).toHaveLength(4);
    for (const s of r.rows) {
      expect(Number(s.generic_plans), s.statement.slice(-200)).toBeGreaterThan(0);
      expect(Number(s.custom_plans), s.statement.slice(-200)).toBeLessThanOrEqual(5);
    }
  });

  it('a status sort: one statement and one plan for any order of the statuses, each read on its index', async () => {
    const sent: { sql: string; params: readonly unknown[] }[] = [];
    const recording: Queryable = {
      query: <R>(sql: string, params?: readonly unknown[]) => {
        sent.push({ sql, params: params ?? [] });
        return one.query<R>(sql, params);
      },
      exec: (sql) => one.exec(sql),
    };
    const byLabel = ECHEQ_GROUP_COLUMNS.statuses;
    const orders = [
      groupOrderOf('status', { scope, ...ECHEQ_GROUP_COLUMNS })!,
      groupOrderOf('-status', { scope, ...ECHEQ_GROUP_COLUMNS })!,
      // The codes' own order (descending), as the list had it before: the same statement, other values.
      groupOrderOf('-status', { scope, ...ECHEQ_GROUP_COLUMNS, statuses: [...byLabel].sort() })!,
    ];
    const firsts: string[] = [];
    for (let i = 0; i < 8; i++) {
      for (const order of orders) {
        const page = await listOrderedEcheqPage(recording, scope, { order, limit: 20, offset: 0 });
        if (i === 0) firsts.push(JSON.parse(page.entries)[0].status);
      }
    }
    // Each order walks its own first group first: Activo, Vencido, and PAID by code.
    expect(firsts).toEqual([byLabel[0], byLabel.at(-1), [...byLabel].sort().at(-1)]);
    const grouped = sent.filter((q) => q.sql.startsWith('with g as materialized'));
    expect(new Set(grouped.map((q) => q.sql)).size).toBe(1);
    const r = await one.query<{ generic_plans: string; custom_plans: string }>(
      `select generic_plans::text, custom_plans::text from pg_prepared_statements
       where statement like 'with g as materialized%'`,
    );
    expect(r.rows).toHaveLength(1);
    expect(Number(r.rows[0]!.generic_plans)).toBeGreaterThan(0);
    expect(Number(r.rows[0]!.custom_plans)).toBeLessThanOrEqual(5);
    // The plan (generic, as the list runs it): every status read newest first on the bank's status index, never
    // the book itself.
    const { sql, params } = grouped[0]!;
    await one.exec(`prepare grouped_status as ${sql}`);
    const marks = params.map((_, i) => `$${i + 1}`).join(', ');
    const plan = await one.query<{ 'QUERY PLAN': unknown }>(
      `explain (format json) execute grouped_status(${marks})`,
      params,
    );
    await one.exec('deallocate grouped_status');
    const scans: { 'Node Type': string; 'Index Name'?: string }[] = [];
    const walk = (node: any) => {
      if (node['Relation Name'] === 'echeqs') scans.push(node);
      for (const child of node.Plans ?? []) walk(child);
    };
    const root = plan.rows[0]!['QUERY PLAN'];
    walk((typeof root === 'string' ? JSON.parse(root) : root)[0].Plan);
    expect(scans.length).toBeGreaterThan(0);
    for (const scan of scans) {
      expect(scan['Node Type'], JSON.stringify(scan)).toMatch(/^Index (Only )?Scan$/);
      expect(scan['Index Name']).toBe('echeqs_tenant_status_idx');
    }
  });
});
