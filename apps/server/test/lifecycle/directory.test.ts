import { addDays, buenosAiresDateOf } from '@echeq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portLink } from '../../src/modules/lifecycle';
import { systemClock } from '../../src/platform/clock';
import { build, TEST_ENGINE, type TestServer } from '../helpers';
import { actors, arsAccount, company, copyOf } from './support';

/**
 * The registry's directory kept per process (modules/clearing/directory-cache.ts): a bank's clearing-house
 * configuration changed by another process, or straight in the database, is seen by the next operation, though the
 * process read it before and keeps it in memory. On PostgreSQL the change is made by a second server process on the
 * same database (its own pool); on the embedded database, by a statement that no request of the server made.
 */
let a: TestServer;
let b: TestServer;
const onA = actors(() => a);
const onB = actors(() => b);
const PAYMENT = addDays(buenosAiresDateOf(new Date()), 20);

beforeAll(async () => {
  a = await build({ clock: systemClock });
  b = TEST_ENGINE === 'pg' ? await build({ clock: systemClock, sameDatabaseAs: a }) : a;
  await onA.login();
  await onB.login();
});
afterAll(async () => {
  if (b !== a) await b?.close();
  await a?.close();
});

/** Empresa Demo (on a) issues a cheque to Distribuidora Norte: Norte's copy. */
async function issuedToNorte(): Promise<string> {
  const norte = await company(a, 'Distribuidora Norte S.A.');
  const r = await onA.post('empresa', '/echeqs/issue', {
    account_id: await arsAccount(a, onA.token('empresa')),
    beneficiary_cuit: norte.cuit,
    amount: 1500,
    tipo: 'DIFERIDO',
    caracter: 'A_LA_ORDEN',
    concepto: 'FAC',
    payment_date: PAYMENT,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return copyOf(a, 'Distribuidora Norte S.A.', r.body.data.cheque_id);
}

/** The announcement reaches the other process's listening connection at commit: within milliseconds. */
const announced = () => new Promise((done) => setTimeout(done, 100));

describe('a clearing-house configuration changed elsewhere', () => {
  it('disabling a bank on the sandbox refuses its next operation; enabling it again lets it through', async () => {
    const norteBank = (await company(a, 'Distribuidora Norte S.A.')).tenant_id;
    // b has read Banco Norte's configuration (an operation of its own): it keeps it.
    const first = await issuedToNorte();
    expect((await onB.post('norte', `/echeqs/${first}/accept`)).status).toBe(200);

    const second = await issuedToNorte();
    await a.db.query('update coelsa_sandbox_participants set enabled = false where tenant_id = $1', [norteBank]);
    try {
      await announced();
      const refused = await onB.post('norte', `/echeqs/${second}/accept`);
      expect(refused.status, JSON.stringify(refused.body)).toBe(503);
      expect(refused.body.code).toBe('SANDBOX_NOT_CONFIGURED');
    } finally {
      await a.db.query('update coelsa_sandbox_participants set enabled = true where tenant_id = $1', [norteBank]);
    }
    await announced();
    const accepted = await onB.post('norte', `/echeqs/${second}/accept`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  });

  it('a bank leaves the inbox banks of every process when it is deactivated or leaves the sandbox', async () => {
    const norteBank = (await company(a, 'Distribuidora Norte S.A.')).tenant_id;
    const link = portLink({ db: b.db, clock: systemClock, config: b.config });
    expect(await link.banks()).toContain(norteBank);
    expect(await link.banks([norteBank])).toEqual([norteBank]);
    await a.db.query("update tenants set estado = 'INACTIVO' where id = $1", [norteBank]);
    try {
      await announced();
      expect(await link.banks()).not.toContain(norteBank);
    } finally {
      await a.db.query("update tenants set estado = 'ACTIVO' where id = $1", [norteBank]);
    }
    await announced();
    expect(await link.banks()).toContain(norteBank);
    await a.db.query("update coelsa_configs set environment = 'staging' where tenant_id = $1", [norteBank]);
    try {
      await announced();
      expect(await link.banks([norteBank])).toEqual([]);
    } finally {
      await a.db.query("update coelsa_configs set environment = 'sandbox' where tenant_id = $1", [norteBank]);
    }
    await announced();
    expect(await link.banks([norteBank])).toEqual([norteBank]);
  });

  it('an operation right after a change made through the same process is refused without waiting', async () => {
    // The administrator's process forgets the directory when it answers the change (app.ts), before any announcement.
    const norteBank = (await company(a, 'Distribuidora Norte S.A.')).tenant_id;
    const first = await issuedToNorte();
    expect((await onA.post('norte', `/echeqs/${first}/accept`)).status).toBe(200);
    const second = await issuedToNorte();
    const admin = { token: onA.token('superadmin') };
    const path = `/api/admin/tenants/${norteBank}/coelsa-config`;
    expect((await a.req('DELETE', path, admin)).status).toBe(200);
    try {
      const refused = await onA.post('norte', `/echeqs/${second}/accept`);
      expect(refused.status, JSON.stringify(refused.body)).toBe(503);
      expect(refused.body.code).toBe('COELSA_NOT_CONFIGURED');
    } finally {
      const restored = await a.req('POST', path, { ...admin, body: { environment: 'sandbox' } });
      expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    }
    expect((await onA.post('norte', `/echeqs/${second}/accept`)).status).toBe(200);
  });
});
