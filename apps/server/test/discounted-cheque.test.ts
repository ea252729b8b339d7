/**
 * Issue 20, item 1: a cheque the bank has paid out on is the bank's. The attack as it was reproduced: a company
 * deposits a cheque, gets a discount approved and paid (complete), then lowers the cheque's amount, releases the
 * custody, cancels the cheque, deletes it, registers the same number again and asks for a second discount. Every
 * step after the approval must be refused (409 INVALID_TRANSITION with a reason), and a deleted cheque's number is
 * never registered again in its bank.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, buenosAiresDate } from '../src/platform/clock';
import { build, type Res, type TestServer } from './helpers';

const today = buenosAiresDate(new Date());
let seq = 0;
function cheque(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    number: `61${process.pid % 1000}${seq}${String(Math.random()).slice(2, 8)}`,
    amount: 500000,
    currency: 'ARS',
    issue_date: addDays(today, -10),
    due_date: addDays(today, 60),
    issuer: 'Metalúrgica San Martín S.A.',
    issuer_cuit: '30-71234567-1',
    beneficiary: 'Empresa Demo S.A.',
    ...overrides,
  };
}

function refused(r: Res, label: string, pattern: RegExp): void {
  expect(r.status, `${label}: ${JSON.stringify(r.body)}`).toBe(409);
  expect(r.body.code, label).toBe('INVALID_TRANSITION');
  expect(r.body.message, label).toMatch(pattern);
}

describe('a cheque the bank paid out on is the bank’s (issue 20, item 1)', () => {
  let s: TestServer;
  const tok: Record<string, string> = {};

  beforeAll(async () => {
    s = await build();
    [tok.empresa, tok.admin, tok.operador] = await Promise.all([
      s.login('emisor@empresa.example'),
      s.login('admin@banco.example'),
      s.login('operador@banco.example'),
    ]);
  });
  afterAll(() => s.close());

  /** Deposit, validate, request, approve (and complete): the cheque, its custody and its discount. */
  async function discounted(complete: boolean, body = cheque()) {
    const dep = await s.req('POST', '/api/echeqs/custody', { token: tok.empresa, body });
    expect(dep.status, JSON.stringify(dep.body)).toBe(200);
    const echeq = dep.body.data.echeq;
    const custody = dep.body.data.custody;
    const v = await s.req('GET', `/api/echeqs/validate/${echeq.id}`, { token: tok.empresa });
    expect(v.body.data?.validation_status, JSON.stringify(v.body)).toBe('VALIDATED');
    const d = await s.req('POST', '/api/discounts', {
      token: tok.empresa,
      body: { echeq_id: echeq.id, requested_amount: 400000 },
    });
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    const a = await s.req('PUT', `/api/discounts/${d.body.data.id}/approve`, { token: tok.admin });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    if (complete) {
      const c = await s.req('PUT', `/api/discounts/${d.body.data.id}/complete`, { token: tok.admin });
      expect(c.status, JSON.stringify(c.body)).toBe(200);
    }
    return { echeq, custody, discountId: d.body.data.id as string, number: echeq.number as string };
  }

  const snapshot = async (echeqId: string) =>
    (
      await s.db.query(
        `select e.amount::text, e.status, e.deleted_at, e.version, c.status as custody_status
         from echeqs e join custody c on c.echeq_id = e.id where e.id = $1`,
        [echeqId],
      )
    ).rows[0];

  for (const complete of [true, false]) {
    it(`after ${complete ? 'complete' : 'approve'}: no edit, release, cancel, delete or second discount`, async () => {
      const x = await discounted(complete);
      const before = await snapshot(x.echeq.id);
      const audits = async () => (await s.db.query('select count(*)::int as n from audit_log')).rows[0]!.n as number;
      const auditsBefore = await audits();

      for (const [label, token] of [
        ['empresa', tok.empresa],
        ['banco', tok.admin],
      ] as const) {
        refused(
          await s.req('PUT', `/api/echeqs/${x.echeq.id}`, { token, body: { amount: 1 } }),
          `${label}: monto menor`,
          /descont|banco/i,
        );
        refused(
          await s.req('PUT', `/api/echeqs/${x.echeq.id}`, { token, body: { status: 'CANCELLED' } }),
          `${label}: cancelar`,
          /descont|banco/i,
        );
        refused(
          await s.req('PUT', `/api/echeqs/${x.echeq.id}`, { token, body: { issuer: 'Otro Emisor S.A.' } }),
          `${label}: emisor`,
          /descont|banco/i,
        );
        refused(await s.req('DELETE', `/api/echeqs/${x.echeq.id}`, { token }), `${label}: eliminar`, /descont|banco/i);
        refused(
          await s.req('PUT', `/api/echeqs/custody/${x.custody.id}/release`, { token, body: { reason: 'Retiro' } }),
          `${label}: liberar`,
          /descont|banco/i,
        );
      }
      const second = await s.req('POST', '/api/discounts', {
        token: tok.empresa,
        body: { echeq_id: x.echeq.id, requested_amount: 1000 },
      });
      expect(second.status).toBe(409);
      expect(await snapshot(x.echeq.id)).toEqual(before);
      expect(await audits()).toBe(auditsBefore);

      // The number of the bank's cheque cannot be registered again, not even in custody.
      const again = await s.req('POST', '/api/echeqs/custody', {
        token: tok.empresa,
        body: cheque({ number: x.number }),
      });
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('DUPLICATE');
      const list = await s.req('GET', `/api/discounts?search=${x.number}&limit=100`, { token: tok.admin });
      expect(list.body.data.data.filter((d: { status: string }) => d.status !== 'REJECTED')).toHaveLength(1);
    });
  }

  it('the cheque carries the lock: discounted_at is set at approval and shown in the cheque', async () => {
    const x = await discounted(false);
    const read = await s.req('GET', `/api/echeqs/${x.echeq.id}`, { token: tok.empresa });
    expect(read.body.data.discounted_at).toEqual(expect.any(String));
    const list = await s.req('GET', `/api/echeqs?search=${x.number}`, { token: tok.empresa });
    expect(list.body.data.data[0].discounted_at).toBe(read.body.data.discounted_at);
  });

  it('still the bank’s after its custody expired: no edit, no delete', async () => {
    const x = await discounted(true);
    // The presentation period ran out: the expiry job ends custody and cheque (as it would after due + 30 days).
    await s.db.query(`update custody set status = 'EXPIRED', expired_at = now() where id = $1`, [x.custody.id]);
    await s.db.query(`update echeqs set status = 'EXPIRED' where id = $1`, [x.echeq.id]);
    refused(
      await s.req('PUT', `/api/echeqs/${x.echeq.id}`, { token: tok.empresa, body: { status: 'ACTIVE', amount: 10 } }),
      'editar',
      /descont|banco/i,
    );
    refused(await s.req('DELETE', `/api/echeqs/${x.echeq.id}`, { token: tok.empresa }), 'eliminar', /descont|banco/i);
  });

  it('a deleted cheque’s number is never registered again in its bank (other banks may use it)', async () => {
    const body = cheque();
    const created = await s.req('POST', '/api/echeqs', { token: tok.empresa, body });
    expect(created.status).toBe(200);
    expect((await s.req('DELETE', `/api/echeqs/${created.body.data.id}`, { token: tok.empresa })).status).toBe(200);
    for (const path of ['/api/echeqs', '/api/echeqs/custody']) {
      const again = await s.req('POST', path, {
        token: tok.empresa,
        body: { ...body, number: ` ${body.number} ` },
      });
      expect(again.status, path).toBe(409);
      expect(again.body).toMatchObject({ code: 'DUPLICATE', message: expect.stringMatching(/número/i) });
    }
    const rows = await s.db.query('select count(*)::int as n from echeqs where number = $1', [body.number]);
    expect(rows.rows[0]!.n).toBe(1);
  });
});

