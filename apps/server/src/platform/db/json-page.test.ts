import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db';
import { jsonObject, queryJsonPage } from './json-page';
import { openPglite } from './pglite';

describe('JSON written by the database', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite(undefined);
    await db.exec(`set datestyle = 'SQL, DMY';
      create table t (id uuid primary key, name text, code text, amount numeric(14, 2), n int, day date,
        at timestamptz, created_at timestamptz not null);
      insert into t values
        ('00000000-0000-4000-8000-000000000001', E'Zúñiga "El \\\\ Norte"\\n\\t\\u0001 <b>&amp;</b>', 'ACTIVE', 1234.50, 7,
         '2026-03-09', '2026-11-24 10:03:36.048123+00', '2026-11-24 10:00:00+00'),
        ('00000000-0000-4000-8000-000000000002', null, 'PAID', 0.01, null, null, null, '2026-11-23 10:00:00+00');`);
  });
  afterAll(() => db.close());

  const doc = jsonObject({
    id: ['code', 't.id'],
    name: ['text', 't.name'],
    code: ['code', 't.code'],
    amount: ['number', 't.amount'],
    n: ['number', 't.n'],
    day: ['date', 't.day'],
    at: ['timestamp', 't.at'],
    nested: ['json', jsonObject({ code: ['code', 't.code'], missing: ['text', 'null::text'] })],
  });

  it('writes every kind of value as JSON.stringify would, nulls as null, whatever the date style', async () => {
    const page = await queryJsonPage(
      db,
      `select ${doc} as doc, t.created_at as sort_at, t.id, t.created_at::text as key_at from t`,
      [],
    );
    expect(page.count).toBe(2);
    expect(JSON.parse(page.entries)).toEqual([
      {
        id: '00000000-0000-4000-8000-000000000001',
        name: 'Zúñiga "El \\ Norte"\n\t\u0001 <b>&amp;</b>',
        code: 'ACTIVE',
        amount: 1234.5,
        n: 7,
        day: '2026-03-09',
        at: '2026-11-24T10:03:36.048Z',
        nested: { code: 'ACTIVE', missing: null },
      },
      {
        id: '00000000-0000-4000-8000-000000000002',
        name: null,
        code: 'PAID',
        amount: 0.01,
        n: null,
        day: null,
        at: null,
        nested: { code: 'PAID', missing: null },
      },
    ]);
    // The last entry of the order (oldest) carries the cursor's key.
    expect(page.last?.id).toBe('00000000-0000-4000-8000-000000000002');
  });

  it('answers the extra value of the same statement as text, an empty page too', async () => {
    for (const where of ['true', 'false']) {
      const page = await queryJsonPage(
        db,
        `select ${doc} as doc, t.created_at as sort_at, t.id, null::text as key_at from t where ${where}`,
        [2],
        `select json_build_array($1::int, count(*))::text from t`,
      );
      expect(JSON.parse(page.extra!)[0]).toBe(2);
      expect(JSON.parse(page.extra!)[1]).toBeGreaterThan(0);
    }
  });

  it('answers an empty page as an empty array', async () => {
    const page = await queryJsonPage(
      db,
      `select ${doc} as doc, t.created_at as sort_at, t.id, null::text as key_at from t where false`,
      [],
    );
    expect(page).toEqual({ entries: '[]', count: 0, last: null });
  });

  it('refuses a key that would need escaping', () => {
    expect(() => jsonObject({ 'a"b': ['code', 't.id'] })).toThrow();
  });
});
