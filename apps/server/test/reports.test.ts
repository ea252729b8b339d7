import { addDays, buenosAiresDateOf } from '@echeq/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitRange } from '../src/modules/reports/reports.service';
import { build, type TestServer } from './helpers';
import {
  addCustody,
  addDiscount,
  companyOf,
  countersMatchRows,
  custodyStatusDrift,
  newCompany,
  parseCsv,
  tenantId,
} from './reports-fixtures';

type StatusCount = { status: string; count: number; amount: number };
const countOf = (list: StatusCount[], status: string) => list.find((s) => s.status === status)?.count;
const amountOf = (list: StatusCount[], status: string) => list.find((s) => s.status === status)?.amount;

describe('custody and discount reports', () => {
  let s: TestServer;
  let admin: string;
  let superadmin: string;
  let surAdmin: string;
  let bdemo: string;

  beforeAll(async () => {
    s = await build();
    [admin, superadmin, surAdmin] = await Promise.all([
      s.login('admin@banco.example'),
      s.login('superadmin@plataforma.example'),
      s.login('admin@bancosur.example'),
    ]);
    bdemo = await tenantId(s.db, 'BDEMO');
  });
  afterAll(async () => {
    await s?.close();
  });

  it('starts a new company at zero, with every status listed', async () => {
    const co = await newCompany(s);
    const custody = await s.req('GET', '/api/reports/custody', { token: co.token });
    expect(custody.status).toBe(200);
    expect(custody.body.data).toMatchObject({ total: 0, totalAmount: 0, otherCurrencies: [], from: null, to: null });
    expect(custody.body.data.statusCounts.map((c: StatusCount) => [c.status, c.count])).toEqual([
      ['IN_CUSTODY', 0],
      ['RELEASED', 0],
      ['EXPIRED', 0],
      ['CANCELLED', 0],
    ]);
    expect(custody.body.data.series).toHaveLength(12);
    const discounts = await s.req('GET', '/api/reports/discounts', { token: co.token });
    expect(discounts.status).toBe(200);
    expect(discounts.body.data).toMatchObject({ total: 0, totalAmount: 0, approvedAmount: 0 });
    expect(discounts.body.data.statusCounts.map((c: StatusCount) => c.status)).toEqual([
      'PENDING',
      'APPROVED',
      'REJECTED',
      'CANCELLED',
      'COMPLETED',
    ]);
  });

  it('counts the records IN_CUSTODY and sums their ARS amounts exactly; other currencies apart', async () => {
    const co = await newCompany(s);
    const bankBefore = (await s.req('GET', '/api/reports/custody', { token: admin })).body.data;
    const allBefore = (await s.req('GET', '/api/reports/custody', { token: superadmin })).body.data;
    const surBefore = (await s.req('GET', '/api/reports/custody', { token: surAdmin })).body.data;
    const base = { tenantId: co.tenantId, companyId: co.companyId };
    await addCustody(s.db, { ...base, amount: '1000.10' });
    await addCustody(s.db, { ...base, amount: '2000.20' });
    await addCustody(s.db, { ...base, amount: '0.05' });
    await addCustody(s.db, { ...base, amount: '999999999999.99' });
    await addCustody(s.db, { ...base, amount: '500.00', status: 'RELEASED' });
    await addCustody(s.db, { ...base, amount: '70.07', status: 'EXPIRED' });
    await addCustody(s.db, { ...base, amount: '150.50', currency: 'USD' });

    const mine = (await s.req('GET', '/api/reports/custody', { token: co.token })).body.data;
    expect(mine.total).toBe(5);
    expect(mine.totalAmount).toBe(1000000003000.34);
    expect(countOf(mine.statusCounts, 'IN_CUSTODY')).toBe(5);
    expect(amountOf(mine.statusCounts, 'IN_CUSTODY')).toBe(1000000003000.34);
    expect(countOf(mine.statusCounts, 'RELEASED')).toBe(1);
    expect(amountOf(mine.statusCounts, 'RELEASED')).toBe(500);
    expect(countOf(mine.statusCounts, 'EXPIRED')).toBe(1);
    expect(countOf(mine.statusCounts, 'CANCELLED')).toBe(0);
    expect(mine.otherCurrencies).toEqual([{ currency: 'USD', count: 1, amount: 150.5 }]);
    const thisMonth = mine.series.at(-1);
    expect(thisMonth.count).toBe(7);

    // The bank sees its tenant (this company included), the platform sees everything, another bank nothing new.
    const bank = (await s.req('GET', '/api/reports/custody', { token: admin })).body.data;
    expect(bank.total - bankBefore.total).toBe(5);
    expect(Math.round((bank.totalAmount - bankBefore.totalAmount) * 100)).toBe(100000000300034);
    const all = (await s.req('GET', '/api/reports/custody', { token: superadmin })).body.data;
    expect(all.total - allBefore.total).toBe(5);
    expect(countOf(all.statusCounts, 'RELEASED')! - countOf(allBefore.statusCounts, 'RELEASED')!).toBe(1);
    const sur = (await s.req('GET', '/api/reports/custody', { token: surAdmin })).body.data;
    expect(sur.total).toBe(surBefore.total);
    expect(sur.totalAmount).toBe(surBefore.totalAmount);

    // Another company of the same bank does not see it.
    const emisor = await s.login('emisor@empresa.example');
    const other = (await s.req('GET', '/api/reports/custody', { token: emisor })).body.data;
    const empresa = await companyOf(s.db, 'emisor@empresa.example');
    const direct = await s.db.query<{ n: number }>(
      `select count(*)::int as n from custody where company_id = $1 and status = 'IN_CUSTODY'`,
      [empresa.companyId],
    );
    expect(other.total).toBe(direct.rows[0]!.n);
    // The same figures as the custody list, status by status.
    for (const c of other.statusCounts) {
      const list = await s.req('GET', `/api/echeqs/custody?status=${c.status}&limit=1`, { token: emisor });
      expect(list.status).toBe(200);
      expect(list.body.data.total, c.status).toBe(c.count);
    }
  });

  it('moves figures when a custody is released, a cheque amount changes or a record disappears', async () => {
    const co = await newCompany(s);
    const base = { tenantId: co.tenantId, companyId: co.companyId };
    const a = await addCustody(s.db, { ...base, amount: '100.01' });
    const b = await addCustody(s.db, { ...base, amount: '200.02' });
    let r = (await s.req('GET', '/api/reports/custody', { token: co.token })).body.data;
    expect([r.total, r.totalAmount]).toEqual([2, 300.03]);

    await s.db.query(`update custody set status = 'RELEASED', release_date = now() where id = $1`, [a.custodyId]);
    r = (await s.req('GET', '/api/reports/custody', { token: co.token })).body.data;
    expect([r.total, r.totalAmount, countOf(r.statusCounts, 'RELEASED')]).toEqual([1, 200.02, 1]);

    await s.db.query(`update echeqs set amount = '250.50' where id = $1`, [b.echeqId]);
    r = (await s.req('GET', '/api/reports/custody', { token: co.token })).body.data;
    expect(r.totalAmount).toBe(250.5);

    await s.db.query(`update echeqs set currency = 'USD' where id = $1`, [b.echeqId]);
    r = (await s.req('GET', '/api/reports/custody', { token: co.token })).body.data;
    expect([r.total, r.totalAmount, r.otherCurrencies]).toEqual([1, 0, [{ currency: 'USD', count: 1, amount: 250.5 }]]);

    // A soft-deleted cheque leaves the figures, as it leaves the custody list; restored, it comes back.
    await s.db.query(`update echeqs set deleted_at = now() where id = $1`, [a.echeqId]);
    r = (await s.req('GET', '/api/reports/custody', { token: co.token })).body.data;
    expect(countOf(r.statusCounts, 'RELEASED')).toBe(0);
    await s.db.query(`update echeqs set deleted_at = null where id = $1`, [a.echeqId]);
    r = (await s.req('GET', '/api/reports/custody', { token: co.token })).body.data;
    expect(countOf(r.statusCounts, 'RELEASED')).toBe(1);
    await s.db.query(`update echeqs set deleted_at = now() where id = $1`, [a.echeqId]);
    expect(await countersMatchRows(s.db)).toEqual({ custody: true, discounts: true });

    await s.db.query('delete from custody where id = $1', [b.custodyId]);
    r = (await s.req('GET', '/api/reports/custody', { token: co.token })).body.data;
    expect([r.total, r.totalAmount, r.otherCurrencies]).toEqual([0, 0, []]);
    expect(await countersMatchRows(s.db)).toEqual({ custody: true, discounts: true });
  });

  it('discount report: every discount, requested and approved amounts, by status', async () => {
    const co = await newCompany(s);
    const base = { tenantId: co.tenantId, companyId: co.companyId };
    const mk = async (requested: string, status: any, approved?: string) => {
      const c = await addCustody(s.db, { ...base, amount: '100000.00' });
      return addDiscount(s.db, { ...base, ...c, requested, status, approved });
    };
    const p1 = await mk('1000.10', 'PENDING');
    await mk('2000.20', 'PENDING');
    await mk('3000.30', 'APPROVED', '2900.29');
    await mk('400.40', 'REJECTED');
    await mk('50.05', 'CANCELLED');
    await mk('6000.60', 'COMPLETED', '5800.58');

    let r = (await s.req('GET', '/api/reports/discounts', { token: co.token })).body.data;
    expect(r.total).toBe(6);
    expect(r.totalAmount).toBe(12451.65);
    expect(r.approvedAmount).toBe(8700.87);
    expect(r.statusCounts.map((c: StatusCount) => [c.status, c.count, c.amount])).toEqual([
      ['PENDING', 2, 3000.3],
      ['APPROVED', 1, 3000.3],
      ['REJECTED', 1, 400.4],
      ['CANCELLED', 1, 50.05],
      ['COMPLETED', 1, 6000.6],
    ]);

    await s.db.query(
      `update discounts set status = 'APPROVED', approved_amount = '990.00', approved_at = now() where id = $1`,
      [p1],
    );
    r = (await s.req('GET', '/api/reports/discounts', { token: co.token })).body.data;
    expect([countOf(r.statusCounts, 'PENDING'), countOf(r.statusCounts, 'APPROVED')]).toEqual([1, 2]);
    expect(r.approvedAmount).toBe(9690.87);
    expect(r.total).toBe(6);

    // The bank's figures include them; Banco Sur's do not.
    const sur = (await s.req('GET', '/api/reports/discounts', { token: surAdmin })).body.data;
    const surDirect = await s.db.query<{ n: number }>(
      `select count(*)::int as n from discounts d join tenants t on t.id = d.tenant_id where t.codigo = 'BSUR'`,
    );
    expect(sur.total).toBe(surDirect.rows[0]!.n);
    const bank = (await s.req('GET', '/api/reports/discounts', { token: admin })).body.data;
    const bankDirect = await s.db.query<{ n: number; amount: string }>(
      `select count(*)::int as n, sum(d.requested_amount)::text as amount from discounts d
       join echeqs e on e.id = d.echeq_id where d.tenant_id = $1 and e.currency = 'ARS'`,
      [bdemo],
    );
    expect(bank.statusCounts.reduce((n: number, c: StatusCount) => n + c.count, 0)).toBe(bank.total);
    // The same figures as the discounts list, status by status, for the bank and for the company.
    for (const [token, report] of [
      [admin, bank],
      [co.token, r],
    ] as const) {
      const all = await s.req('GET', '/api/discounts?limit=1', { token });
      expect(all.body.data.total).toBe(report.total);
      for (const c of report.statusCounts) {
        const list = await s.req('GET', `/api/discounts?status=${c.status}&limit=1`, { token });
        expect(list.body.data.total, c.status).toBe(c.count);
      }
    }
    expect(bank.totalAmount).toBe(Number(bankDirect.rows[0]!.amount));
    expect(await countersMatchRows(s.db)).toEqual({ custody: true, discounts: true });
  });

  it('keeps the counters right under concurrent changes', async () => {
    const co = await newCompany(s);
    const base = { tenantId: co.tenantId, companyId: co.companyId };
    const seeded = await Promise.all(Array.from({ length: 10 }, () => addCustody(s.db, { ...base, amount: '10.01' })));
    // 20 concurrent transactions: 10 new deposits, 10 releases of the seeded ones, all on the same counter rows.
    await Promise.all([
      ...Array.from({ length: 10 }, (_, i) =>
        s.db.transaction((tx) => addCustody(tx, { ...base, amount: `${i + 1}.11` })),
      ),
      ...seeded.map((c) =>
        s.db.transaction((tx) =>
          tx.query(`update custody set status = 'RELEASED', release_date = now() where id = $1`, [c.custodyId]),
        ),
      ),
    ]);
    const r = (await s.req('GET', '/api/reports/custody', { token: co.token })).body.data;
    expect(r.total).toBe(10);
    // 1.11 + 2.11 + … + 10.11 = 55 + 1.10
    expect(r.totalAmount).toBe(56.1);
    expect(countOf(r.statusCounts, 'RELEASED')).toBe(10);
    expect(amountOf(r.statusCounts, 'RELEASED')).toBe(100.1);
    expect(await countersMatchRows(s.db)).toEqual({ custody: true, discounts: true });
  });

  it('stays exact when 20 deposits, releases and discount decisions race through the API', async () => {
    const emisor = await s.login('emisor@empresa.example');
    const before = {
      custody: (await s.req('GET', '/api/reports/custody', { token: emisor })).body.data,
      discounts: (await s.req('GET', '/api/reports/discounts', { token: emisor })).body.data,
    };
    const today = buenosAiresDateOf(new Date());
    const due = addDays(today, 90);
    const deposit = (i: number) =>
      s.req('POST', '/api/echeqs/custody', {
        token: emisor,
        body: {
          number: `63${Date.now()}${i}`,
          amount: 1000 + i + 0.01,
          issue_date: today,
          due_date: due,
          issuer: 'Emisor Carrera S.A.',
          beneficiary: 'Empresa Demo S.A.',
        },
      });
    // Ten cheques to release and five to discount, deposited first.
    const first = await Promise.all(Array.from({ length: 15 }, (_, i) => deposit(i)));
    for (const r of first) expect(r.status, JSON.stringify(r.body)).toBe(200);
    // A discount needs the cheque validated by the clearing house.
    for (const r of first.slice(10)) {
      const v = await s.req('GET', `/api/echeqs/validate/${r.body.data.echeq.id}`, { token: emisor });
      expect(v.body.data?.validation_status, JSON.stringify(v.body)).toBe('VALIDATED');
    }
    const discounted = await Promise.all(
      first.slice(10).map((r) =>
        s.req('POST', '/api/discounts', {
          token: emisor,
          body: { echeq_id: r.body.data.echeq.id, requested_amount: 500.05 },
        }),
      ),
    );
    for (const r of discounted) expect(r.status, JSON.stringify(r.body)).toBe(200);

    // Then, at once: 10 new deposits, 10 releases, 5 approvals and 5 duplicate approvals (one winner each).
    const results = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => deposit(100 + i)),
      ...first.slice(0, 10).map((r) =>
        s.req('PUT', `/api/echeqs/custody/${r.body.data.custody.id}/release`, {
          token: emisor,
          body: { reason: 'Cobro anticipado' },
        }),
      ),
      ...discounted.flatMap((d) => [
        s.req('PUT', `/api/discounts/${d.body.data.id}/approve`, { token: admin }),
        s.req('PUT', `/api/discounts/${d.body.data.id}/approve`, { token: admin }),
      ]),
    ]);
    const statuses = results.map((r) => r.status);
    expect(statuses.slice(0, 20).every((st) => st === 200)).toBe(true);
    expect(statuses.slice(20).filter((st) => st === 200)).toHaveLength(5);
    expect(statuses.slice(20).filter((st) => st === 409)).toHaveLength(5);

    const custody = (await s.req('GET', '/api/reports/custody', { token: emisor })).body.data;
    expect(custody.total - before.custody.total).toBe(15);
    // In custody now: the 5 discounted ones (1010.01…1014.01) and the 10 new (1100.01…1109.01).
    const added = 5 * 1012.01 + 10 * 1104.51;
    expect(Math.round((custody.totalAmount - before.custody.totalAmount) * 100)).toBe(Math.round(added * 100));
    expect(countOf(custody.statusCounts, 'RELEASED')! - countOf(before.custody.statusCounts, 'RELEASED')!).toBe(10);
    const discounts = (await s.req('GET', '/api/reports/discounts', { token: emisor })).body.data;
    expect(discounts.total - before.discounts.total).toBe(5);
    expect(countOf(discounts.statusCounts, 'APPROVED')! - countOf(before.discounts.statusCounts, 'APPROVED')!).toBe(5);
    expect(Math.round((discounts.totalAmount - before.discounts.totalAmount) * 100)).toBe(5 * 50005);
    expect(await countersMatchRows(s.db)).toEqual({ custody: true, discounts: true });
    // Every cheque's custody status (kept on the cheque) is still its latest custody record's.
    expect(await custodyStatusDrift(s.db)).toBe(0);
  });

  it('filters by date range (Buenos Aires days) and gives the monthly series', async () => {
    const co = await newCompany(s);
    const base = { tenantId: co.tenantId, companyId: co.companyId };
    // 2026-01-31 23:30 in Buenos Aires is 2026-02-01 02:30 UTC: it belongs to January.
    await addCustody(s.db, { ...base, amount: '100.00', custodyDate: '2026-02-01T02:30:00Z' });
    await addCustody(s.db, { ...base, amount: '200.00', custodyDate: '2026-02-01T03:30:00Z' });
    await addCustody(s.db, { ...base, amount: '300.00', custodyDate: '2026-03-15T12:00:00Z', status: 'RELEASED' });
    await addCustody(s.db, { ...base, amount: '400.00', custodyDate: '2026-05-02T12:00:00Z' });

    const jan = await s.req('GET', '/api/reports/custody?from=2026-01-01&to=2026-01-31', { token: co.token });
    expect(jan.status).toBe(200);
    expect([jan.body.data.total, jan.body.data.totalAmount]).toEqual([1, 100]);
    expect(jan.body.data.series).toEqual([{ month: '2026-01', count: 1, amount: 100 }]);
    expect([jan.body.data.from, jan.body.data.to]).toEqual(['2026-01-01', '2026-01-31']);

    const q1 = (await s.req('GET', '/api/reports/custody?from=2026-01-01&to=2026-03-31', { token: co.token })).body
      .data;
    expect([q1.total, q1.totalAmount, countOf(q1.statusCounts, 'RELEASED')]).toEqual([2, 300, 1]);
    expect(q1.series).toEqual([
      { month: '2026-01', count: 1, amount: 100 },
      { month: '2026-02', count: 1, amount: 200 },
      { month: '2026-03', count: 1, amount: 300 },
    ]);
    // Partial months at both edges (records) around whole months (counters) add up the same.
    const edges = (await s.req('GET', '/api/reports/custody?from=2026-01-31&to=2026-03-15', { token: co.token })).body
      .data;
    expect(edges.statusCounts.reduce((n: number, c: StatusCount) => n + c.count, 0)).toBe(3);
    expect(amountOf(edges.statusCounts, 'RELEASED')).toBe(300);
    const inside = (await s.req('GET', '/api/reports/custody?from=2026-02-02&to=2026-03-14', { token: co.token })).body
      .data;
    expect(inside.statusCounts.reduce((n: number, c: StatusCount) => n + c.count, 0)).toBe(0);
    const since = (await s.req('GET', '/api/reports/custody?from=2026-03-01', { token: co.token })).body.data;
    expect(since.statusCounts.reduce((n: number, c: StatusCount) => n + c.count, 0)).toBe(2);

    // The whole history (counters) has all four.
    const all = (await s.req('GET', '/api/reports/custody', { token: co.token })).body.data;
    expect([all.total, all.totalAmount]).toEqual([3, 700]);

    // Discounts by requested_at.
    const c = await addCustody(s.db, { ...base, amount: '1000.00' });
    await addDiscount(s.db, { ...base, ...c, requested: '123.45', requestedAt: '2026-02-10T12:00:00Z' });
    await addDiscount(s.db, {
      ...base,
      ...c,
      requested: '10.00',
      status: 'CANCELLED',
      requestedAt: '2026-04-10T12:00:00Z',
    });
    const feb = (await s.req('GET', '/api/reports/discounts?from=2026-02-01&to=2026-02-28', { token: co.token })).body
      .data;
    expect([feb.total, feb.totalAmount]).toEqual([1, 123.45]);
  });

  it('refuses bad ranges and unknown parameters with a 400 in Spanish', async () => {
    for (const qs of ['from=2026-02-01&to=2026-01-01', 'from=2026-02-30', 'from=ayer', 'foo=1']) {
      const r = await s.req('GET', `/api/reports/custody?${qs}`, { token: admin });
      expect(r.status, qs).toBe(400);
      expect(r.body.code).toBe('VALIDATION_ERROR');
      expect(r.body.message).toMatch(/inválid/i);
    }
  });

  it('lets company roles read their own custody and discount reports but not the exports', async () => {
    const emisor = await s.login('emisor@empresa.example');
    expect((await s.req('GET', '/api/reports/custody', { token: emisor })).status).toBe(200);
    expect((await s.req('GET', '/api/reports/discounts', { token: emisor })).status).toBe(200);
    expect((await s.req('GET', '/api/reports/performance', { token: emisor })).status).toBe(200);
    for (const kind of ['custody', 'discounts', 'performance']) {
      for (const fmt of ['csv', 'xlsx']) {
        const r = await s.req('GET', `/api/reports/${kind}.${fmt}`, { token: emisor });
        expect(r.status, `${kind}.${fmt}`).toBe(403);
      }
    }
    expect((await s.req('GET', '/api/reports/custody')).status).toBe(401);
    expect((await s.req('GET', '/api/reports/custody.csv')).status).toBe(401);
  });

  it('exports CSV (BOM, ;, decimal comma, Spanish headers) with the same scoped figures', async () => {
    const co = await newCompany(s);
    const base = { tenantId: co.tenantId, companyId: co.companyId };
    await addCustody(s.db, { ...base, amount: '1234.56' });
    await addCustody(s.db, { ...base, amount: '0.44' });
    await addCustody(s.db, { ...base, amount: '10.00', status: 'EXPIRED' });
    const res = await fetch(`${s.url}/api/reports/custody.csv`, { headers: { authorization: `Bearer ${admin}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="reporte-custodia-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(new TextDecoder().decode(bytes));
    expect(rows[0]![0]).toBe('Reporte de custodia de ECHEQs');
    expect(rows.find((r) => r[0] === 'Alcance')?.[1]).toBe('Banco Demo');
    const header = rows.findIndex((r) => r.join(';') === 'Estado;Cantidad;Porcentaje;Monto (ARS)');
    expect(header).toBeGreaterThan(0);
    const json = (await s.req('GET', '/api/reports/custody', { token: admin })).body.data;
    const table = rows.slice(header + 1, header + 6);
    expect(table.map((r) => r[0])).toEqual(['En Custodia', 'Liberados', 'Expirados', 'Cancelados', 'Total']);
    const inCustody = table[0]!;
    expect(Number(inCustody[1])).toBe(json.total);
    expect(inCustody[3]).toBe(json.totalAmount.toFixed(2).replace('.', ','));
    expect(inCustody[3]).toMatch(/^\d+,\d{2}$/);
    const sum = table.slice(0, 4).reduce((n, r) => n + Number(r[1]), 0);
    expect(Number(table[4]![1])).toBe(sum);
    const pct = table.slice(0, 4).map((r) => Number(r[2]));
    for (const [i, c] of json.statusCounts.entries()) expect(pct[i]).toBe(Math.round((c.count * 100) / sum));

    // A company user's scope through a bank admin's range filter: the company's own export shows its own figures.
    const ranged = await fetch(`${s.url}/api/reports/discounts.csv?from=2026-01-01&to=2026-01-31`, {
      headers: { authorization: `Bearer ${superadmin}` },
    });
    expect(ranged.status).toBe(200);
    expect(ranged.headers.get('content-disposition')).toContain('reporte-descuentos-2026-01-01_2026-01-31.csv');
    const rrows = parseCsv(await ranged.text());
    expect(rrows.find((r) => r[0] === 'Alcance')?.[1]).toBe('Todas las entidades');
    expect(rrows.find((r) => r[0] === 'Período')?.[1]).toBe('Del 01/01/2026 al 31/01/2026');
    expect(rrows.some((r) => r.join(';') === 'Estado;Cantidad;Porcentaje;Monto solicitado (ARS)')).toBe(true);
  });

  it('the performance CSV names its columns and the API areas in Spanish, as the screen does', async () => {
    // Traffic in a few areas first, so the per-area table has rows.
    await s.req('GET', '/api/reports/custody', { token: admin });
    await s.req('GET', '/api/echeqs', { token: admin });
    await s.req('GET', '/api/no-existe', { token: admin });
    const res = await fetch(`${s.url}/api/reports/performance.csv`, { headers: { authorization: `Bearer ${admin}` } });
    expect(res.status).toBe(200);
    const rows = parseCsv(await res.text());
    const headers = rows.map((r) => r.join(';'));
    for (const h of ['Indicador;Valor', 'Área;Solicitudes;Errores (5xx);Tiempo promedio (ms)']) {
      expect(headers).toContain(h);
    }
    expect(headers).toContain('Hora;Solicitudes;Errores (5xx);Tiempo promedio (ms)');
    const start = headers.indexOf('Área;Solicitudes;Errores (5xx);Tiempo promedio (ms)') + 1;
    const areas: string[] = [];
    for (let i = start; i < rows.length && rows[i]!.length > 1; i++) areas.push(rows[i]![0]!);
    expect(areas).toEqual(expect.arrayContaining(['Reportes', 'ECHEQs y custodia']));
    for (const a of areas) expect(a, a).not.toMatch(/^[a-z]+$/);
  });

  it('exports XLSX with numbers and number formats', async () => {
    const res = await fetch(`${s.url}/api/reports/discounts.xlsx`, { headers: { authorization: `Bearer ${admin}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toMatch(/filename="reporte-descuentos-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const ws = wb.getWorksheet('Descuentos')!;
    expect(ws).toBeTruthy();
    expect(ws.getCell('A1').value).toBe('Reporte de descuentos de ECHEQs');
    const json = (await s.req('GET', '/api/reports/discounts', { token: admin })).body.data;
    let headerRow = 0;
    ws.eachRow((row, n) => {
      if (row.getCell(1).value === 'Estado' && row.getCell(2).value === 'Cantidad') headerRow = n;
    });
    expect(headerRow).toBeGreaterThan(0);
    const labels = ['Pendientes', 'Aprobados', 'Rechazados', 'Cancelados', 'Completados'];
    labels.forEach((label, i) => {
      const row = ws.getRow(headerRow + 1 + i);
      expect(row.getCell(1).value).toBe(label);
      expect(row.getCell(2).value).toBe(json.statusCounts[i].count);
      expect(row.getCell(4).value).toBe(json.statusCounts[i].amount);
      expect(row.getCell(4).numFmt).toBe('#,##0.00');
      expect(row.getCell(3).numFmt).toBe('0"%"');
    });
    let totalAmount: unknown;
    ws.eachRow((row) => {
      if (row.getCell(1).value === 'Monto solicitado (ARS)') totalAmount = row.getCell(2).value;
    });
    expect(totalAmount).toBe(json.totalAmount);
  });
});

describe('date ranges split into whole months and edges', () => {
  it('reads whole months from the counters and only partial months from the records', () => {
    expect(splitRange({ from: '2026-01-01', to: '2026-03-31' })).toEqual({
      months: { from: '2026-01', to: '2026-03' },
      edges: [],
    });
    expect(splitRange({ from: '2026-01-15', to: '2026-03-10' })).toEqual({
      months: { from: '2026-02', to: '2026-02' },
      edges: [
        { from: '2026-01-15', to: '2026-01-31' },
        { from: '2026-03-01', to: '2026-03-10' },
      ],
    });
    expect(splitRange({ from: '2026-02-03', to: '2026-02-20' })).toEqual({
      months: null,
      edges: [{ from: '2026-02-03', to: '2026-02-20' }],
    });
    expect(splitRange({ from: '2026-02-01', to: '2026-02-28' })).toEqual({
      months: { from: '2026-02', to: '2026-02' },
      edges: [],
    });
    expect(splitRange({ from: '2026-01-20', to: '2026-02-10' })).toEqual({
      months: null,
      edges: [
        { from: '2026-01-20', to: '2026-01-31' },
        { from: '2026-02-01', to: '2026-02-10' },
      ],
    });
    expect(splitRange({ from: '2024-02-10' })).toEqual({
      months: { from: '2024-03' },
      edges: [{ from: '2024-02-10', to: '2024-02-29' }],
    });
    expect(splitRange({ to: '2026-12-31' })).toEqual({ months: { to: '2026-12' }, edges: [] });
  });
});
