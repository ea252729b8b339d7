import { addDays, buenosAiresDateOf, makeCuit } from '@echeq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxRegistry } from '../../src/modules/clearing/adapters/sandbox';
import { portLink } from '../../src/modules/lifecycle';
import { banksOfCuits } from '../../src/modules/users';
import { systemClock } from '../../src/platform/clock';
import { build, TEST_ENGINE, type TestServer } from '../helpers';
import { actors, arsAccount, company, copyOf, issueBody, issueToNorte } from './support';

/**
 * The registry's directory kept per process (platform/db/directory-cache.ts): a bank's clearing-house
 * configuration changed by another process, or straight in the database, is seen by the next operation, though the
 * process read it before and keeps it in memory; so is a client company created, moved to another bank or deleted
 * (the banks a cheque concerns, whether the sandbox's registry plays its CUIT). On PostgreSQL the change is made by a second server process on the
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
  const r = await issueToNorte(a, onA, { amount: 1500, payment_date: PAYMENT });
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

describe('a client company created, moved or deleted elsewhere', () => {
  /** Empresa Demo issues on b a cheque to `cuit`: its state as the registry answers it. */
  async function issuedOnB(cuit: string): Promise<{ chequeId: string; state: string }> {
    const r = await onB.post(
      'empresa',
      '/echeqs/issue',
      issueBody({
        account_id: await arsAccount(b, onB.token('empresa')),
        beneficiary_cuit: cuit,
        amount: 1700,
        payment_date: PAYMENT,
      }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return { chequeId: r.body.data.cheque_id, state: r.body.data.state };
  }

  it('is seen by the next operation of a process that read its CUIT before', async () => {
    const norteBank = (await company(a, 'Distribuidora Norte S.A.')).tenant_id;
    const demoBank = (await company(a, 'Empresa Demo S.A.')).tenant_id;
    const cuit = makeCuit('30', String(Date.now() % 100_000_000));
    const name = `Nueva ${cuit} S.A.`;
    // b reads the CUIT while no bank has it: off the platform, the registry accepts for it at once.
    expect(await banksOfCuits(b.db, [cuit])).toEqual([]);
    expect((await issuedOnB(cuit)).state).toBe('ACTIVO');

    const created = await a.db.query<{ id: string }>(
      'insert into companies (tenant_id, name, cuit) values ($1, $2, $3) returning id',
      [norteBank, name, cuit],
    );
    const id = created.rows[0]!.id;
    try {
      await announced();
      expect(await banksOfCuits(b.db, [cuit])).toEqual([norteBank]);
      const pending = await issuedOnB(cuit);
      expect(pending.state).toBe('EMITIDO-PENDIENTE');
      expect(await copyOf(a, name, pending.chequeId)).toBeTruthy();

      // Its bank leaves the sandbox: the sandbox's registry no longer knows the CUIT (it would play it).
      const { directory } = sandboxRegistry(b.db);
      expect(await directory.knowsCuit(b.db, cuit)).toBe(true);
      await a.db.query('update coelsa_sandbox_participants set enabled = false where tenant_id = $1', [norteBank]);
      try {
        await announced();
        expect(await directory.knowsCuit(b.db, cuit)).toBe(false);
      } finally {
        await a.db.query('update coelsa_sandbox_participants set enabled = true where tenant_id = $1', [norteBank]);
      }

      await a.db.query('update companies set tenant_id = $2 where id = $1', [id, demoBank]);
      await announced();
      expect(await banksOfCuits(b.db, [cuit])).toEqual([demoBank]);
    } finally {
      await a.db.query('delete from echeqs where company_id = $1', [id]);
      await a.db.query('delete from companies where id = $1', [id]);
    }
    await announced();
    expect(await banksOfCuits(b.db, [cuit])).toEqual([]);
    expect((await issuedOnB(cuit)).state).toBe('ACTIVO');
  });
});
