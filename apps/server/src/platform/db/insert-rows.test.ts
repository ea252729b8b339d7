import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingQueryable } from '../../../test/recording-db';
import type { Db } from './db';
import { insertRows, insertsFrom } from './insert-rows';
import { openPglite } from './pglite';

describe('insertRows', () => {
  let db: Db;
  const queries: string[] = [];
  const spy = recordingQueryable(() => db, queries);

  beforeAll(async () => {
    db = await openPglite(undefined);
    await db.exec(`create table a (id bigserial primary key, name text not null, data jsonb);
      create table b (id bigserial primary key, n int not null check (n > 0));`);
  });
  afterAll(() => db.close());

  it('writes the rows of several tables in one statement, each table in the order given', async () => {
    queries.length = 0;
    await insertRows(spy, [
      { table: 'a', columns: ['name', 'data'], values: ['first', JSON.stringify({ x: "it's" })] },
      { table: 'b', columns: ['n'], values: [1] },
      { table: 'a', columns: ['name', 'data'], values: ['second', null] },
      { table: 'b', columns: ['n'], values: [2] },
    ]);
    expect(queries).toHaveLength(1);
    const a = await db.query<{ name: string; data: unknown }>('select name, data from a order by id');
    expect(a.rows).toEqual([
      { name: 'first', data: { x: "it's" } },
      { name: 'second', data: null },
    ]);
    expect((await db.query<{ n: number }>('select n from b order by id')).rows.map((r) => r.n)).toEqual([1, 2]);
  });

  it('is one statement: a failing row leaves none of the others', async () => {
    const before = (await db.query<{ n: number }>('select count(*)::int as n from a')).rows[0]!.n;
    await expect(
      insertRows(db, [
        { table: 'a', columns: ['name'], values: ['kept?'] },
        { table: 'b', columns: ['n'], values: [0] },
      ]),
    ).rejects.toMatchObject({ code: '23514' });
    expect((await db.query<{ n: number }>('select count(*)::int as n from a')).rows[0]!.n).toBe(before);
  });

  it('does nothing without rows; refuses names that are not plain identifiers and rows that do not match', async () => {
    queries.length = 0;
    await insertRows(spy, []);
    expect(queries).toHaveLength(0);
    await expect(insertRows(db, [{ table: 'a; drop table b', columns: ['name'], values: ['x'] }])).rejects.toThrow();
    await expect(insertRows(db, [{ table: 'a', columns: ['name"'], values: ['x'] }])).rejects.toThrow();
    await expect(insertRows(db, [{ table: 'a', columns: ['name', 'data'], values: ['x'] }])).rejects.toThrow();
    await expect(
      insertRows(db, [
        { table: 'a', columns: ['name'], values: ['x'] },
        { table: 'a', columns: ['data'], values: [null] },
      ]),
    ).rejects.toThrow();
    expect(queries).toHaveLength(0);
  });

  it('as parts of a caller’s statement, writes the rows only when its source gives a row', async () => {
    const count = async () => (await db.query<{ n: number }>('select count(*)::int as n from a')).rows[0]!.n;
    const before = await count();
    for (const n of [0, 1]) {
      const values: unknown[] = [n];
      const parts = insertsFrom(
        [
          { table: 'a', columns: ['name', 'data'], values: ['from', JSON.stringify({ n })] },
          { table: 'b', columns: ['n'], values: [5] },
        ],
        'src where src.n = 1',
        values,
      );
      expect(parts).toHaveLength(2);
      await db.query(
        `with src as (select $1::int as n), ${parts.map((p, i) => `w${i} as (${p})`).join(', ')} select 1`,
        values,
      );
    }
    expect(await count()).toBe(before + 1);
    const row = await db.query<{ data: unknown }>(`select data from a where name = 'from'`);
    expect(row.rows).toEqual([{ data: { n: 1 } }]);
    expect(() => insertsFrom([{ table: 'a', columns: ['name'], values: [] }], 'src', [])).toThrow();
  });

  it('writes a column as an expression of its value and of the source row', async () => {
    const values: unknown[] = [7];
    const parts = insertsFrom(
      [
        {
          table: 'a',
          columns: ['name', 'data'],
          values: ['expr', JSON.stringify({ n: 0, keep: true })],
          expressions: { data: (p) => `jsonb_set(${p}::jsonb, '{n}', to_jsonb(src.n))` },
        },
      ],
      'src',
      values,
    );
    await db.query(`with src as (select $1::int as n), w0 as (${parts[0]}) select 1`, values);
    const row = await db.query<{ data: unknown }>(`select data from a where name = 'expr'`);
    expect(row.rows).toEqual([{ data: { n: 7, keep: true } }]);
  });
});
