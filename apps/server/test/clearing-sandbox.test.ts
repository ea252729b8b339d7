import { describe, expect, it } from 'vitest';
import { handle, memoryStore } from '../src/modules/clearing/simulator/engine';
import { checkEcheq } from '../src/modules/clearing/simulator/rules';

const NOW = new Date('2026-03-01T12:00:00Z');
const ID = '3f1c2b7a-9d4e-4a11-8b2c-0123456789ab';
const CUSTODY = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const good = {
  echeq_id: ID,
  number: 'e-100',
  amount: '1500.5',
  currency: 'ARS',
  issue_date: '2026-01-31',
  due_date: '2027-01-26',
  issuer: ' Empresa Demo S.A. ',
  issuer_cuit: '30-71234567-1',
  beneficiary: 'Proveedor S.R.L.',
  beneficiary_cuit: null,
};

describe('the sandbox’s rules (deterministic, as the clearing house answers)', () => {
  it('accepts a good cheque and normalises it (exact amount, CUIT digits, upper-case number)', () => {
    const r = checkEcheq(good);
    expect(r.reasons).toEqual([]);
    expect(r.echeq).toEqual({
      ...good,
      number: 'E-100',
      amount: '1500.50',
      issuer: 'Empresa Demo S.A.',
      issuer_cuit: '30712345671',
    });
  });

  it.each([
    [{ issuer_cuit: '30712345670' }, 'issuer_cuit'],
    [{ beneficiary_cuit: '2012345678' }, 'beneficiary_cuit'],
    [{ issue_date: '2026-02-30' }, 'issue_date'],
    [{ due_date: '2026-13-01' }, 'due_date'],
    [{ due_date: '2026-01-30' }, 'due_date'],
    [{ due_date: '2027-01-27' }, 'due_date'],
    [{ amount: 0 }, 'amount'],
    [{ amount: '-5' }, 'amount'],
    [{ amount: '10.123' }, 'amount'],
    [{ amount: '1000000000000.00' }, 'amount'],
    [{ amount: 0.1 + 0.2 }, 'amount'],
    [{ currency: 'EUR' }, 'currency'],
    [{ issuer: '   ' }, 'issuer'],
    [{ beneficiary: undefined }, 'beneficiary'],
    [{ number: 'con espacio' }, 'number'],
    [{ echeq_id: 'no-es-uuid' }, 'echeq_id'],
  ])('rejects %j (%s)', (change, field) => {
    const r = checkEcheq({ ...good, ...change });
    expect(r.echeq).toBeNull();
    expect(r.reasons.map((x) => x.field)).toEqual([field]);
    expect(r.reasons[0]!.message).toMatch(/\S/);
  });

  it('accepts the largest amount and a 360-day term exactly', () => {
    expect(checkEcheq({ ...good, amount: 999_999_999_999.99 }).reasons).toEqual([]);
    expect(checkEcheq({ ...good, issue_date: '2026-01-01', due_date: '2026-12-27' }).reasons).toEqual([]);
  });
});

