import { makeCbu, makeCuit } from '@echeq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ClearingPort,
  clearingPortFor,
  type RegistryEvent,
  type RegistryIssueRequest,
  type RegistryOperateRequest,
  type RegistryOutcome,
  registryJob,
} from '../src/modules/clearing';
import { sandboxRegistry } from '../src/modules/clearing/adapters/sandbox';
import { ClearingRejectedError } from '../src/modules/clearing/clearing.errors';
import { registryCheque, registryOperate } from '../src/modules/clearing/registry';
import type { Db } from '../src/platform/db/db';
import { runJobOnce } from '../src/platform/jobs';
import { freshDb, TEST_ENGINE } from './helpers';
import { AS_REGISTRY, at, issueRequest, newKey, nextNumber, ok, PAYMENT, refused } from './registry/fixtures';

// The demo's cast: Empresa Demo (Banco Demo, 901, sandbox), Distribuidora Norte (Banco Norte, 903, sandbox) and
// Comercial Sur (Banco Sur, 902, not configured: outside for the registry).
const EMPRESA_DEMO = makeCuit('30', '71234567');
const NORTE = makeCuit('30', '75678901');
const SUR = makeCuit('30', '74567890');
const DEMO_CBU = makeCbu({ bankCode: '901', branch: '0001', account: '0000000777001' });

let db: Db;
let drop: () => Promise<void>;
let now = new Date(at('2026-04-01'));
let demo: ClearingPort;
let norte: ClearingPort;

const deps = () => ({
  db,
  clock: { now: () => new Date(now) },
  config: { secretsKey: Buffer.alloc(32, 7), clearingAllowedHosts: [] },
});

async function portOf(codigo: string): Promise<ClearingPort> {
  const r = await db.query<{ id: string }>('select id from tenants where codigo = $1', [codigo]);
  return clearingPortFor(deps(), r.rows[0]!.id);
}

/** Empresa Demo issues a cheque from its account at Banco Demo (901) to `beneficiary`. */
function demoIssue(beneficiary: string, amount = 1500.5): RegistryIssueRequest {
  const r = issueRequest({
    number: nextNumber(),
    issueDate: '2026-04-01',
    paymentDate: PAYMENT,
    amount,
    cbu: DEMO_CBU,
  });
  return {
    ...r,
    caller: { cuit: EMPRESA_DEMO },
    cheque: {
      ...r.cheque,
      issuer: { ...r.cheque.issuer, cuit: EMPRESA_DEMO, name: 'Empresa Demo S.A.' },
      beneficiary: { cuit: beneficiary, name: 'Beneficiaria' },
    },
  };
}

/** The CUITs of the bank's client companies. */
async function clientsOf(codigo: string): Promise<string[]> {
  const clients = await db.query<{ cuit: string }>(
    `select btrim(co.cuit) as cuit from companies co join tenants t on t.id = co.tenant_id where t.codigo = $1`,
    [codigo],
  );
  return clients.rows.map((r) => r.cuit);
}

beforeAll(async () => {
  ({ db, drop } = await freshDb());
  demo = await portOf('BDEMO');
  norte = await portOf('BNORTE');
  // Banco Demo tells the registry its clients adhered (as its inbox does): the registry acts for them only then.
  await demo.registryAdhere({ bankCode: '901', cuits: await clientsOf('BDEMO') });
});
afterAll(() => drop());