describe('the demo data keeps the rules of issue 20', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await build();
  });
  afterAll(() => s.close());

  it('discounts on validated cheques, approved ones marking their cheque, never released; dates since 2019', async () => {
    const q = async (sql: string) =>
      (await s.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`)).rows[0]!.n;
    expect(await q(`discounts where status = 'COMPLETED'`)).toBeGreaterThan(0);
    expect(await q(`discounts where status = 'APPROVED'`)).toBeGreaterThan(0);
    expect(await q(`discounts d join echeqs e on e.id = d.echeq_id where e.validation_status <> 'VALIDATED'`)).toBe(0);
    expect(
      await q(`discounts d join echeqs e on e.id = d.echeq_id
        where d.status in ('APPROVED', 'COMPLETED') and (e.discounted_at is null or e.custody_status = 'RELEASED')`),
    ).toBe(0);
    expect(
      await q(`echeqs e where e.discounted_at is not null
        and not exists (select 1 from discounts d where d.echeq_id = e.id and d.status in ('APPROVED', 'COMPLETED'))`),
    ).toBe(0);
    expect(await q(`echeqs where issue_date < '2019-01-01' or issue_date > current_date + 1`)).toBe(0);
    expect(await q(`echeqs where due_date > issue_date + 360 or due_date < issue_date`)).toBe(0);
  });
});
