import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingQueryable } from '../../../test/recording-db';
import type { Db } from './db';
import { COUNT_COST_CHEAP, EXACT_TOTAL_LIMIT, listTotal } from './list-total';
import { openPglite } from './pglite';

describe('listTotal', () => {
  let db: Db;
  const queries: string[] = [];
  const spy = recordingQueryable(() => db, queries);

  beforeAll(async () => {
    db = await openPglite(undefined);
    await db.exec(`create table t (id int primary key);
      insert into t select g from generate_series(1, 10000) g;
      analyze t;`);
  });
  afterAll(() => db.close());

  const total = (from: string, page: { offset: number | null; pageRows: number }) => {
    queries.length = 0;
    return listTotal(spy, { from, params: [], limit: 50, ...page });
  };

  it('takes the total from a page that is not full, without a query', async () => {
    expect(await total('from t where id <= 7', { offset: 0, pageRows: 7 })).toEqual({
      total: 7,
      totalIsEstimate: false,
    });
    expect(await total('from t where id <= 107', { offset: 100, pageRows: 7 })).toEqual({
      total: 107,
      totalIsEstimate: false,
    });
    expect(queries).toEqual([]);
  });

  it('counts exactly while the planner expects few rows', async () => {
    expect(await total('from t where id <= 300', { offset: 0, pageRows: 50 })).toEqual({
      total: 300,
      totalIsEstimate: false,
    });
    // Past the end by offset: nothing on the page says how many there are, so they are counted.
    expect(await total('from t where id <= 300', { offset: 400, pageRows: 0 })).toEqual({
      total: 300,
      totalIsEstimate: false,
    });
  });

  it('answers the estimate, flagged, when many rows are expected, and never counts them', async () => {
    const r = await total('from t', { offset: null, pageRows: 50 });
    expect(r.totalIsEstimate).toBe(true);
    expect(r.total).toBeGreaterThan(EXACT_TOTAL_LIMIT);
    expect(r.total).toBeGreaterThanOrEqual(9000);
    expect(r.total).toBeLessThanOrEqual(11000);
    expect(queries.some((q) => !q.startsWith('explain'))).toBe(false);
    // The next page of the same list reuses the estimate for a few seconds, without asking the planner again.
    expect(await total('from t', { offset: 50, pageRows: 50 })).toEqual(r);
    expect(queries).toEqual([]);
  });

  it('does not count few rows scattered in many: too costly, the estimate is given', async () => {
    await db.exec(`create table w (id int primary key, note text);
      insert into w select g, case when g % 400 = 0 then 'quiroga' else 'otro' end from generate_series(1, 200000) g;
      alter table w alter column note set statistics 1000;
      analyze w;`);
    // The statistics read the whole table (a sample of up to 300 × 1,000 rows), so the estimate is the same on every
    // run: with the default sample of 30,000 rows it fell below 400 about once in forty.
    // 500 match (fewer than the cap), but finding them means reading all 200,000.
    const r = await total(`from w where note like '%quiroga%'`, { offset: 0, pageRows: 50 });
    expect(r.totalIsEstimate).toBe(true);
    expect(r.total).toBeGreaterThanOrEqual(400);
    expect(r.total).toBeLessThanOrEqual(EXACT_TOTAL_LIMIT);
    expect(queries.some((q) => !q.startsWith('explain'))).toBe(false);
  });

  it('stops counting at the cap when the estimate was too low, and says the total is an estimate', async () => {
    // Correlated conditions: the planner multiplies their selectivities and expects a handful; 2,500 match.
    const r = await total('from t where (id % 2) = 0 and (id % 4) = 0', { offset: 0, pageRows: 50 });
    expect(r).toEqual({ total: EXACT_TOTAL_LIMIT + 1, totalIsEstimate: true });
  });

  it('is never below the rows already seen', async () => {
    const r = await total('from t where (id % 2) = 0 and (id % 4) = 0', { offset: 2000, pageRows: 50 });
    expect(r).toEqual({ total: 2050, totalIsEstimate: true });
  });

  it('counts a small list on every request, exactly, without asking the planner again', async () => {
    await db.exec(`create table c (id int primary key);
      insert into c select g from generate_series(1, 300) g;
      analyze c;`);
    expect(await total('from c', { offset: 0, pageRows: 50 })).toEqual({ total: 300, totalIsEstimate: false });
    expect(queries.filter((q) => q.startsWith('explain'))).toHaveLength(1);
    await db.exec('delete from c where id <= 10');
    expect(await total('from c', { offset: 0, pageRows: 50 })).toEqual({ total: 290, totalIsEstimate: false });
    expect(queries).toHaveLength(1);
    expect(queries[0]).toMatch(/^select count/);
  });

  it('counts a costlier list once, then gives that figure as an estimate for a few seconds', async () => {
    // 400 of 20,000 match: few enough to count, but counting tests every row (a search over a small bank's book).
    await db.exec(`create table s (id int primary key, note text);
      insert into s select g, case when g % 50 = 0 then 'quiroga' else 'otro' end from generate_series(1, 20000) g;
      analyze s;`);
    const plan = await db.query<{ 'QUERY PLAN': unknown }>(
      `explain (format json) select count(*) from (select 1 from s where note like '%quiroga%' limit 1001) t`,
    );
    const cost = Number(JSON.stringify(plan.rows[0]?.['QUERY PLAN']).match(/"Total Cost":\s*([\d.]+)/)?.[1]);
    expect(cost).toBeGreaterThan(COUNT_COST_CHEAP);
    const from = `from s where note like '%quiroga%'`;
    expect(await total(from, { offset: 0, pageRows: 50 })).toEqual({ total: 400, totalIsEstimate: false });
    await db.exec(`delete from s where id = 50`);
    // Within a few seconds: the figure counted, flagged, without a query.
    expect(await total(from, { offset: 50, pageRows: 50 })).toEqual({ total: 400, totalIsEstimate: true });
    expect(queries).toEqual([]);
  });
});