describe('the registry through the sandbox adapter', () => {
  it('knows the sandbox banks’ companies and plays the rest (a company of a bank off the sandbox accepts at once)', async () => {
    const toNorte = ok(await demo.registryIssue(demoIssue(NORTE)));
    expect(toNorte.state).toBe('EMITIDO-PENDIENTE');
    const toSur = ok(await demo.registryIssue(demoIssue(SUR)));
    expect(toSur.state).toBe('ACTIVO');
    expect(toSur.holder_cuit).toBe(SUR);
  });

  it('answers operations in transactions of their own, refusals as outcomes with their Spanish message', async () => {
    const id = ok(await demo.registryIssue(demoIssue(NORTE))).cheque_id;
    now = new Date(at('2026-04-06'));
    const accept: RegistryOperateRequest = {
      key: newKey('accept'),
      cheque_id: id,
      type: 'ACCEPT',
      caller: { cuit: NORTE },
    };
    const accepted = await norte.registryOperate(accept);
    expect(ok(accepted).state).toBe('ACTIVO');
    // Committed: a replay answers the same; another bank sending Norte's key is refused, not answered Norte's answer.
    expect(await norte.registryOperate(accept)).toEqual({ ...accepted, replayed: true });
    const foreign = refused(await demo.registryOperate(accept));
    expect(foreign).toMatchObject({ code: 'FORBIDDEN', replayed: false });
    expect(foreign.message).toMatch(/no está adherida/);
    const annul: RegistryOperateRequest = {
      key: newKey('annul'),
      cheque_id: id,
      type: 'ANNUL',
      caller: { cuit: EMPRESA_DEMO },
      motivo: 'Error de carga',
    };
    const refusal = refused(await demo.registryOperate(annul));
    expect(refusal.code).toBe('INVALID_TRANSITION');
    expect(refusal.message).toMatch(/ACTIVO|estado/i);
    const replayed: RegistryOutcome = await demo.registryOperate(annul);
    expect(replayed).toEqual({ ...refusal, replayed: true });
  });

  // On PostgreSQL only: the embedded database has one connection, so a call inside a transaction would wait for it.
  it.runIf(TEST_ENGINE === 'pg')(
    'commits the registry’s answer whatever becomes of the caller’s transaction',
    async () => {
      now = new Date(at('2026-04-01'));
      let id = '';
      const failed = db.transaction(async () => {
        id = ok(await demo.registryIssue(demoIssue(NORTE))).cheque_id;
        throw new Error('the bank’s own change failed');
      });
      await expect(failed).rejects.toThrow(/failed/);
      expect((await registryCheque(db, id))?.state).toBe('EMITIDO-PENDIENTE');
    },
  );

  it('pages a bank’s events by cursor and refuses a bad page request with the port’s error', async () => {
    // Banco Norte (903) tells the registry its clients adhered (idempotent: a second time adds nothing).
    const norteCuits = await clientsOf('BNORTE');
    expect(norteCuits).toContain(NORTE);
    await norte.registryAdhere({ bankCode: '903', cuits: norteCuits });
    expect(await norte.registryAdhere({ bankCode: '903', cuits: norteCuits })).toEqual({ adhered: 0 });
    const all = await norte.registryEvents({ cursor: '0', bankCode: '903', limit: 5000 });
    expect(all.events.length).toBeGreaterThanOrEqual(3);
    expect(all.cursor).toBe(all.events.at(-1)!.id);
    const seen: string[] = [];
    let cursor = '0';
    for (;;) {
      const page = await norte.registryEvents({ cursor, bankCode: '903', limit: 2 });
      if (page.events.length === 0) {
        expect(page.cursor).toBe(cursor);
        break;
      }
      seen.push(...page.events.map((e) => e.id));
      cursor = page.cursor;
    }
    const events: RegistryEvent[] = all.events;
    expect(seen).toEqual(events.map((e) => e.id));
    expect(events.every((e) => e.payload.cheque.cheque_id === e.cheque_id)).toBe(true);
    // Exactly the events naming one of its clients or drawn on it: Banco Demo's cheques to Comercial Sur (a bank off
    // the sandbox) are not among them.
    const expected = await db.query<{ id: string }>(
      `select id::text as id from registry_events where cuits && $1::text[] or bank_code = '903'
       order by registry_events.id`,
      [norteCuits],
    );
    expect(events.map((e) => e.id)).toEqual(expected.rows.map((r) => r.id));
    const toSur = await db.query<{ n: number }>(
      `select count(*)::int as n from registry_events where $1 = any(cuits) and not cuits && $2::text[]`,
      [SUR, norteCuits],
    );
    expect(toSur.rows[0]!.n).toBeGreaterThan(0);
    await expect(norte.registryEvents({ cursor: '-1', bankCode: '903', limit: 1 })).rejects.toBeInstanceOf(
      ClearingRejectedError,
    );
    await expect(norte.registryEvents({ cursor: '0', bankCode: '9', limit: 1 })).rejects.toThrow(/Código de banco/);
    await expect(norte.registryAdhere({ bankCode: '903', cuits: ['123'] })).rejects.toThrow(/CUITs inválidas/);
  });
});

