import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buenosAiresDate } from '../src/platform/clock';
import { addDays, auditActions, chequeInCustody } from './discounts.fixtures';
import { build, type TestServer } from './helpers';

const today = () => buenosAiresDate(new Date());

describe('Bulk actions: each record through the single action, each with its outcome', () => {
  let s: TestServer;
  const tok: Record<string, string> = {};

  beforeAll(async () => {
    s = await build();
    tok.empresa = await s.login('emisor@empresa.example');
    tok.admin = await s.login('admin@banco.example');
    tok.adminSur = await s.login('admin@bancosur.example');
  });
  afterAll(() => s?.close());

  async function pending(company: 'empresa' | 'sur' = 'empresa') {
    const ch = await chequeInCustody(s.db, { company, due: addDays(today(), 40) });
    const token = company === 'empresa' ? tok.empresa : await s.login('empresa@sur.example');
    const r = await s.req('POST', '/api/discounts', { token, body: { echeq_id: ch.echeqId, requested_amount: 5000 } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return { id: r.body.data.id as string, ...ch };
  }

  it('approves the pending ones and answers why the others were refused; each has its own audit record', async () => {
    const [a, b, done, foreign] = [await pending(), await pending(), await pending(), await pending('sur')];
    const rej = await s.req('PUT', `/api/discounts/${done.id}/reject`, {
      token: tok.admin,
      body: { rejection_reason: 'Rechazado por el administrador' },
    });
    expect(rej.status).toBe(200);
    const r = await s.req('POST', '/api/discounts/bulk/approve', {
      token: tok.admin,
      body: { ids: [a.id, done.id, b.id, foreign.id] },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.succeeded).toBe(2);
    expect(r.body.data.failed).toBe(2);
    const byId = Object.fromEntries(r.body.data.results.map((o: any) => [o.id, o]));
    expect(byId[a.id]).toMatchObject({ ok: true, message: 'Descuento aprobado' });
    expect(byId[b.id]).toMatchObject({ ok: true });
    expect(byId[done.id]).toMatchObject({ ok: false, code: 'INVALID_TRANSITION' });
    expect(byId[done.id].message).toMatch(/Rechazado/);
    // Another bank's discount: not found, as the single action answers it (never revealed).
    expect(byId[foreign.id]).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(r.body.data.results.map((o: any) => o.id)).toEqual([a.id, done.id, b.id, foreign.id]);
    expect(await auditActions(s.db, a.id)).toContain('discount.approve');
    expect(await auditActions(s.db, b.id)).toContain('discount.approve');
    const after = await s.req('GET', `/api/discounts/${foreign.id}`, { token: tok.adminSur });
    expect(after.body.data.status).toBe('PENDING');
  });

  it('rejects several with one reason; a company may not decide; bad lists are a 400', async () => {
    const [a, b] = [await pending(), await pending()];
    const forbidden = await s.req('POST', '/api/discounts/bulk/approve', { token: tok.empresa, body: { ids: [a.id] } });
    expect(forbidden.status).toBe(403);
    const r = await s.req('POST', '/api/discounts/bulk/reject', {
      token: tok.admin,
      body: { ids: [a.id, b.id], rejection_reason: 'Documentación incompleta' },
    });
    expect(r.body.data.succeeded).toBe(2);
    const one = await s.req('GET', `/api/discounts/${a.id}`, { token: tok.admin });
    expect(one.body.data).toMatchObject({ status: 'REJECTED', rejection_reason: 'Documentación incompleta' });
    const empty = await s.req('POST', '/api/discounts/bulk/approve', { token: tok.admin, body: { ids: [] } });
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0].message).toBe('Seleccione al menos un registro');
    const many = Array.from({ length: 51 }, () => crypto.randomUUID());
    expect((await s.req('POST', '/api/discounts/bulk/approve', { token: tok.admin, body: { ids: many } })).status).toBe(
      400,
    );
    const twice = await s.req('POST', '/api/discounts/bulk/approve', { token: tok.admin, body: { ids: [a.id, a.id] } });
    expect(twice.status).toBe(400);
  });

  it('a bulk approval racing a single rejection of the same discount: exactly one wins', async () => {
    for (let round = 0; round < 3; round++) {
      const d = await pending();
      const [bulk, single] = await Promise.all([
        s.req('POST', '/api/discounts/bulk/approve', { token: tok.admin, body: { ids: [d.id] } }),
        s.req('PUT', `/api/discounts/${d.id}/reject`, { token: tok.admin, body: { rejection_reason: 'Carrera' } }),
      ]);
      expect(bulk.status).toBe(200);
      const bulkWon = bulk.body.data.results[0].ok === true;
      const singleWon = single.status === 200;
      expect(bulkWon !== singleWon, JSON.stringify([bulk.body, single.body])).toBe(true);
      const final = await s.req('GET', `/api/discounts/${d.id}`, { token: tok.admin });
      expect(final.body.data.status).toBe(bulkWon ? 'APPROVED' : 'REJECTED');
      const decided = (await auditActions(s.db, d.id)).filter((a) => a !== 'discount.request');
      expect(decided).toHaveLength(1);
    }
  });

  it('releases several custody records; one with a pending discount is refused and the others released', async () => {
    const free1 = await chequeInCustody(s.db, { due: addDays(today(), 40) });
    const free2 = await chequeInCustody(s.db, { due: addDays(today(), 40) });
    const held = await pending();
    const r = await s.req('POST', '/api/echeqs/custody/bulk/release', {
      token: tok.empresa,
      body: { ids: [free1.custodyId, held.custodyId, free2.custodyId], reason: 'Retiro del cliente' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.results.map((o: any) => o.ok)).toEqual([true, false, true]);
    expect(r.body.data.results[1].message).toMatch(/descuento pendiente/);
    const one = await s.req('GET', `/api/echeqs/custody/${free1.custodyId}`, { token: tok.empresa });
    expect(one.body.data).toMatchObject({ status: 'RELEASED', release_reason: 'Retiro del cliente' });
    const foreign = await s.req('POST', '/api/echeqs/custody/bulk/release', {
      token: tok.adminSur,
      body: { ids: [free2.custodyId], reason: 'x' },
    });
    expect(foreign.body.data.results[0]).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });
});
