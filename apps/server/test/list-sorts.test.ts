import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestServer } from './helpers';

/** Each book list, its sorts as (column, SQL over its table) and the SQL of its range filters. */
const LISTS = [
  {
    path: '/api/echeqs',
    table: 'echeqs x',
    live: 'x.deleted_at is null and x.bank_copy',
    sorts: { created_at: 'x.created_at', due_date: 'x.due_date', amount: 'x.amount', number: 'x.number' },
    date: 'x.due_date',
    amount: 'x.amount',
  },
  {
    path: '/api/echeqs/custody',
    table: 'custody x join echeqs ce on ce.id = x.echeq_id',
    live: 'ce.deleted_at is null',
    sorts: { custody_date: 'x.custody_date', deadline: 'x.presentation_deadline' },
    date: `(x.custody_date at time zone 'America/Argentina/Buenos_Aires')::date`,
    amount: 'ce.amount',
  },
  {
    path: '/api/discounts',
    table: 'discounts x',
    live: 'true',
    sorts: { requested_at: 'x.requested_at', amount: 'x.requested_amount' },
    date: `(x.requested_at at time zone 'America/Argentina/Buenos_Aires')::date`,
    amount: 'x.requested_amount',
  },
] as const;

describe('book lists: sorts, keyset pages per sort, range filters and their boundaries', () => {
  let s: TestServer;
  const tokens: Record<string, string> = {};
  let bdemo = '';
  let bsur = '';
  beforeAll(async () => {
    s = await build();
    for (const email of ['superadmin@plataforma.example', 'admin@banco.example', 'emisor@empresa.example']) {
      tokens[email] = await s.login(email);
    }
    const t = await s.db.query<{ id: string; codigo: string }>('select id, codigo from tenants');
    bdemo = t.rows.find((r) => r.codigo === 'BDEMO')!.id;
    bsur = t.rows.find((r) => r.codigo === 'BSUR')!.id;
  });
  afterAll(() => s.close());

  const get = (path: string, token: string) => s.req('GET', path, { token });
  const ids = async (sql: string) => (await s.db.query<{ id: string }>(sql)).rows.map((r) => r.id);

  for (const list of LISTS) {
    for (const [key, col] of Object.entries(list.sorts)) {
      for (const desc of [false, true]) {
        const sort = `${desc ? '-' : ''}${key}`;
        it(`${list.path}?sort=${sort}: in order, and the same rows walking by cursor and by page`, async () => {
          const dir = desc ? 'desc' : 'asc';
          const expected = await ids(
            `select x.id from ${list.table} where x.tenant_id = '${bdemo}' and ${list.live}
             order by ${col} ${dir}, x.id ${dir} limit 100`,
          );
          expect(expected.length).toBeGreaterThan(4);
          const step = expected.length > 20 ? 7 : 2;
          const token = tokens['admin@banco.example']!;
          const all = await get(`${list.path}?sort=${sort}&limit=100`, token);
          expect(all.status).toBe(200);
          expect(all.body.data.data.map((r: any) => r.id)).toEqual(expected);
          const byCursor: string[] = [];
          let cursor: string | null = null;
          for (let i = 0; i < 30 && byCursor.length < expected.length; i++) {
            const r: any = await get(
              `${list.path}?sort=${sort}&limit=${step}${cursor ? `&cursor=${cursor}` : ''}`,
              token,
            );
            expect(r.status).toBe(200);
            byCursor.push(...r.body.data.data.map((e: any) => e.id));
            cursor = r.body.data.nextCursor;
            if (!cursor) break;
          }
          expect(byCursor).toEqual(expected.slice(0, byCursor.length));
          expect(new Set(byCursor).size).toBe(byCursor.length);
          expect(byCursor.length).toBe(Math.min(expected.length, 30 * step));
          const page2 = await get(`${list.path}?sort=${sort}&limit=${step}&page=2`, token);
          expect(page2.body.data.data.map((r: any) => r.id)).toEqual(expected.slice(step, 2 * step));
          // A cursor of another order is refused, not misread.
          const first = await get(`${list.path}?sort=${sort}&limit=3`, token);
          const other = desc ? key : `-${key}`;
          const bad = await get(`${list.path}?sort=${other}&cursor=${first.body.data.nextCursor}`, token);
          expect(bad.status).toBe(400);
          expect(bad.body.message).toBe('Cursor de paginación inválido');
        });
      }
    }

    it(`${list.path}: date and amount ranges, bank and company filters within the caller's scope`, async () => {
      const admin = tokens['admin@banco.example']!;
      const count = async (where: string) =>
        (
          await s.db.query<{ n: number }>(
            `select count(*)::int as n from ${list.table} where ${list.live} and x.tenant_id = '${bdemo}' and ${where}`,
          )
        ).rows[0]!.n;
      const span = await s.db.query<{ lo: string; hi: string; mid: string }>(
        `select to_char(min(${list.date}), 'YYYY-MM-DD') as lo, to_char(max(${list.date}), 'YYYY-MM-DD') as hi,
                (percentile_disc(0.5) within group (order by ${list.amount}))::text as mid
         from ${list.table} where x.tenant_id = '${bdemo}' and ${list.live}`,
      );
      const { lo, hi, mid } = span.rows[0]!;
      const cases: [string, string][] = [
        [`date_from=${hi}`, `${list.date} >= '${hi}'`],
        [`date_to=${lo}`, `${list.date} <= '${lo}'`],
        [`date_from=${lo}&date_to=${hi}`, 'true'],
        [`amount_min=${mid}`, `${list.amount} >= ${mid}`],
        [`amount_max=${mid}&sort=amount`.replace('&sort=amount', ''), `${list.amount} <= ${mid}`],
      ];
      for (const [q, where] of cases) {
        const r = await get(`${list.path}?${q}&limit=100`, admin);
        expect(r.status, q).toBe(200);
        expect(r.body.data.total, q).toBe(await count(where));
      }
      // A sorted and filtered page: the filter holds on every row, in the sort's order.
      const company = (await s.db.query<{ id: string }>(`select id from companies where name = 'Empresa Demo S.A.'`))
        .rows[0]!.id;
      const sortKey = Object.keys(list.sorts)[1]!;
      const both = await get(`${list.path}?company_id=${company}&amount_min=${mid}&sort=-${sortKey}&limit=100`, admin);
      expect(both.status).toBe(200);
      expect(both.body.data.total).toBe(await count(`x.company_id = '${company}' and ${list.amount} >= ${mid}`));
      const ofRows = async (rows: { id: string }[], col: string) =>
        (
          await s.db.query<{ v: string }>(`select distinct ${col} as v from ${list.table} where x.id = any($1)`, [
            rows.map((r) => r.id),
          ])
        ).rows.map((r) => r.v);
      expect(await ofRows(both.body.data.data, 'x.company_id')).toEqual([company]);

      // The system administrator chooses a bank; a bank's user naming another bank sees nothing of it.
      const sa = await get(`${list.path}?tenant_id=${bsur}&limit=100`, tokens['superadmin@plataforma.example']!);
      expect(sa.status).toBe(200);
      expect(sa.body.data.data.length).toBeGreaterThan(0);
      expect(await ofRows(sa.body.data.data, 'x.tenant_id')).toEqual([bsur]);
      const foreign = await get(`${list.path}?tenant_id=${bsur}`, admin);
      expect(foreign.status).toBe(200);
      expect(foreign.body.data.total).toBe(0);
      const mine = await get(`${list.path}?company_id=${company}`, tokens['emisor@empresa.example']!);
      const bsurCompany = (await s.db.query<{ id: string }>(`select id from companies where tenant_id = '${bsur}'`))
        .rows[0]!.id;
      const notMine = await get(`${list.path}?company_id=${bsurCompany}`, admin);
      expect(mine.body.data.total).toBeGreaterThan(0);
      expect(notMine.body.data.total).toBe(0);
    });

    it(`${list.path}: bad sorts and ranges are 400 in Spanish`, async () => {
      const token = tokens['admin@banco.example']!;
      for (const [q, path, message] of [
        ['sort=color', 'sort', 'Orden inválido'],
        ['sort=--amount', 'sort', 'Orden inválido'],
        ['date_from=2026-02-30', 'date_from', 'Fecha inexistente'],
        ['date_to=01/12/2026', 'date_to', 'Fecha inválida'],
        ['amount_min=1,5', 'amount_min', 'Monto mínimo'],
        ['amount_max=-3', 'amount_max', 'Monto máximo'],
        ['amount_min=10.123', 'amount_min', 'Monto mínimo'],
        ['date_from=2026-05-02&date_to=2026-05-01', 'date_to', 'La fecha hasta no puede ser anterior'],
        ['amount_min=500&amount_max=20', 'amount_max', 'El monto máximo no puede ser menor'],
        ['tenant_id=BSUR', 'tenant_id', 'Identificador inválido'],
        ['company_id=1', 'company_id', 'Identificador inválido'],
      ] as const) {
        const r = await get(`${list.path}?${q}`, token);
        expect(r.status, q).toBe(400);
        expect(r.body.code).toBe('VALIDATION_ERROR');
        const issue = r.body.errors.find((e: any) => e.path === path);
        expect(issue?.message, q).toContain(message);
      }
    });
  }
});