describe('the sandbox registry knows the bank by the tenant, whatever the request says', () => {
  it('answers a bank only its own events and adhesions: another bank code is a 403 and changes nothing', async () => {
    const demoEvents = await demo.registryEvents({ cursor: '0', bankCode: '901', limit: 5000 });
    expect(demoEvents.events.length).toBeGreaterThan(0);
    const peek = norte.registryEvents({ cursor: '0', bankCode: '901', limit: 5000 });
    await expect(peek).rejects.toBeInstanceOf(ClearingRejectedError);
    await expect(peek).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN', message: /banco 903/ });
    const before = await db.query('select cuit, bank_code from registry_adherents order by cuit, bank_code');
    const claim = norte.registryAdhere({ bankCode: '901', cuits: [SUR] });
    await expect(claim).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
    const after = await db.query('select cuit, bank_code from registry_adherents order by cuit, bank_code');
    expect(after.rows).toEqual(before.rows);
  });

  it('refuses a bank paying another bank’s cheque or issuing on another bank’s account', async () => {
    now = new Date(at('2026-04-01'));
    const id = ok(await demo.registryIssue(demoIssue(SUR))).cheque_id;
    const pay: RegistryOperateRequest = {
      key: newKey('pay'),
      cheque_id: id,
      type: 'PAY',
      caller: { payingBank: true },
    };
    const refusal = refused(await norte.registryOperate(pay));
    expect(refusal).toMatchObject({ code: 'FORBIDDEN', reason: 'REQUESTER', field: 'caller' });
    expect(refusal.message).toMatch(/no está librado contra el banco 903/);
    // The key was not claimed: nothing is kept, not even the refusal.
    const kept = await db.query('select 1 from registry_operations where idempotency_key = $1', [pay.key]);
    expect(kept.rows).toEqual([]);
    const issue = refused(await norte.registryIssue(demoIssue(NORTE)));
    expect(issue).toMatchObject({ code: 'FORBIDDEN', field: 'account' });
  });
});

describe('the sandbox registry’s job', () => {
  const tick = (when: string) => runJobOnce(db, registryJob({ db }), { now: () => new Date(when) });
  const stateOf = async (id: string) => (await registryCheque(db, id))!.state;

  it('presents a deposit at once and, at the cut-off, pays what the paying bank left unanswered (a test amount is rejected)', async () => {
    now = new Date(at('2026-04-01'));
    const paid = ok(await demo.registryIssue(demoIssue(SUR, 2000))).cheque_id;
    const unpaid = ok(await demo.registryIssue(demoIssue(SUR, 2000.13))).cheque_id;
    now = new Date(at(PAYMENT, '10:00'));
    for (const id of [paid, unpaid]) {
      const deposit: RegistryOperateRequest = {
        key: newKey('dep'),
        cheque_id: id,
        type: 'DEPOSIT',
        caller: { cuit: SUR },
      };
      // Comercial Sur is off the sandbox: the registry plays it (no bank asks for its deposit).
      const outcome = await db.transaction((tx) =>
        registryOperate(tx, deposit, new Date(now).toISOString(), sandboxRegistry(db), AS_REGISTRY),
      );
      expect(ok(outcome).state).toBe('DEPOSITADO');
    }
    expect((await tick(at(PAYMENT, '10:01'))).ran).toBe(true);
    // Banco Demo (901) is on the sandbox: it answers from its queue until the cut-off.
    expect([await stateOf(paid), await stateOf(unpaid)]).toEqual(['PRESENTADO', 'PRESENTADO']);
    await tick(at(PAYMENT, '19:59'));
    expect(await stateOf(paid)).toBe('PRESENTADO');
    await tick(at(PAYMENT, '20:00'));
    expect(await stateOf(paid)).toBe('PAGADO');
    const rejected = (await registryCheque(db, unpaid))!;
    expect(rejected.state).toBe('RECHAZADO');
    expect(JSON.stringify(rejected)).toContain('Sin fondos suficientes');
    // Another tick (another process) finds nothing left to do and changes nothing.
    const before = await db.query('select count(*)::int as n from registry_events');
    await tick(at(PAYMENT, '20:05'));
    expect((await db.query('select count(*)::int as n from registry_events')).rows).toEqual(before.rows);
  });
});
