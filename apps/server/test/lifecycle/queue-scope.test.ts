import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestServer } from '../helpers';

/**
 * The paying bank's queue and its totals (read from the counters, decision 040) hold only the caller bank's own
 * cheques drawn on its own accounts, whatever the caller asks. The demo data has the trap: each bank keeps a bank
 * copy PRESENTADO of a cheque drawn on the other bank (its client deposited it), counted under the other bank's code.
 */
let s: TestServer;
const tokens: Record<string, string> = {};
const who = { operador: 'operador@banco.example', norteAdmin: 'admin@banconorte.example' } as const;
type Bank = { tenant: string; code: string };
const banks: Record<keyof typeof who, Bank> = {
  operador: { tenant: '', code: '' },
  norteAdmin: { tenant: '', code: '' },
};
type QueueRow = { id: string; cheque_id: string; amount: number; currency: string };

beforeAll(async () => {
  s = await build();
  for (const [k, email] of Object.entries(who)) tokens[k] = await s.login(email);
  const r = await s.db.query<{ codigo: string; tenant_id: string; bank_code: string }>(
    `select t.codigo, t.id as tenant_id, b.bank_code from tenants t join account_banks b on b.tenant_id = t.id
     where t.codigo in ('BDEMO', 'BNORTE')`,
  );
  for (const row of r.rows) {
    banks[row.codigo === 'BDEMO' ? 'operador' : 'norteAdmin'] = { tenant: row.tenant_id, code: row.bank_code };
  }
});
afterAll(() => s?.close());

const get = (as: keyof typeof who, path: string) => s.req('GET', `/api${path}`, { token: tokens[as]! });

/** The bank copies PRESENTADO of `tenant` drawn on `code`, and their totals by currency, counted from the rows. */
async function queueOf(tenant: string, code: string) {
  const where = `e.tenant_id = $1 and e.state = 'PRESENTADO' and e.bank_copy and e.cheque_id is not null
    and e.deleted_at is null and (e.registry -> 'issuer' ->> 'bank_code') = $2`;
  const ids = await s.db.query<{ id: string }>(`select e.id from echeqs e where ${where} order by e.id`, [
    tenant,
    code,
  ]);
  const totals = await s.db.query<{ currency: string; count: number; amount: string }>(
    `select btrim(e.currency) as currency, count(*)::int as count, sum(e.amount)::text as amount
     from echeqs e where ${where} group by 1 order by 1`,
    [tenant, code],
  );
  return {
    ids: ids.rows.map((r) => r.id),
    totals: totals.rows.map((t) => ({ currency: t.currency, count: t.count, amount: Number(t.amount) })),
  };
}

describe("the paying bank's queue and its totals", () => {
  it("answer a bank only its own cheques drawn on it, never another bank's, nor those it holds drawn elsewhere", async () => {
    for (const [as, other] of [
      ['operador', 'norteAdmin'],
      ['norteAdmin', 'operador'],
    ] as const) {
      const mine = banks[as];
      const r = await get(as, '/echeqs/presented?limit=100');
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const expected = await queueOf(mine.tenant, mine.code);
      expect(expected.ids.length, as).toBeGreaterThan(0);
      const rows = r.body.data.data as QueueRow[];
      expect(rows.map((x) => x.id).sort(), as).toEqual(expected.ids);
      expect(r.body.data.total).toBe(expected.ids.length);
      expect(r.body.data.totals, as).toEqual(expected.totals);
      // The trap: this bank's own copies PRESENTADO drawn on the other bank, and the other bank's queue.
      const drawnElsewhere = await queueOf(mine.tenant, banks[other].code);
      expect(drawnElsewhere.ids.length, `${as}: copies drawn on the other bank`).toBeGreaterThan(0);
      const othersQueue = await queueOf(banks[other].tenant, banks[other].code);
      for (const id of [...drawnElsewhere.ids, ...othersQueue.ids]) expect(rows.map((x) => x.id)).not.toContain(id);
    }
  });

  it("refuses any parameter naming another bank, tenant or company (the contract's strict query)", async () => {
    const demo = banks.operador;
    const company = (
      await s.db.query<{ id: string }>('select id from companies where tenant_id = $1 limit 1', [demo.tenant])
    ).rows[0]!.id;
    for (const param of [
      `tenant_id=${demo.tenant}`,
      `tenantId=${demo.tenant}`,
      `tenant=${demo.tenant}`,
      `bank_code=${demo.code}`,
      `company_id=${company}`,
    ]) {
      const r = await get('norteAdmin', `/echeqs/presented?${param}`);
      expect(r.status, param).toBe(400);
      expect(r.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(r.body.data).toBeUndefined();
    }
  });

  it('totals a search from the rows it matches, in the caller bank only', async () => {
    const demo = banks.operador;
    const expected = await queueOf(demo.tenant, demo.code);
    const one = await s.db.query<{ cheque_id: string; currency: string; amount: string }>(
      'select cheque_id, btrim(currency) as currency, amount::text as amount from echeqs where id = $1',
      [expected.ids[0]],
    );
    const c = one.rows[0]!;
    const found = await get('operador', `/echeqs/presented?q=${c.cheque_id}`);
    expect(found.status).toBe(200);
    expect(found.body.data).toMatchObject({
      total: 1,
      totals: [{ currency: c.currency, count: 1, amount: Number(c.amount) }],
    });
    const elsewhere = await get('norteAdmin', `/echeqs/presented?q=${c.cheque_id}`);
    expect(elsewhere.body.data).toMatchObject({ total: 0, totals: [], data: [] });
  });
});
