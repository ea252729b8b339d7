import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deliverOutboxOnce, enqueueClearing, outboxBacklog } from '../src/modules/clearing';
import { OUTBOX_MAX_ATTEMPTS } from '../src/modules/clearing/outbox/outbox';
import { type CoelsaSimulator, startCoelsaSimulator } from '../src/modules/clearing/simulator/server';
import { fixedClock } from '../src/platform/clock';
import { build, TEST_ENGINE, type TestServer } from './helpers';

const KEY = 'outbox-key';
const SECRET = 'outbox-secret-0123456789';

type Row = {
  id: string;
  status: string;
  attempts: number;
  next_attempt_at: Date | string;
  last_error: string | null;
  response: any;
};

describe('clearing outbox: operations never get lost', () => {
  let s: TestServer;
  let sim: CoelsaSimulator;
  const clock = fixedClock(new Date());
  let bdemoId: string;
  let bsurId: string;
  let fdemoId: string;
  let companyId: string;
  beforeAll(async () => {
    s = await build({ clock });
    sim = await startCoelsaSimulator({ credentials: { [KEY]: SECRET } });
    const t = await s.db.query<{ id: string; codigo: string }>('select id, codigo from tenants');
    bdemoId = t.rows.find((r) => r.codigo === 'BDEMO')!.id;
    bsurId = t.rows.find((r) => r.codigo === 'BSUR')!.id;
    fdemoId = t.rows.find((r) => r.codigo === 'FDEMO')!.id;
    companyId = (await s.db.query<{ id: string }>(`select id from companies where name = 'Empresa Demo S.A.'`)).rows[0]!
      .id;
  });
  afterAll(async () => {
    await sim.close();
    await s.close();
  });
  beforeEach(async () => {
    // Each test looks at its own rows: whatever earlier tests (or the seed) left is delivered or set aside.
    await s.db.query(
      `update clearing_outbox set status = 'FAILED', last_error = 'apartado por la prueba' where status = 'PENDING'`,
    );
    clock.set(new Date(Date.now() + 60 * 60_000 * 24));
  });

  const deliver = () => deliverOutboxOnce({ db: s.db, config: s.config, clock, batch: 50 });
  const rowsOf = async (ids: string[]) =>
    (
      await s.db.query<Row>(
        'select id, status, attempts, next_attempt_at, last_error, response from clearing_outbox where id = any($1::bigint[]) order by id',
        [ids],
      )
    ).rows;
  const enqueue = async (tenantId: string, operation: any, entity: string, entityId: string, payload: unknown) => {
    await s.db.transaction((tx) => enqueueClearing(tx, { tenantId, operation, entity, entityId, payload }));
    const r = await s.db.query<{ id: string }>('select max(id)::text as id from clearing_outbox');
    return r.rows[0]!.id;
  };
  const newEcheq = async (number: string, overrides: Record<string, unknown> = {}) => {
    const r = await s.db.query<{ id: string }>(
      `insert into echeqs (tenant_id, company_id, number, amount, currency, issue_date, due_date, issuer, beneficiary)
       values ($1, $2, $3, 1234.56, 'ARS', '2026-01-01', '2026-04-01', 'Emisor', 'Beneficiario') returning id`,
      [bdemoId, companyId, number],
    );
    return {
      id: r.rows[0]!.id,
      number,
      amount: '1234.56',
      currency: 'ARS',
      issue_date: '2026-01-01',
      due_date: '2026-04-01',
      issuer: 'Emisor',
      issuer_cuit: null,
      beneficiary: 'Beneficiario',
      beneficiary_cuit: null,
      ...overrides,
    };
  };

  it('delivers register, deposit, release and generic operations to the sandbox, with an audit record each', async () => {
    const e = await newEcheq('OBX-1');
    const custodyId = '7b0c3a56-1d2e-4f00-9a00-000000000001';
    const ids = [
      await enqueue(bdemoId, 'ECHEQ_REGISTER', 'echeq', e.id, e),
      await enqueue(bdemoId, 'CUSTODY_DEPOSIT', 'custody', custodyId, {
        echeq_id: e.id,
        custody_id: custodyId,
        echeq: e,
      }),
      await enqueue(bdemoId, 'DISCOUNT_REQUEST', 'discount', '7b0c3a56-1d2e-4f00-9a00-000000000002', {
        echeq_id: e.id,
      }),
      await enqueue(bdemoId, 'CUSTODY_RELEASE', 'custody', custodyId, {
        echeq_id: e.id,
        custody_id: custodyId,
        reason: 'Fin',
      }),
    ];
    expect((await outboxBacklog(s.db, { now: clock.now() })).due).toBeGreaterThanOrEqual(4);
    const run = await deliver();
    expect(run.ran).toBe(true);
    expect(run.result).toMatchObject({ delivered: 4, failed: 0 });
    const rows = await rowsOf(ids);
    expect(rows.map((r) => r.status)).toEqual(['DELIVERED', 'DELIVERED', 'DELIVERED', 'DELIVERED']);
    expect(rows.every((r) => r.attempts === 1 && r.last_error === null)).toBe(true);
    expect(rows[0]!.response).toMatchObject({ state: 'REGISTERED', reference: expect.stringMatching(/^CLR-/) });
    const sandbox = await s.db.query(
      'select state, custody_id from coelsa_sandbox_echeqs where tenant_id = $1 and echeq_id = $2',
      [bdemoId, e.id],
    );
    expect(sandbox.rows).toEqual([{ state: 'RELEASED', custody_id: custodyId }]);
    const log = await s.db.query<{ kind: string; idempotency_key: string }>(
      'select kind, idempotency_key from coelsa_sandbox_log where tenant_id = $1 and idempotency_key = any($2::text[]) order by id',
      [bdemoId, ids.map((id) => `outbox-${id}`)],
    );
    expect(log.rows.map((r) => r.kind)).toEqual(['register', 'deposit', 'operation', 'release']);
    const audit = await s.db.query<{ action: string; entity_id: string; actor_role: string }>(
      `select action, entity_id, actor_role from audit_log where entity = 'clearing_outbox' and entity_id = any($1::text[])`,
      [ids],
    );
    expect(audit.rows).toHaveLength(4);
    expect(audit.rows.every((a) => a.action === 'clearing.delivered' && a.actor_role === 'SYSTEM')).toBe(true);
    // Nothing left: a second run delivers nothing.
    expect((await deliver()).result).toMatchObject({ delivered: 0, retried: 0, failed: 0 });
  });

  it('a refusal of the clearing house (invalid cheque, unknown id) is FAILED at once, not retried', async () => {
    const bad = await newEcheq('OBX-BAD', { issuer_cuit: '20123456780', due_date: '2025-12-01' });
    const ids = [
      await enqueue(bdemoId, 'ECHEQ_REGISTER', 'echeq', bad.id, bad),
      await enqueue(bdemoId, 'CUSTODY_RELEASE', 'custody', '7b0c3a56-1d2e-4f00-9a00-000000000003', {
        echeq_id: '7b0c3a56-1d2e-4f00-9a00-00000000ffff',
        custody_id: '7b0c3a56-1d2e-4f00-9a00-000000000003',
      }),
    ];
    const run = await deliver();
    expect(run.result).toMatchObject({ delivered: 0, failed: 2 });
    const rows = await rowsOf(ids);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['FAILED', 1],
      ['FAILED', 1],
    ]);
    expect(rows[0]!.last_error).toContain('ECHEQ_INVALID');
    expect(rows[1]!.last_error).toContain('UNKNOWN_ECHEQ');
    const audit = await s.db.query(
      `select 1 from audit_log where action = 'clearing.failed' and entity_id = any($1::text[])`,
      [ids],
    );
    expect(audit.rows).toHaveLength(2);
  });

  it('an unavailable clearing house: retried with exponential backoff, then delivered once it is back', async () => {
    await s.req('POST', `/api/admin/tenants/${bsurId}/coelsa-config`, {
      token: await s.login('superadmin@plataforma.example'),
      body: {
        environment: 'staging',
        base_url: sim.url,
        api_key: KEY,
        api_secret: SECRET,
        timeout: 500,
        max_retries: 3,
      },
    });
    sim.setBehavior({ mode: 'error', status: 503 });
    const id = await enqueue(bsurId, 'DISCOUNT_APPROVE', 'discount', '7b0c3a56-1d2e-4f00-9a00-000000000010', {
      rate: 0.45,
    });
    const t0 = clock.now().getTime();

    const first = await deliver();
    expect(first.result).toMatchObject({ retried: 1, delivered: 0 });
    let [row] = await rowsOf([id]);
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(row!.last_error).toContain('COELSA no está disponible');
    const wait1 = new Date(row!.next_attempt_at).getTime() - t0;
    expect(wait1).toBeGreaterThanOrEqual(24_000);
    expect(wait1).toBeLessThanOrEqual(36_000);
    // The outbox makes one attempt per run (no retries inside): one request reached the clearing house.
    expect(sim.requests.filter((r) => r.path === '/v1/operations')).toHaveLength(1);

    // Not due yet: nothing happens.
    expect((await deliver()).result).toMatchObject({ retried: 0, delivered: 0 });

    clock.set(new Date(row!.next_attempt_at));
    await deliver();
    [row] = await rowsOf([id]);
    expect(row!.attempts).toBe(2);
    const wait2 = new Date(row!.next_attempt_at).getTime() - clock.now().getTime();
    expect(wait2).toBeGreaterThanOrEqual(48_000);
    expect(wait2).toBeLessThanOrEqual(72_000);

    sim.setBehavior({ mode: 'normal' });
    clock.set(new Date(row!.next_attempt_at));
    expect((await deliver()).result).toMatchObject({ delivered: 1 });
    [row] = await rowsOf([id]);
    expect(row).toMatchObject({ status: 'DELIVERED', attempts: 3, last_error: null });
    const received = sim.requests.filter((r) => r.path === '/v1/operations');
    expect(new Set(received.map((r) => r.key))).toEqual(new Set([`outbox-${id}`]));
    const audit = await s.db.query<{ action: string }>(
      `select action from audit_log where entity = 'clearing_outbox' and entity_id = $1 order by id`,
      [id],
    );
    expect(audit.rows.map((a) => a.action)).toEqual([
      'clearing.retry_scheduled',
      'clearing.retry_scheduled',
      'clearing.delivered',
    ]);
  });

  it('a slow remote clearing house holds no transaction: the database keeps answering during the call', async () => {
    await s.req('POST', `/api/admin/tenants/${bsurId}/coelsa-config`, {
      token: await s.login('superadmin@plataforma.example'),
      body: {
        environment: 'staging',
        base_url: sim.url,
        api_key: KEY,
        api_secret: SECRET,
        timeout: 5000,
        max_retries: 0,
      },
    });
    sim.setBehavior({ mode: 'slow', delayMs: 1500 });
    const id = await enqueue(bsurId, 'DISCOUNT_CANCEL', 'discount', '7b0c3a56-1d2e-4f00-9a00-000000000011', {});
    const running = deliver();
    await new Promise((r) => setTimeout(r, 300));
    const t0 = Date.now();
    await s.db.transaction((tx) => tx.query('select count(*) from clearing_outbox'));
    expect(Date.now() - t0).toBeLessThan(700);
    expect((await running).result).toMatchObject({ delivered: 1 });
    expect((await rowsOf([id]))[0]).toMatchObject({ status: 'DELIVERED', attempts: 1 });
    sim.setBehavior({ mode: 'normal' });
  });

  it(`gives up after ${OUTBOX_MAX_ATTEMPTS} attempts: FAILED, audited`, async () => {
    sim.setBehavior({ mode: 'error', status: 500 });
    const id = await enqueue(bsurId, 'DISCOUNT_REJECT', 'discount', '7b0c3a56-1d2e-4f00-9a00-000000000011', {});
    await s.db.query('update clearing_outbox set attempts = $2 where id = $1', [id, OUTBOX_MAX_ATTEMPTS - 1]);
    // The breaker may be open after the previous failures: the administrator's test resets it.
    await s.req('POST', `/api/admin/tenants/${bsurId}/coelsa-config`, {
      token: await s.login('superadmin@plataforma.example'),
      body: { environment: 'staging', base_url: sim.url, timeout: 500, max_retries: 3 },
    });
    const run = await deliver();
    expect(run.result).toMatchObject({ failed: 1 });
    const [row] = await rowsOf([id]);
    expect(row).toMatchObject({ status: 'FAILED', attempts: OUTBOX_MAX_ATTEMPTS });
    expect((await outboxBacklog(s.db, { tenantId: bsurId })).failed).toBeGreaterThanOrEqual(1);
    sim.setBehavior({ mode: 'normal' });
  });

  it('a bank without a usable configuration keeps its operations waiting (no attempt spent) until configured', async () => {
    await s.db.query('delete from coelsa_configs where tenant_id = $1', [fdemoId]);
    const id = await enqueue(fdemoId, 'DISCOUNT_COMPLETE', 'discount', '7b0c3a56-1d2e-4f00-9a00-000000000012', {});
    expect((await deliver()).result).toMatchObject({ deferred: 1 });
    let [row] = await rowsOf([id]);
    expect(row).toMatchObject({ status: 'PENDING', attempts: 0 });
    expect(row!.last_error).toContain('no está configurado');
    expect(new Date(row!.next_attempt_at).getTime()).toBeGreaterThan(clock.now().getTime());
    // Configuring the bank makes what waited due again.
    await s.req('POST', `/api/admin/tenants/${fdemoId}/coelsa-config`, {
      token: await s.login('superadmin@plataforma.example'),
      body: { environment: 'sandbox' },
    });
    expect((await deliver()).result).toMatchObject({ delivered: 1 });
    [row] = await rowsOf([id]);
    expect(row).toMatchObject({ status: 'DELIVERED', attempts: 1 });
  });

  it('operations of the real flows (a cheque created through the API) reach the sandbox', async () => {
    const token = await s.login('emisor@empresa.example');
    const r = await s.req('POST', '/api/echeqs', {
      token,
      body: {
        number: '6200001',
        amount: 321.5,
        currency: 'ARS',
        issue_date: '2026-01-05',
        due_date: '2026-02-05',
        issuer: 'Empresa Demo S.A.',
        beneficiary: 'Proveedor S.A.',
      },
    });
    expect([200, 201]).toContain(r.status);
    await deliver();
    const id = r.body.data.id ?? r.body.data.echeq?.id;
    const sandbox = await s.db.query('select state from coelsa_sandbox_echeqs where tenant_id = $1 and echeq_id = $2', [
      bdemoId,
      id,
    ]);
    expect(sandbox.rows).toEqual([{ state: 'REGISTERED' }]);
  });

  it.runIf(TEST_ENGINE === 'pg')('two processes never run the job at once (advisory lock)', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const holder = s.db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(727101)');
      await held;
    });
    await new Promise((r) => setTimeout(r, 100));
    const run = await deliver();
    expect(run.ran).toBe(false);
    release();
    await holder;
    expect((await deliver()).ran).toBe(true);
  });
});