describe('the clearing house’s behaviour (shared by the sandbox and the simulator)', () => {
  it('validates without registering; unknown ids are errors', async () => {
    const store = memoryStore();
    const v = await handle(store, { kind: 'validate', echeq: { ...good, issuer_cuit: '30712345670' } }, NOW);
    expect(v).toMatchObject({ status: 200, body: { status: 'REJECTED' } });
    expect(store.records.size).toBe(0);
    const q = await handle(store, { kind: 'query', echeqId: ID }, NOW);
    expect(q).toMatchObject({ status: 404, body: { code: 'UNKNOWN_ECHEQ' } });
    const rel = await handle(store, { kind: 'release', echeqId: ID, body: {} }, NOW);
    expect(rel.status).toBe(404);
    const dep = await handle(store, { kind: 'deposit', echeqId: ID, body: { custody_id: CUSTODY } }, NOW);
    expect(dep.status).toBe(404);
  });

  it('register → deposit → release, with the states a clearing house keeps and refusals out of order', async () => {
    const store = memoryStore();
    const reg = await handle(store, { kind: 'register', echeq: good, key: 'k1' }, NOW);
    expect(reg).toMatchObject({ status: 201, body: { state: 'REGISTERED', already_registered: false } });
    const again = await handle(store, { kind: 'register', echeq: good, key: 'k2' }, NOW);
    expect(again).toMatchObject({ status: 200, body: { already_registered: true, reference: reg.body.reference } });
    expect((await handle(store, { kind: 'release', echeqId: ID, body: {} }, NOW)).body.code).toBe('NOT_IN_CUSTODY');
    const dep = await handle(store, { kind: 'deposit', echeqId: ID, body: { custody_id: CUSTODY } }, NOW);
    expect(dep.body.state).toBe('IN_CUSTODY');
    const other = await handle(
      store,
      { kind: 'deposit', echeqId: ID, body: { custody_id: '11111111-1111-4111-8111-111111111111' } },
      NOW,
    );
    expect(other).toMatchObject({ status: 409, body: { code: 'ALREADY_IN_CUSTODY' } });
    const rel = await handle(store, { kind: 'release', echeqId: ID, body: { custody_id: CUSTODY } }, NOW);
    expect(rel.body.state).toBe('RELEASED');
    const q = await handle(store, { kind: 'query', echeqId: ID }, NOW);
    expect(q.body).toMatchObject({ state: 'RELEASED', custody_id: CUSTODY, validation_status: 'VALIDATED' });
  });

  it('a deposit that brings the cheque registers it; an invalid one is refused with reasons', async () => {
    const store = memoryStore();
    const bad = await handle(
      store,
      { kind: 'deposit', echeqId: ID, body: { custody_id: CUSTODY, echeq: { ...good, due_date: '2025-01-01' } } },
      NOW,
    );
    expect(bad).toMatchObject({ status: 422, body: { code: 'ECHEQ_INVALID' } });
    const ok = await handle(store, { kind: 'deposit', echeqId: ID, body: { custody_id: CUSTODY, echeq: good } }, NOW);
    expect(ok.body.state).toBe('IN_CUSTODY');
  });

  it('answers a repeated idempotency key with the first answer, and records what it was told', async () => {
    const store = memoryStore();
    const body = { type: 'DISCOUNT_APPROVE', entity: 'discount', entity_id: 'd-1', payload: { rate: 0.45 } };
    const a = await handle(store, { kind: 'operation', body, key: 'op-1' }, NOW);
    const b = await handle(store, { kind: 'operation', body, key: 'op-1' }, new Date('2026-03-02T00:00:00Z'));
    expect(a.status).toBe(202);
    expect(b).toMatchObject({ status: 202, body: { ...a.body, replayed: true } });
    expect(store.entries).toHaveLength(1);
    const unknown = await handle(store, { kind: 'operation', body: { ...body, type: 'X' }, key: 'op-2' }, NOW);
    expect(unknown).toMatchObject({ status: 400, body: { code: 'UNKNOWN_OPERATION' } });
  });

  it('applies delete and expiry to cheques it knows', async () => {
    const store = memoryStore();
    await handle(store, { kind: 'register', echeq: good }, NOW);
    await handle(store, { kind: 'deposit', echeqId: ID, body: { custody_id: CUSTODY } }, NOW);
    await handle(
      store,
      {
        kind: 'operation',
        body: { type: 'CUSTODY_EXPIRE', entity: 'custody', entity_id: CUSTODY, payload: { echeq_id: ID } },
      },
      NOW,
    );
    expect(store.records.get(ID)?.state).toBe('EXPIRED');
    await handle(
      store,
      { kind: 'operation', body: { type: 'ECHEQ_DELETE', entity: 'echeq', entity_id: ID, payload: { echeq_id: ID } } },
      NOW,
    );
    expect(store.records.get(ID)?.state).toBe('CANCELLED');
  });
});
