import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchReferenceEnabled, withBenchCapture } from './bench-capture';
import type { Db } from './db/db';
import { openPglite } from './db/pglite';

describe('benchmark reference capture', () => {
  let raw: Db;
  const app = Fastify();

  beforeAll(async () => {
    raw = await openPglite(undefined);
    await raw.exec(`create table sessions (id int); create table t (n int); insert into t values (1), (2), (3);`);
    const bench = withBenchCapture(raw);
    bench.register(app);
    const db = bench.db;
    app.get('/work', async () => {
      // What the guard runs first: never part of the reference.
      await db.query('select s.id from sessions s where s.id = $1', [1]);
      await db.transaction((tx) => tx.query('select n from t where n >= $1 order by n', [2]));
      const r = await db.query<{ total: number }>('select sum(n)::int as total from t');
      return { total: r.rows[0]!.total };
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await raw.close();
  });

  it('is on only with BENCH_REFERENCE=1', () => {
    expect(benchReferenceEnabled({ BENCH_REFERENCE: '1' })).toBe(true);
    expect(benchReferenceEnabled({})).toBe(false);
    expect(benchReferenceEnabled({ BENCH_REFERENCE: 'true' })).toBe(false);
  });

  it('records the statements of a request with the header, except the session lookup, and replays them', async () => {
    const res = await app.inject({ url: '/work', headers: { 'x-bench-capture': 'work.0' } });
    expect(res.json()).toEqual({ total: 6 });

    const captured = (await app.inject({ url: '/__bench/captured' })).json();
    expect(captured['work.0'].map((s: { sql: string }) => s.sql)).toEqual([
      'select n from t where n >= $1 order by n',
      'select sum(n)::int as total from t',
    ]);
    expect(captured['work.0'][0].params).toEqual([2]);

    const ref = await app.inject({ url: '/__bench/ref/work.0' });
    expect(ref.statusCode).toBe(200);
    expect(ref.json()).toEqual([{ n: 2 }, { n: 3 }, { total: 6 }]);
  });

  it('records nothing without the header, and a name never captured is a 404', async () => {
    await app.inject({ url: '/work' });
    const captured = (await app.inject({ url: '/__bench/captured' })).json();
    expect(Object.keys(captured)).toEqual(['work.0']);
    expect((await app.inject({ url: '/__bench/ref/nothing' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/__bench/ping' })).statusCode).toBe(200);
  });

  it('a new capture under the same name replaces the previous one', async () => {
    await app.inject({ url: '/work', headers: { 'x-bench-capture': 'work.0' } });
    const captured = (await app.inject({ url: '/__bench/captured' })).json();
    expect(captured['work.0']).toHaveLength(2);
  });
});
