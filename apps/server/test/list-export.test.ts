import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buenosAiresDate } from '../src/platform/clock';
import { addDays, chequeInCustody } from './discounts.fixtures';
import { build, type TestServer } from './helpers';
import { parseCsv } from './reports-fixtures';

const today = () => buenosAiresDate(new Date());
const HOSTILE = 'Librador x,=1+1,y "Sur"; -2+3\r\n@SUM(A1)';

/** A file download as bytes (the helper's req reads text). */
async function download(s: TestServer, path: string, token: string) {
  const res = await fetch(s.url + path, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** Every row of a list, page after page, as the screen reads it. */
async function allRows(s: TestServer, path: string, token: string): Promise<any[]> {
  const rows: any[] = [];
  for (let page = 1; ; page++) {
    const sep = path.includes('?') ? '&' : '?';
    const r = await s.req('GET', `${path}${sep}limit=100&page=${page}`, { token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    rows.push(...r.body.data.data);
    if (r.body.data.data.length < 100) return rows;
  }
}

const csvRows = (bytes: Buffer) => parseCsv(bytes.toString('utf8').replace(/^\uFEFF/, '')).filter((r) => r.length > 1);

async function xlsxRows(bytes: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const rows: ExcelJS.Row[] = [];
  ws.eachRow((row) => {
    rows.push(row);
  });
  return rows;
}

describe('List exports: the list as a file, streamed, in scope', () => {
  let s: TestServer;
  let small: TestServer;
  const tok: Record<string, string> = {};
  let hostileNumber = '';

  beforeAll(async () => {
    s = await build();
    small = await build({ config: { exportMaxRows: 2 } });
    tok.empresa = await s.login('emisor@empresa.example');
    tok.admin = await s.login('admin@banco.example');
    tok.sur = await s.login('empresa@sur.example');
    tok.adminSur = await s.login('admin@bancosur.example');
    // More rows than one export batch, a hostile name, and cheques of another company and another bank.
    const c = await s.db.query<{ id: string; tenant_id: string }>(
      `select id, tenant_id from companies where name = 'Empresa Demo S.A.'`,
    );
    const { id: companyId, tenant_id: tenantId } = c.rows[0]!;
    await s.db.query(
      `insert into echeqs (tenant_id, company_id, number, amount, currency, issue_date, due_date, issuer, beneficiary)
       select $1, $2, '77' || lpad(g::text, 8, '0'), (g * 1000 + 0.1)::numeric(18,2), 'ARS', current_date - 10,
              current_date + 30, 'Librador ' || g, 'Beneficiario'
       from generate_series(1, 620) g`,
      [tenantId, companyId],
    );
    const h = await chequeInCustody(s.db, { due: addDays(today(), 30), amount: '1234.56' });
    await s.db.query('update echeqs set issuer = $2 where id = $1', [h.echeqId, HOSTILE]);
    hostileNumber = h.number;
    await chequeInCustody(s.db, { company: 'sur', due: addDays(today(), 30) });
    await chequeInCustody(s.db, { company: 'beneficiario', due: addDays(today(), 30) });
  });
  afterAll(async () => {
    await s?.close();
    await small?.close();
  });

  it("a company's CSV holds exactly its list's rows, in its order, quoted and neutralised", async () => {
    const list = await allRows(s, '/api/echeqs', tok.empresa!);
    expect(list.length).toBeGreaterThan(600);
    const r = await download(s, '/api/echeqs/export.csv', tok.empresa!);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/csv');
    expect(r.headers.get('content-disposition')).toMatch(/attachment; filename="echeqs-\d{4}-\d{2}-\d{2}\.csv"/);
    const [header, ...rows] = csvRows(r.bytes);
    expect(r.headers.get('x-export-rows')).toBe(String(list.length));
    expect(header!.slice(0, 3)).toEqual(['Número', 'Monto', 'Moneda']);
    expect(rows.map((row) => row[0])).toEqual(list.map((e) => e.number));
    expect(rows.map((row) => row[1])).toEqual(list.map((e) => e.amount.toFixed(2).replace('.', ',')));
    expect(new Set(rows.map((row) => row[11]))).toEqual(new Set(['Empresa Demo S.A.']));
    const hostile = rows.find((row) => row[0] === hostileNumber)!;
    expect(hostile[3]).toBe(`Librador x,'=1+1,y "Sur"; '-2+3\r\n'@SUM(A1)`);
    expect(hostile[1]).toBe('1234,56');
    expect(hostile[8]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });

  it('a filtered export equals the filtered list; a bank never sees another bank', async () => {
    const q = 'search=Librador%201';
    const list = await allRows(s, `/api/echeqs?${q}`, tok.admin!);
    const r = await download(s, `/api/echeqs/export.csv?${q}`, tok.admin!);
    const rows = csvRows(r.bytes).slice(1);
    expect(rows.length).toBe(list.length);
    expect(rows.map((row) => row[0])).toEqual(list.map((e) => e.number));
    const sur = csvRows((await download(s, '/api/echeqs/export.csv', tok.adminSur!)).bytes).slice(1);
    expect(sur.length).toBeGreaterThan(0);
    expect(sur.some((row) => row[0]!.startsWith('77'))).toBe(false);
    const surCompany = csvRows((await download(s, '/api/echeqs/custody/export.csv', tok.sur!)).bytes).slice(1);
    expect(new Set(surCompany.map((row) => row[9]))).toEqual(new Set(['Comercial Sur S.A.']));
  });

  it('a filtered and sorted export has the sorted list rows, across several batches', async () => {
    // Sorted by amount ascending, between two amounts: the list's own sort and range filter, by cursor.
    const q = 'sort=amount&amount_min=100000&amount_max=600000.5';
    const list = await allRows(s, `/api/echeqs?${q}`, tok.empresa!);
    expect(list.length).toBeGreaterThan(450);
    const r = await download(s, `/api/echeqs/export.csv?${q}`, tok.empresa!);
    const rows = csvRows(r.bytes).slice(1);
    expect(rows.map((row) => row[0])).toEqual(list.map((e) => e.number));
    const desc = 'sort=-number&search=77';
    const byNumber = await allRows(s, `/api/echeqs?${desc}`, tok.empresa!);
    expect(byNumber.length).toBeGreaterThanOrEqual(620);
    const [, ...xrows] = await xlsxRows((await download(s, `/api/echeqs/export.xlsx?${desc}`, tok.empresa!)).bytes);
    expect(xrows.map((row) => row.getCell(1).value)).toEqual(byNumber.map((e) => e.number));
    const d = 'sort=-amount&status=PENDING';
    const discounts = await allRows(s, `/api/discounts?${d}`, tok.admin!);
    const [, ...drows] = await xlsxRows((await download(s, `/api/discounts/export.xlsx?${d}`, tok.admin!)).bytes);
    expect(drows.map((row) => row.getCell(1).value)).toEqual(discounts.map((x) => x.id));
  });

  it('XLSX parsed back: the same rows, money as numeric cells with two decimals, dates as dates', async () => {
    const list = await allRows(s, '/api/echeqs/custody', tok.admin!);
    const r = await download(s, '/api/echeqs/custody/export.xlsx', tok.admin!);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('spreadsheetml');
    const [header, ...rows] = await xlsxRows(r.bytes);
    expect(header!.getCell(1).value).toBe('Número de ECHEQ');
    expect(rows.map((row) => row.getCell(1).value)).toEqual(list.map((c) => c.echeq.number));
    const hostile = rows.find((row) => row.getCell(1).value === hostileNumber)!;
    expect(hostile.getCell(2).value).toBe(1234.56);
    expect(hostile.getCell(2).numFmt).toBe('#,##0.00');
    // A text cell of the workbook is never a formula (XML keeps \n of a line break).
    expect(hostile.getCell(6).value).toBe(HOSTILE.replace('\r\n', '\n'));
    expect(hostile.getCell(6).type).toBe(ExcelJS.ValueType.String);
    const due = hostile.getCell(8).value as Date;
    expect(due).toBeInstanceOf(Date);
    expect(due.toISOString().slice(0, 10)).toBe(addDays(today(), 30));
    expect(rows.some((row) => row.getCell(10).value === 'Comercial Sur S.A.')).toBe(false);
  });

  it('discounts: a status filter exports the same rows as the list', async () => {
    for (let i = 0; i < 3; i++) {
      const ch = await chequeInCustody(s.db, { due: addDays(today(), 40) });
      const d = await s.req('POST', '/api/discounts', {
        token: tok.empresa,
        body: { echeq_id: ch.echeqId, requested_amount: 5000.5 + i },
      });
      expect(d.status, JSON.stringify(d.body)).toBe(200);
    }
    const list = await allRows(s, '/api/discounts?status=PENDING', tok.admin!);
    const [, ...rows] = await xlsxRows(
      (await download(s, '/api/discounts/export.xlsx?status=PENDING', tok.admin!)).bytes,
    );
    expect(rows.map((row) => row.getCell(1).value)).toEqual(list.map((d) => d.id));
    expect(rows.map((row) => row.getCell(4).value)).toEqual(list.map((d) => d.requested_amount));
    expect(new Set(rows.map((row) => row.getCell(9).value))).toEqual(new Set(['Pendiente']));
  });

  it('past the maximum: a 400 in Spanish before anything is written; bad input and no permission as the list', async () => {
    const token = await small.login('admin@banco.example');
    const r = await small.req('GET', '/api/echeqs/export.xlsx', { token });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/supera el máximo de 2 filas/);
    expect((await small.req('GET', '/api/echeqs/export.csv?status=NOPE', { token })).status).toBe(400);
    expect((await s.req('GET', '/api/discounts/export.csv')).status).toBe(401);
  });
});
