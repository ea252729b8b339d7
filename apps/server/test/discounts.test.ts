import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/platform/clock';
import { addDays, auditActions, chequeInCustody, outboxOps } from './discounts.fixtures';
import { build, type TestServer } from './helpers';

// 12:00 in Buenos Aires on 2026-03-10 (UTC−3): the approval date of every discount approved "now".
const T0 = '2026-03-10T15:00:00.000Z';
const TODAY = '2026-03-10';

describe('discounts: lifecycle through the API', () => {
  let s: TestServer;
  const clock = fixedClock(T0);
  const tok: Record<string, string> = {};

  beforeAll(async () => {
    s = await build({ clock });
    for (const [k, email] of Object.entries({
      empresa: 'emisor@empresa.example',
      autorizante: 'autorizante@empresa.example',
      admin: 'admin@banco.example',
      operador: 'operador@banco.example',
      auditor: 'auditor@banco.example',
      beneficiario: 'beneficiario@beneficiario.example',
      sur: 'empresa@sur.example',
      adminSur: 'admin@bancosur.example',
      superadmin: 'superadmin@plataforma.example',
      financiera: 'entidad@financiera.example',
    })) {
      tok[k] = await s.login(email);
    }
  });
  afterAll(() => s.close());
  beforeEach(async () => {
    if (clock.now().toISOString() !== T0) await at(T0);
  });

  const request = async (echeqId: string, amount: number, token = tok.empresa!, notes?: string) =>
    s.req('POST', '/api/discounts', {
      token,
      body: { echeq_id: echeqId, requested_amount: amount, ...(notes === undefined ? {} : { notes }) },
    });

  async function pending(o: { amount?: string; due?: string; requested?: number; company?: 'empresa' | 'sur' } = {}) {
    const ch = await chequeInCustody(s.db, {
      company: o.company ?? 'empresa',
      amount: o.amount ?? '100000.00',
      due: o.due ?? addDays(TODAY, 30),
    });
    const r = await request(ch.echeqId, o.requested ?? 100000, o.company === 'sur' ? tok.sur : tok.empresa);
    expect(r.status).toBe(200);
    return { ...ch, id: r.body.data.id as string, body: r.body.data };
  }

  /** Moves the clock; sessions are bound to it, so the two acting users sign in again. */
  async function at(now: string) {
    clock.set(now);
    tok.empresa = await s.login('emisor@empresa.example');
    tok.admin = await s.login('admin@banco.example');
  }

  const put = (path: string, token: string | undefined, body?: unknown) =>
    s.req('PUT', `/api/discounts${path}`, body === undefined ? { token: token! } : { token: token!, body });

  it('a company user requests a discount on its cheque in custody: PENDING, audited, sent to the outbox', async () => {
    const ch = await chequeInCustody(s.db, { amount: '250000.50', due: addDays(TODAY, 45) });
    const r = await request(ch.echeqId, 200000.25, tok.empresa, 'Capital de trabajo');
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    const d = r.body.data;
    expect(d).toMatchObject({
      echeq_id: ch.echeqId,
      requested_amount: 200000.25,
      approved_amount: null,
      rate: null,
      days: null,
      status: 'PENDING',
      notes: 'Capital de trabajo',
      rejection_reason: null,
      approved_at: null,
      requested_at: T0,
      company_name: 'Empresa Demo S.A.',
      version: 1,
    });
    expect(d.echeq).toMatchObject({ id: ch.echeqId, number: ch.number, amount: 250000.5, currency: 'ARS' });
    expect(await auditActions(s.db, d.id)).toEqual(['discount.request']);
    expect(await outboxOps(s.db, d.id)).toEqual(['DISCOUNT_REQUEST']);
    const g = await s.req('GET', `/api/discounts/${d.id}`, { token: tok.empresa });
    expect(g.status).toBe(200);
    expect(g.body.data).toEqual(d);
  });

  it('the company authorizer may request too; bank roles, auditors and read-only company roles may not (403)', async () => {
    const ch = await chequeInCustody(s.db, { due: addDays(TODAY, 20) });
    for (const who of ['admin', 'operador', 'auditor', 'beneficiario', 'superadmin', 'financiera']) {
      const r = await request(ch.echeqId, 1000, tok[who]);
      expect(r.status, who).toBe(403);
      expect(r.body.code).toBe('FORBIDDEN');
    }
    expect((await request(ch.echeqId, 1000, tok.autorizante)).status).toBe(200);
  });

  it('refuses a cheque that is not in custody, foreign, missing or already due', async () => {
    const released = await chequeInCustody(s.db, { due: addDays(TODAY, 20), custodyStatus: 'RELEASED' });
    let r = await request(released.echeqId, 1000);
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: 'CONFLICT', message: 'El ECHEQ no está en custodia' });

    const otherCompany = await chequeInCustody(s.db, { company: 'beneficiario', due: addDays(TODAY, 20) });
    r = await request(otherCompany.echeqId, 1000);
    expect(r.status).toBe(404);
    const otherBank = await chequeInCustody(s.db, { company: 'sur', due: addDays(TODAY, 20) });
    r = await request(otherBank.echeqId, 1000);
    expect(r.status).toBe(404);
    r = await request('5c1d2f3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f', 1000);
    expect(r.status).toBe(404);
    expect(r.body.code).toBe('NOT_FOUND');

    const dueToday = await chequeInCustody(s.db, { due: TODAY });
    r = await request(dueToday.echeqId, 1000);
    expect(r.status).toBe(409);
    expect(r.body.message).toMatch(/venció/);
    const overdue = await chequeInCustody(s.db, { due: addDays(TODAY, -3) });
    expect((await request(overdue.echeqId, 1000)).status).toBe(409);
    // Due tomorrow: one day left, it can be requested.
    const tomorrow = await chequeInCustody(s.db, { due: addDays(TODAY, 1) });
    expect((await request(tomorrow.echeqId, 1000)).status).toBe(200);
    expect(
      await s.db.query('select 1 from discounts where echeq_id = any($1)', [
        [released.echeqId, otherCompany.echeqId, otherBank.echeqId, dueToday.echeqId, overdue.echeqId],
      ]),
    ).toMatchObject({ rows: [] });
  });

  it('validates the amount: 0 < requested ≤ cheque amount, two decimals at most', async () => {
    const ch = await chequeInCustody(s.db, { amount: '5000.00', due: addDays(TODAY, 20) });
    // Raw JSON so that values JSON.stringify cannot write (1e309) reach the server as sent.
    const bad = ['0', '-1', '5000.01', '1.234', '"100"', 'null', '9007199254740991', '1e309', '1e-7', 'true'];
    for (const amount of bad) {
      const r = await s.req('POST', '/api/discounts', {
        token: tok.empresa,
        raw: `{"echeq_id":"${ch.echeqId}","requested_amount":${amount}}`,
      });
      expect(r.status, amount).toBe(400);
      expect(r.body.code).toBe('VALIDATION_ERROR');
    }
    const over = await request(ch.echeqId, 5000.01);
    expect(over.body.errors?.[0]?.path).toBe('requested_amount');
    const missing = await s.req('POST', '/api/discounts', { token: tok.empresa, body: { echeq_id: ch.echeqId } });
    expect(missing.status).toBe(400);
    const unknownField = await s.req('POST', '/api/discounts', {
      token: tok.empresa,
      body: { echeq_id: ch.echeqId, requested_amount: 10, status: 'APPROVED' },
    });
    expect(unknownField.status).toBe(400);
    const badId = await s.req('POST', '/api/discounts', {
      token: tok.empresa,
      body: { echeq_id: 'not-a-uuid', requested_amount: 10 },
    });
    expect(badId.status).toBe(400);
    const longNotes = await request(ch.echeqId, 10, tok.empresa, 'x'.repeat(1001));
    expect(longNotes.status).toBe(400);
    const malformed = await s.req('POST', '/api/discounts', { token: tok.empresa, raw: '{"echeq_id":' });
    expect(malformed.status).toBe(400);
    // The whole amount is fine.
    const full = await request(ch.echeqId, 5000);
    expect(full.status).toBe(200);
    expect(full.body.data.requested_amount).toBe(5000);
  });

  it('one open discount per cheque; a completed one blocks a new request; a closed one does not', async () => {
    const d = await pending();
    let r = await request(d.echeqId, 10);
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('El ECHEQ ya tiene un descuento pendiente o aprobado');
    expect((await put(`/${d.id}/approve`, tok.admin)).status).toBe(200);
    r = await request(d.echeqId, 10);
    expect(r.status).toBe(409);
    expect((await put(`/${d.id}/complete`, tok.admin)).status).toBe(200);
    r = await request(d.echeqId, 10);
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('El ECHEQ ya fue descontado');

    const e = await pending();
    expect((await put(`/${e.id}/cancel`, tok.empresa)).status).toBe(200);
    const again = await request(e.echeqId, 50000);
    expect(again.status).toBe(200);
    expect((await put(`/${again.body.data.id}/reject`, tok.admin, { rejection_reason: 'No' })).status).toBe(200);
    expect((await request(e.echeqId, 40000)).status).toBe(200);
  });

  it('the unique index backs the rule: a duplicate open discount that slips past the check is a 409, never a 500', async () => {
    const d = await pending();
    // Bypass the service's check: insert straight into the table the way a racing request would.
    await expect(
      s.db.query(
        `insert into discounts (tenant_id, company_id, echeq_id, custody_id, requested_amount)
         select tenant_id, company_id, echeq_id, custody_id, 1 from discounts where id = $1`,
        [d.id],
      ),
    ).rejects.toMatchObject({ code: '23505' });
  });

  it('approve prices the discount with the bank rate and the days to the due date', async () => {
    const d = await pending({ amount: '100000.00', requested: 100000, due: addDays(TODAY, 30) });
    const r = await put(`/${d.id}/approve`, tok.admin);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      status: 'APPROVED',
      approved_amount: 96301.37,
      rate: 0.45,
      days: 30,
      approved_at: T0,
      version: 2,
    });
    const row = await s.db.query<{ approved_by: string; approved_amount: string; rate: string }>(
      'select approved_by, approved_amount, rate from discounts where id = $1',
      [d.id],
    );
    expect(row.rows[0]).toMatchObject({ approved_amount: '96301.37', rate: '0.450000' });
    const admin = await s.db.query<{ id: string }>("select id from users where email = 'admin@banco.example'");
    expect(row.rows[0]!.approved_by).toBe(admin.rows[0]!.id);
    expect(await auditActions(s.db, d.id)).toEqual(['discount.request', 'discount.approve']);
    expect(await outboxOps(s.db, d.id)).toEqual(['DISCOUNT_REQUEST', 'DISCOUNT_APPROVE']);
    const audit = await s.db.query<{ before: any; after: any; actor_email: string }>(
      "select before, after, actor_email from audit_log where entity_id = $1 and action = 'discount.approve'",
      [d.id],
    );
    expect(audit.rows[0]).toMatchObject({
      actor_email: 'admin@banco.example',
      before: { status: 'PENDING', approved_amount: null },
      after: { status: 'APPROVED', approved_amount: '96301.37', rate: '0.450000', days: 30 },
    });
  });

  it('counts calendar days in Buenos Aires across month ends and leap days', async () => {
    const cases: Array<{ now: string; due: string; days: number; amount: string; expected: number }> = [
      // 27 Feb → 2 Mar in a common year: 3 days.
      { now: '2026-02-27T15:00:00Z', due: '2026-03-02', days: 3, amount: '50000.00', expected: 49815.07 },
      // 28 Feb → 1 Mar in a leap year: 2 days.
      { now: '2028-02-28T15:00:00Z', due: '2028-03-01', days: 2, amount: '50000.00', expected: 49876.71 },
      // 02:30 UTC on 1 Feb is still 31 Jan in Buenos Aires: 31 Jan → 2 Apr 2026 = 61 days.
      { now: '2026-02-01T02:30:00Z', due: '2026-04-02', days: 61, amount: '12345.67', expected: 11417.21 },
      // 31 Dec → 30 Jan across the year end: 30 days.
      { now: '2026-12-31T20:00:00Z', due: '2027-01-30', days: 30, amount: '100000.00', expected: 96301.37 },
    ];
    for (const c of cases) {
      await at(c.now);
      const d = await pending({ amount: c.amount, requested: Number(c.amount), due: c.due });
      const r = await put(`/${d.id}/approve`, tok.admin);
      expect(r.status, c.now).toBe(200);
      expect(r.body.data.days, c.now).toBe(c.days);
      expect(r.body.data.approved_amount, c.now).toBe(c.expected);
    }
  });

  it('rounds half-up at half a cent and stays exact near the largest amount', async () => {
    const tenant = await s.db.query<{ id: string }>("select id from tenants where codigo = 'BDEMO'");
    const bdemo = tenant.rows[0]!.id;
    try {
      // 0.365 a year for 1 day: × 0.999. 15.00 → 14.985 → 14.99 (half-up); 5.00 → 4.995 → 5.00.
      await s.db.query('update tenants set discount_rate = 0.365 where id = $1', [bdemo]);
      for (const [amount, expected] of [
        [15, 14.99],
        [5, 5],
        [0.01, 0.01],
      ] as const) {
        const d = await pending({ amount: '100.00', requested: amount, due: addDays(TODAY, 1) });
        const r = await put(`/${d.id}/approve`, tok.admin);
        expect(r.body.data).toMatchObject({ approved_amount: expected, rate: 0.365, days: 1 });
      }
      await s.db.query('update tenants set discount_rate = 0.45 where id = $1', [bdemo]);
      // 999.999.999.999,99 for 90 days at 45 %: × 324.5/365 = 889.041.095.890,40 (exact, no float drift).
      const big = await pending({ amount: '999999999999.99', requested: 999999999999.99, due: addDays(TODAY, 90) });
      const r = await put(`/${big.id}/approve`, tok.admin);
      expect(r.status).toBe(200);
      expect(r.body.data.approved_amount).toBe(889041095890.4);
      const db = await s.db.query<{ approved_amount: string }>('select approved_amount from discounts where id = $1', [
        big.id,
      ]);
      expect(db.rows[0]!.approved_amount).toBe('889041095890.40');
      // A rate with six decimals is applied and returned as is.
      await s.db.query('update tenants set discount_rate = 0.123457 where id = $1', [bdemo]);
      const six = await pending({ amount: '1000.00', requested: 1000, due: addDays(TODAY, 365 - 35) });
      const r6 = await put(`/${six.id}/approve`, tok.admin);
      expect(r6.body.data.rate).toBe(0.123457);
      // 1000 × (1 − 0.123457 × 330 / 365) = 888.38
      expect(r6.body.data.approved_amount).toBe(888.38);
    } finally {
      await s.db.query('update tenants set discount_rate = 0.45 where id = $1', [bdemo]);
    }
  });

  it('refuses to approve a cheque that fell due, or whose custody ended, after the request', async () => {
    const d = await pending({ due: addDays(TODAY, 2) });
    await at('2026-03-12T15:00:00Z');
    let r = await put(`/${d.id}/approve`, tok.admin);
    expect(r.status).toBe(409);
    expect(r.body.message).toMatch(/venció/);
    await at(T0);
    const e = await pending();
    await s.db.query("update custody set status = 'EXPIRED' where id = $1", [e.custodyId]);
    r = await put(`/${e.id}/approve`, tok.admin);
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('El ECHEQ no está en custodia');
    // Still PENDING: the refused approvals changed and audited nothing.
    for (const x of [d, e]) {
      expect((await s.req('GET', `/api/discounts/${x.id}`, { token: tok.admin })).body.data.status).toBe('PENDING');
      expect(await auditActions(s.db, x.id)).toEqual(['discount.request']);
    }
    // It can still be cancelled.
    expect((await put(`/${e.id}/cancel`, tok.admin)).status).toBe(200);
  });

  it('reject needs a reason and records it', async () => {
    const d = await pending();
    for (const body of [
      undefined,
      {},
      { rejection_reason: '' },
      { rejection_reason: '   ' },
      { rejection_reason: 5 },
    ]) {
      const r = await put(`/${d.id}/reject`, tok.admin, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    const r = await put(`/${d.id}/reject`, tok.admin, { rejection_reason: 'Rechazado por el administrador' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      status: 'REJECTED',
      rejection_reason: 'Rechazado por el administrador',
      rejected_at: T0,
      approved_amount: null,
    });
    expect(await outboxOps(s.db, d.id)).toEqual(['DISCOUNT_REQUEST', 'DISCOUNT_REJECT']);
  });

  it('cancel: the requesting company or its bank admin, while PENDING', async () => {
    const a = await pending();
    expect((await put(`/${a.id}/cancel`, tok.beneficiario)).status).toBe(403);
    expect((await put(`/${a.id}/cancel`, tok.operador)).status).toBe(403);
    expect((await put(`/${a.id}/cancel`, tok.auditor)).status).toBe(403);
    expect((await put(`/${a.id}/cancel`, tok.sur)).status).toBe(404);
    expect((await put(`/${a.id}/cancel`, tok.adminSur)).status).toBe(404);
    const r = await put(`/${a.id}/cancel`, tok.autorizante);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'CANCELLED', cancelled_at: T0 });
    const b = await pending();
    expect((await put(`/${b.id}/cancel`, tok.admin)).body.data.status).toBe('CANCELLED');
    expect(await auditActions(s.db, b.id)).toEqual(['discount.request', 'discount.cancel']);
  });

  it('complete: APPROVED → COMPLETED by the bank admin', async () => {
    const d = await pending();
    expect((await put(`/${d.id}/complete`, tok.admin)).status).toBe(409);
    await put(`/${d.id}/approve`, tok.admin);
    expect((await put(`/${d.id}/complete`, tok.empresa)).status).toBe(403);
    await at('2026-03-11T15:00:00Z');
    const r = await put(`/${d.id}/complete`, tok.admin);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      status: 'COMPLETED',
      completed_at: '2026-03-11T15:00:00.000Z',
      approved_amount: 96301.37,
      days: 30,
    });
    expect(await outboxOps(s.db, d.id)).toEqual(['DISCOUNT_REQUEST', 'DISCOUNT_APPROVE', 'DISCOUNT_COMPLETE']);
  });

  it('every other transition is 409 INVALID_TRANSITION and changes nothing', async () => {
    const make = async (to: 'APPROVED' | 'REJECTED' | 'CANCELLED' | 'COMPLETED') => {
      const d = await pending();
      if (to === 'REJECTED') await put(`/${d.id}/reject`, tok.admin, { rejection_reason: 'x' });
      if (to === 'CANCELLED') await put(`/${d.id}/cancel`, tok.empresa);
      if (to === 'APPROVED' || to === 'COMPLETED') await put(`/${d.id}/approve`, tok.admin);
      if (to === 'COMPLETED') await put(`/${d.id}/complete`, tok.admin);
      return d.id;
    };
    const allowed: Record<string, string[]> = {
      APPROVED: ['complete'],
      REJECTED: [],
      CANCELLED: [],
      COMPLETED: [],
    };
    for (const status of ['APPROVED', 'REJECTED', 'CANCELLED', 'COMPLETED'] as const) {
      const id = await make(status);
      const before = (await s.req('GET', `/api/discounts/${id}`, { token: tok.admin })).body.data;
      for (const action of ['approve', 'reject', 'cancel', 'complete']) {
        if (allowed[status]!.includes(action)) continue;
        const r = await put(
          `/${id}/${action}`,
          action === 'cancel' ? tok.empresa : tok.admin,
          action === 'reject' ? { rejection_reason: 'x' } : undefined,
        );
        expect(r.status, `${status} ${action}`).toBe(409);
        expect(r.body.code).toBe('INVALID_TRANSITION');
      }
      const after = (await s.req('GET', `/api/discounts/${id}`, { token: tok.admin })).body.data;
      expect(after).toEqual(before);
      // Editing is only for PENDING ones.
      expect((await put(`/${id}`, tok.empresa, { notes: 'x' })).status).toBe(409);
    }
  });

  it('routes without a body accept none, {}, or a JSON content type with an empty body; other bodies are 400', async () => {
    const a = await pending();
    const b = await pending();
    const c = await pending();
    expect((await s.req('PUT', `/api/discounts/${a.id}/approve`, { token: tok.admin })).status).toBe(200);
    expect((await put(`/${b.id}/approve`, tok.admin, {})).status).toBe(200);
    const r = await s.req('PUT', `/api/discounts/${c.id}/cancel`, {
      token: tok.empresa,
      raw: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(r.status).toBe(200);
    const d = await pending();
    expect((await put(`/${d.id}/approve`, tok.admin, { foo: 1 })).status).toBe(400);
    expect((await put(`/${d.id}/approve`, tok.admin, [])).status).toBe(400);
    const text = await s.req('PUT', `/api/discounts/${d.id}/approve`, {
      token: tok.admin,
      raw: 'hola',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    expect((await s.req('GET', `/api/discounts/${d.id}`, { token: tok.admin })).body.data.status).toBe('PENDING');
  });

  it('a stale version is refused with 409', async () => {
    const d = await pending();
    expect((await put(`/${d.id}/approve`, tok.admin, { version: 7 })).status).toBe(409);
    expect((await put(`/${d.id}`, tok.empresa, { notes: 'nueva', version: 1 })).status).toBe(200);
    const stale = await put(`/${d.id}`, tok.empresa, { notes: 'otra', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('CONFLICT');
    expect((await put(`/${d.id}/approve`, tok.admin, { version: 2 })).status).toBe(200);
  });

  it('the requesting company edits amount and notes while PENDING', async () => {
    const d = await pending({ amount: '8000.00', requested: 4000 });
    let r = await put(`/${d.id}`, tok.empresa, { requested_amount: 7999.99, notes: 'Ajuste' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ requested_amount: 7999.99, notes: 'Ajuste', version: 2, status: 'PENDING' });
    r = await put(`/${d.id}`, tok.empresa, { notes: null });
    expect(r.body.data).toMatchObject({ requested_amount: 7999.99, notes: null });
    expect((await put(`/${d.id}`, tok.empresa, { requested_amount: 8000.01 })).status).toBe(400);
    expect((await put(`/${d.id}`, tok.empresa, {})).status).toBe(400);
    expect((await put(`/${d.id}`, tok.empresa, { requested_amount: 0 })).status).toBe(400);
    expect((await put(`/${d.id}`, tok.empresa, { status: 'APPROVED' })).status).toBe(400);
    expect((await put(`/${d.id}`, tok.admin, { notes: 'x' })).status).toBe(403);
    expect((await put(`/${d.id}`, tok.sur, { notes: 'x' })).status).toBe(404);
    expect(await auditActions(s.db, d.id)).toEqual(['discount.request', 'discount.update', 'discount.update']);
    expect(await outboxOps(s.db, d.id)).toEqual(['DISCOUNT_REQUEST', 'DISCOUNT_UPDATE', 'DISCOUNT_UPDATE']);
    r = await put(`/${d.id}/approve`, tok.admin);
    expect(r.body.data.approved_amount).toBe(7704.1);
  });

  it('decide permissions: only the bank admin of the cheque’s bank', async () => {
    const d = await pending();
    for (const who of ['empresa', 'autorizante', 'operador', 'auditor', 'beneficiario', 'superadmin', 'financiera']) {
      for (const action of ['approve', 'complete']) {
        expect((await put(`/${d.id}/${action}`, tok[who])).status, `${who} ${action}`).toBe(403);
      }
      expect((await put(`/${d.id}/reject`, tok[who], { rejection_reason: 'x' })).status).toBe(403);
    }
    expect((await put(`/${d.id}/approve`, tok.adminSur)).status).toBe(404);
    expect((await put(`/${d.id}/reject`, tok.adminSur, { rejection_reason: 'x' })).status).toBe(404);
    expect((await put(`/${d.id}/approve`, undefined)).status).toBe(401);
    expect(await auditActions(s.db, d.id)).toEqual(['discount.request']);
  });

  it('scopes reads: company its own, bank its tenant, system admin all; foreign records are 404', async () => {
    const mine = await pending();
    const sur = await pending({ company: 'sur' });
    const ids = (r: { body: { data: { data: Array<{ id: string }> } } }) => r.body.data.data.map((x) => x.id);
    const list = (token: string, q = '?limit=100') => s.req('GET', `/api/discounts${q}`, { token });

    for (const who of ['empresa', 'autorizante', 'admin', 'operador', 'auditor']) {
      const r = await list(tok[who]!);
      expect(r.status).toBe(200);
      expect(ids(r), who).toContain(mine.id);
      expect(ids(r), who).not.toContain(sur.id);
      expect((await s.req('GET', `/api/discounts/${sur.id}`, { token: tok[who] })).status, who).toBe(404);
    }
    for (const who of ['sur', 'adminSur']) {
      const r = await list(tok[who]!);
      expect(ids(r)).toContain(sur.id);
      expect(ids(r)).not.toContain(mine.id);
      expect((await s.req('GET', `/api/discounts/${mine.id}`, { token: tok[who] })).status).toBe(404);
    }
    for (const who of ['beneficiario', 'financiera']) {
      const r = await list(tok[who]!);
      expect(r.status).toBe(200);
      expect(ids(r)).not.toContain(mine.id);
      expect(ids(r)).not.toContain(sur.id);
      expect((await s.req('GET', `/api/discounts/${mine.id}`, { token: tok[who] })).status).toBe(404);
    }
    const all = await list(tok.superadmin!, `?limit=100&search=${mine.id}`);
    expect(ids(all)).toEqual([mine.id]);
    expect((await s.req('GET', `/api/discounts/${sur.id}`, { token: tok.superadmin })).status).toBe(200);
    // Every row the company sees is its own.
    const company = await list(tok.empresa!);
    expect(company.body.data.data.every((x: { company_name: string }) => x.company_name === 'Empresa Demo S.A.')).toBe(
      true,
    );
    expect((await s.req('GET', '/api/discounts', {})).status).toBe(401);
  });

  it('lists page on the server, filter by status and search by discount id, cheque id or number', async () => {
    const a = await pending();
    const b = await pending();
    await put(`/${b.id}/approve`, tok.admin);
    const base = await s.req('GET', '/api/discounts', { token: tok.admin });
    expect(base.status).toBe(200);
    expect(base.body.data).toMatchObject({ page: 1, limit: 10 });
    const total = base.body.data.total as number;
    expect(total).toBeGreaterThan(2);

    const p1 = await s.req('GET', '/api/discounts?page=1&limit=2', { token: tok.admin });
    const p2 = await s.req('GET', '/api/discounts?page=2&limit=2', { token: tok.admin });
    expect(p1.body.data.data).toHaveLength(2);
    expect(p1.body.data.total).toBe(total);
    const overlap = p1.body.data.data.filter((x: { id: string }) =>
      p2.body.data.data.some((y: { id: string }) => y.id === x.id),
    );
    expect(overlap).toEqual([]);
    const far = await s.req('GET', `/api/discounts?page=${total + 5}&limit=10`, { token: tok.admin });
    expect(far.body.data).toMatchObject({ data: [], total });

    const approved = await s.req('GET', '/api/discounts?status=APPROVED&limit=100', { token: tok.admin });
    expect(approved.body.data.data.every((x: { status: string }) => x.status === 'APPROVED')).toBe(true);
    expect(approved.body.data.data.map((x: { id: string }) => x.id)).toContain(b.id);

    const byId = await s.req('GET', `/api/discounts?search=${a.id.slice(0, 8)}`, { token: tok.admin });
    expect(byId.body.data.data.map((x: { id: string }) => x.id)).toContain(a.id);
    const byIdUpper = await s.req('GET', `/api/discounts?search=${a.id.slice(0, 8).toUpperCase()}`, {
      token: tok.admin,
    });
    expect(byIdUpper.body.data.data.map((x: { id: string }) => x.id)).toContain(a.id);
    const byCheque = await s.req('GET', `/api/discounts?search=${a.echeqId}`, { token: tok.admin });
    expect(byCheque.body.data.data.map((x: { id: string }) => x.id)).toEqual([a.id]);
    const byNumber = await s.req('GET', `/api/discounts?search=${a.number.toLowerCase()}`, { token: tok.admin });
    expect(byNumber.body.data.data.map((x: { id: string }) => x.id)).toEqual([a.id]);
    const none = await s.req('GET', '/api/discounts?search=%25%5F', { token: tok.admin });
    expect(none.body.data.data).toEqual([]);
    const combined = await s.req('GET', `/api/discounts?status=PENDING&search=${b.id}`, { token: tok.admin });
    expect(combined.body.data.total).toBe(0);

    for (const q of [
      '?limit=101',
      '?limit=0',
      '?page=0',
      '?status=OPEN',
      '?page=abc',
      '?foo=1',
      `?search=${'x'.repeat(101)}`,
    ]) {
      const r = await s.req('GET', `/api/discounts${q}`, { token: tok.admin });
      expect(r.status, q).toBe(400);
      expect(r.body.code).toBe('VALIDATION_ERROR');
    }
    expect((await s.req('GET', '/api/discounts/not-a-uuid', { token: tok.admin })).status).toBe(400);
    expect(
      (await s.req('GET', '/api/discounts/5c1d2f3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f', { token: tok.admin })).status,
    ).toBe(404);
  });

  it('a USD cheque is discounted in its own currency', async () => {
    const ch = await chequeInCustody(s.db, { amount: '2500.00', due: addDays(TODAY, 10), currency: 'USD' });
    const r = await request(ch.echeqId, 2500);
    expect(r.body.data.echeq.currency).toBe('USD');
    const a = await put(`/${r.body.data.id}/approve`, tok.admin);
    // 2500 × (1 − 0.45 × 10 / 365) = 2469.18
    expect(a.body.data.approved_amount).toBe(2469.18);
  });
});
