import { DISCOUNT_REJECTION_REASONS } from '@echeq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/platform/clock';
import { addDays, chequeInCustody } from './discounts.fixtures';
import { build, type TestServer } from './helpers';

// 12:00 in Buenos Aires on 2026-03-10 (UTC−3).
const T0 = '2026-03-10T15:00:00.000Z';
const TODAY = '2026-03-10';

describe('discount decisions: the approval quote and the rejection reasons', () => {
  let s: TestServer;
  const clock = fixedClock(T0);
  const tok: Record<string, string> = {};

  beforeAll(async () => {
    s = await build({ clock });
    for (const [k, email] of Object.entries({
      empresa: 'emisor@empresa.example',
      admin: 'admin@banco.example',
      auditor: 'auditor@banco.example',
      adminSur: 'admin@bancosur.example',
      sur: 'empresa@sur.example',
    })) {
      tok[k] = await s.login(email);
    }
  });
  afterAll(() => s.close());

  async function pending(o: { amount?: string; requested: number; due: string; currency?: 'ARS' | 'USD' }) {
    const ch = await chequeInCustody(s.db, {
      amount: o.amount ?? '100000.00',
      due: o.due,
      ...(o.currency ? { currency: o.currency } : {}),
    });
    const r = await s.req('POST', '/api/discounts', {
      token: tok.empresa!,
      body: { echeq_id: ch.echeqId, requested_amount: o.requested },
    });
    expect(r.status).toBe(200);
    return r.body.data.id as string;
  }

  const quote = (id: string, token: string) => s.req('GET', `/api/discounts/${id}/quote`, { token });

  it('quotes exactly what the approval then stores: rate, days, discount and net', async () => {
    const id = await pending({ requested: 100000, due: addDays(TODAY, 30) });
    const q = await quote(id, tok.admin!);
    expect(q.status).toBe(200);
    expect(q.body.data).toEqual({
      discount_id: id,
      currency: 'ARS',
      requested_amount: 100000,
      rate: 0.45,
      days: 30,
      discount_amount: 3698.63,
      approved_amount: 96301.37,
      approval_date: TODAY,
      due_date: addDays(TODAY, 30),
    });
    const a = await s.req('PUT', `/api/discounts/${id}/approve`, { token: tok.admin! });
    expect(a.body.data).toMatchObject({ approved_amount: 96301.37, rate: 0.45, days: 30 });
    // Once approved there is nothing left to quote.
    expect((await quote(id, tok.admin!)).body.code).toBe('INVALID_TRANSITION');
  });

  it('keeps cents exact on odd amounts and on USD cheques', async () => {
    // 1234.57 × (1 − 0.45 × 17 / 365) = 1208.6947… → 1208.69; the discount is the exact difference.
    const id = await pending({ amount: '5000.00', requested: 1234.57, due: addDays(TODAY, 17) });
    const q = (await quote(id, tok.admin!)).body.data;
    expect(q).toMatchObject({ approved_amount: 1208.69, discount_amount: 25.88, days: 17 });
    const usd = await pending({ amount: '2500.00', requested: 2500, due: addDays(TODAY, 10), currency: 'USD' });
    expect((await quote(usd, tok.admin!)).body.data).toMatchObject({ currency: 'USD', approved_amount: 2469.18 });
  });

  it('is for whoever decides, in their scope: a company gets 403, another bank 404, a due cheque 409', async () => {
    const id = await pending({ requested: 1000, due: addDays(TODAY, 5) });
    expect((await quote(id, tok.empresa!)).status).toBe(403);
    expect((await quote(id, tok.auditor!)).status).toBe(403);
    const foreign = await quote(id, tok.adminSur!);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('NOT_FOUND');
    expect((await quote('00000000-0000-4000-8000-000000000000', tok.admin!)).status).toBe(404);
    expect((await quote('no-es-un-id', tok.admin!)).status).toBe(400);
    const due = await chequeInCustody(s.db, { due: addDays(TODAY, 3) });
    const r = await s.req('POST', '/api/discounts', {
      token: tok.empresa!,
      body: { echeq_id: due.echeqId, requested_amount: 10 },
    });
    await s.db.query(`update echeqs set due_date = $2 where id = $1`, [due.echeqId, TODAY]);
    const late = await quote(r.body.data.id, tok.admin!);
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/venció o vence hoy/);
  });

  it('a reason chosen from the usual ones, or written, reaches the company’s view of the discount', async () => {
    expect(DISCOUNT_REJECTION_REASONS[0]).toBe('Rechazado por el administrador');
    for (const reason of [DISCOUNT_REJECTION_REASONS[2], 'Falta el aval de los socios']) {
      const id = await pending({ requested: 500, due: addDays(TODAY, 20) });
      const r = await s.req('PUT', `/api/discounts/${id}/reject`, {
        token: tok.admin!,
        body: { rejection_reason: reason },
      });
      expect(r.status).toBe(200);
      const seen = await s.req('GET', `/api/discounts/${id}`, { token: tok.empresa! });
      expect(seen.body.data).toMatchObject({ status: 'REJECTED', rejection_reason: reason });
      const listed = await s.req('GET', `/api/discounts?search=${id}`, { token: tok.empresa! });
      expect(listed.body.data.data[0]).toMatchObject({ rejection_reason: reason, company_name: 'Empresa Demo S.A.' });
    }
  });
});
