import { TRAYS } from '@echeq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COPY_SELECT, type CopyView, toCopyDto } from '../../src/modules/lifecycle/lifecycle.view';
import { fixedClock } from '../../src/platform/clock';
import { build, type TestServer } from '../helpers';

// The trays' and the paying bank's queue's pages are written as JSON by the database (lifecycle.view.ts, COPY_DOC),
// with the actions put in by the server. Each entry must be, byte for byte, what the cheque's own mapper writes
// (toCopyDto over COPY_SELECT: the detail's and the operations' answer), whatever the values hold.

const clock = fixedClock(new Date());
let s: TestServer;
const tokens: Record<string, string> = {};
const COMPANIES = [
  'emisor@empresa.example',
  'autorizante@empresa.example',
  'beneficiario@beneficiario.example',
  'avalista@avalista.example',
  'tesoreria@norte.example',
  'empresa@sur.example',
];
const BANKS = ['operador@banco.example', 'admin@banconorte.example', 'admin@bancosur.example'];

beforeAll(async () => {
  s = await build({ clock });
  for (const email of [...COMPANIES, ...BANKS]) tokens[email] = await s.login(email);
});
afterAll(() => s?.close());

type Body = { success: true; data: { data: { id: string }[]; nextCursor: string | null } & Record<string, unknown> };

/** The raw text of a GET and its parsed body. */
async function raw(email: string, path: string): Promise<{ text: string; body: Body }> {
  const res = await fetch(`${s.url}/api${path}`, { headers: { authorization: `Bearer ${tokens[email]}` } });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return { text, body: JSON.parse(text) as Body };
}

/** The copies by id, read as the detail reads them. */
async function copies(ids: string[]): Promise<Map<string, CopyView>> {
  const r = await s.db.query<CopyView>(`${COPY_SELECT} where e.id = any($1::uuid[])`, [ids]);
  return new Map(r.rows.map((row) => [row.id, row]));
}

/** The body the page must be: its own figures, its rows as `entry` writes each one. */
async function expected(body: Body, entry: (row: CopyView) => unknown): Promise<string> {
  const rows = await copies(body.data.data.map((r) => r.id));
  const data = body.data.data.map((r) => entry(rows.get(r.id)!));
  return JSON.stringify({ ...body, data: { ...body.data, data } });
}

/** Every page of `path` by cursor, each checked byte for byte; the number of rows seen. */
async function walk(email: string, path: string, entry: (row: CopyView) => unknown): Promise<number> {
  let cursor: string | null = null;
  let seen = 0;
  for (let i = 0; i < 200; i++) {
    const page = await raw(email, `${path}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(page.text, `${email} ${path}`).toBe(await expected(page.body, entry));
    seen += page.body.data.data.length;
    cursor = page.body.data.nextCursor;
    if (!cursor) return seen;
  }
  throw new Error('Demasiadas páginas');
}

const companyEntry = (row: CopyView) => toCopyDto(row, { cuit: row.company_cuit }, clock.now());
const queueEntry = (row: CopyView) => ({
  ...toCopyDto(row, { payingBank: true }, clock.now()),
  clearing_date: row.registry?.deposit?.clearing_date ?? null,
  presented_at: row.registry?.presented_at ?? null,
  issuer_cbu: row.registry?.issuer.cbu ?? null,
});

async function everyPage(): Promise<{ trays: number; queue: number }> {
  let trays = 0;
  let queue = 0;
  for (const email of COMPANIES) {
    for (const tray of TRAYS) trays += await walk(email, `/echeqs/trays/${tray}?limit=3`, companyEntry);
  }
  for (const email of BANKS) queue += await walk(email, '/echeqs/presented?limit=2', queueEntry);
  return { trays, queue };
}

describe("the trays' and the queue's pages, written by the database", () => {
  it("answer each copy byte for byte as the cheque's mapper writes it, actions included", async () => {
    const { trays, queue } = await everyPage();
    expect(trays).toBeGreaterThan(10);
    expect(queue).toBeGreaterThan(0);
  });

  it('whatever the amounts, names, timestamps and syncing hold', async () => {
    // Amounts with and without cents, the largest; text that JSON escapes (U+0001 too, the mark of a row's facts);
    // instants of many different milliseconds, each with 999 microseconds after it (the driver's Date keeps the
    // milliseconds); copies being updated (no actions).
    await s.db.query(
      `with n as (select id, row_number() over (order by id) as i from echeqs where cheque_id is not null)
       update echeqs e set
         amount = (array[1500.00, 1500.50, 0.10, 0.01, 999999999999.99, 123456789012.34, 7.07])[1 + n.i % 7],
         updated_at = timestamptz '2026-03-01 00:00:00+00' + n.i * interval '1 s' + (n.i * 37 % 1000) * interval '1 ms'
           + interval '999 microseconds',
         validated_at = case when n.i % 3 = 0 then null else e.validated_at end,
         validation_message = case when n.i % 2 = 0 then E'Línea\\n"uno" \\\\ \\t\\u0001 <b>' end,
         syncing = n.i % 5 = 0
       from n where n.id = e.id`,
    );
    await s.db.query(`update companies set name = name || E' "Ñandú" \\\\ \\u001f'`);
    const { trays, queue } = await everyPage();
    expect(trays).toBeGreaterThan(10);
    expect(queue).toBeGreaterThan(0);
  });
});
