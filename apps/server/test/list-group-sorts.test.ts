import { CUSTODY_STATUS_LABELS, DISCOUNT_STATUS_LABELS, ECHEQ_STATUS_LABELS } from '@echeq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestServer } from './helpers';

/** Each book list sorted by status and by company: its table, the rows it lists and its default date. */
const LISTS = [
  { path: '/api/echeqs', table: 'echeqs x', live: 'x.deleted_at is null and x.bank_copy', at: 'x.created_at' },
  {
    path: '/api/echeqs/custody',
    table: 'custody x join echeqs ce on ce.id = x.echeq_id',
    live: 'ce.deleted_at is null',
    at: 'x.custody_date',
  },
  { path: '/api/discounts', table: 'discounts x', live: 'true', at: 'x.requested_at' },
] as const;

/** Each list's statuses in the order of the Spanish labels its screen shows, and those labels (the contract's). */
const BY_LABEL: Record<string, { labels: Record<string, string>; codes: string[] }> = {
  // Activo, Cancelado, Pagado, Vencido
  '/api/echeqs': { labels: ECHEQ_STATUS_LABELS, codes: ['ACTIVE', 'CANCELLED', 'PAID', 'EXPIRED'] },
  // Cancelado, En Custodia, Expirado, Liberado
  '/api/echeqs/custody': { labels: CUSTODY_STATUS_LABELS, codes: ['CANCELLED', 'IN_CUSTODY', 'EXPIRED', 'RELEASED'] },
  // Aprobado, Cancelado, Completado, Pendiente, Rechazado
  '/api/discounts': {
    labels: DISCOUNT_STATUS_LABELS,
    codes: ['APPROVED', 'CANCELLED', 'COMPLETED', 'PENDING', 'REJECTED'],
  },
};

/** SQL ranking a row's status in the Spanish labels' order. */
const statusRank = (list: (typeof LISTS)[number]) =>
  `array_position(array[${BY_LABEL[list.path]!.codes.map((s) => `'${s}'`).join(', ')}]::text[], x.status::text)`;

const USERS = { bank: 'admin@banco.example', system: 'superadmin@plataforma.example' } as const;

describe('book lists sorted by status and by company: groups in order, newest first within, keyset pages', () => {
  let s: TestServer;
  const tokens: Record<string, string> = {};
  let bdemo = '';
  beforeAll(async () => {
    s = await build();
    for (const email of Object.values(USERS)) tokens[email] = await s.login(email);
    bdemo = (await s.db.query<{ id: string }>(`select id from tenants where codigo = 'BDEMO'`)).rows[0]!.id;
  });
  afterAll(() => s.close());

  const get = (path: string, token: string) => s.req('GET', path, { token });
  const ids = async (sql: string) => (await s.db.query<{ id: string }>(sql)).rows.map((r) => r.id);

  for (const list of LISTS) {
    for (const [who, email] of Object.entries(USERS)) {
      for (const sort of ['status', '-status', 'company', '-company']) {
        it(`${list.path}?sort=${sort} as the ${who}: every row once, in order, by cursor and by page`, async () => {
          const dir = sort.startsWith('-') ? 'desc' : 'asc';
          const by = sort.endsWith('status') ? `${statusRank(list)} ${dir}` : `co.name ${dir}, co.id ${dir}`;
          const scope = who === 'bank' ? `x.tenant_id = '${bdemo}'` : 'true';
          const expected = await ids(
            `select x.id from ${list.table} join companies co on co.id = x.company_id
             where ${scope} and ${list.live} order by ${by}, ${list.at} desc, x.id desc`,
          );
          expect(expected.length).toBeGreaterThan(4);
          const token = tokens[email]!;
          const all = await get(`${list.path}?sort=${sort}&limit=100`, token);
          expect(all.status).toBe(200);
          expect(all.body.data.data.map((r: any) => r.id)).toEqual(expected.slice(0, 100));
          // Small pages put their boundaries between rows of equal status or company: none is listed twice or lost.
          const step = 3;
          const byCursor: string[] = [];
          let cursor: string | null = null;
          for (let i = 0; i < 200; i++) {
            const r: any = await get(
              `${list.path}?sort=${sort}&limit=${step}${cursor ? `&cursor=${cursor}` : ''}`,
              token,
            );
            expect(r.status).toBe(200);
            byCursor.push(...r.body.data.data.map((e: any) => e.id));
            cursor = r.body.data.nextCursor;
            if (!cursor) break;
          }
          expect(byCursor).toEqual(expected);
          const page3 = await get(`${list.path}?sort=${sort}&limit=${step}&page=3`, token);
          expect(page3.body.data.data.map((r: any) => r.id)).toEqual(expected.slice(2 * step, 3 * step));
          // A cursor of another order is refused, not misread.
          const first = await get(`${list.path}?sort=${sort}&limit=3`, token);
          const other = sort.startsWith('-') ? sort.slice(1) : `-${sort}`;
          const bad = await get(`${list.path}?sort=${other}&cursor=${first.body.data.nextCursor}`, token);
          expect(bad.status).toBe(400);
          expect(bad.body.message).toBe('Cursor de paginación inválido');
        });
      }
    }

    it(`${list.path}: a status sort keeps the filters and the scope`, async () => {
      const token = tokens[USERS.bank]!;
      const company = (await s.db.query<{ id: string }>(`select id from companies where name = 'Empresa Demo S.A.'`))
        .rows[0]!.id;
      const expected = await ids(
        `select x.id from ${list.table} where x.tenant_id = '${bdemo}' and ${list.live}
         and x.company_id = '${company}' order by ${statusRank(list)} desc, ${list.at} desc, x.id desc`,
      );
      const r = await get(`${list.path}?sort=-status&company_id=${company}&limit=100`, token);
      expect(r.status).toBe(200);
      expect(r.body.data.data.map((e: any) => e.id)).toEqual(expected);
      expect(r.body.data.total).toBe(expected.length);
      const tampered = Buffer.from(JSON.stringify(['status', 'NOT A STATUS', '2026-01-01T00:00:00.000000Z', company]));
      const bad = await get(`${list.path}?sort=status&cursor=${tampered.toString('base64url')}`, token);
      expect(bad.status).toBe(400);
    });

    it(`${list.path}: a status sort follows the Spanish labels the screen shows, not the status codes`, async () => {
      // Every status the list knows, in the labels' alphabetical order (Spanish collation).
      const { labels, codes } = BY_LABEL[list.path]!;
      expect(Object.keys(labels).sort((a, b) => labels[a]!.localeCompare(labels[b]!, 'es'))).toEqual(codes);
      const token = tokens[USERS.system]!;
      for (const sort of ['status', '-status']) {
        const shown: string[] = [];
        let cursor: string | null = null;
        for (let i = 0; i < 100; i++) {
          const r: any = await get(`${list.path}?sort=${sort}&limit=100${cursor ? `&cursor=${cursor}` : ''}`, token);
          expect(r.status).toBe(200);
          shown.push(...r.body.data.data.map((e: any) => labels[e.status]!));
          cursor = r.body.data.nextCursor;
          if (!cursor) break;
        }
        // The labels as the rows show them, each group once: in alphabetical order (or its reverse).
        const seen = [...new Set(shown)];
        expect(seen.length).toBeGreaterThan(1);
        const sorted = [...seen].sort((a, b) => a.localeCompare(b, 'es'));
        expect(seen).toEqual(sort === 'status' ? sorted : sorted.reverse());
      }
    });
  }
});
