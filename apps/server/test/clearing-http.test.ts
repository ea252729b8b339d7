import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBreaker } from '../src/modules/clearing/adapters/breaker';
import { httpAdapter } from '../src/modules/clearing/adapters/http';
import { HEADER, signRequest } from '../src/modules/clearing/adapters/protocol';
import { ClearingRejectedError, ClearingUnavailableError } from '../src/modules/clearing/clearing.errors';
import type { ClearingEcheq } from '../src/modules/clearing/port';
import { type CoelsaSimulator, startCoelsaSimulator } from '../src/modules/clearing/simulator/server';

const KEY = 'banco-sur-key';
const SECRET = 'banco-sur-secret-0123456789';

const ECHEQ: ClearingEcheq = {
  id: '11111111-2222-4333-8444-555555555555',
  number: 'E-0001',
  amount: '1500.50',
  currency: 'ARS',
  issue_date: '2026-01-10',
  due_date: '2026-03-10',
  issuer: 'Empresa Demo S.A.',
  issuer_cuit: '30712345671',
  beneficiary: 'Beneficiario Demo S.R.L.',
  beneficiary_cuit: null,
};

describe('HTTP adapter against the standalone simulator (real socket)', () => {
  let sim: CoelsaSimulator;
  beforeAll(async () => {
    sim = await startCoelsaSimulator({ credentials: { [KEY]: SECRET } });
  });
  afterAll(() => sim.close());
  beforeEach(() => {
    sim.setBehavior({ mode: 'normal' });
    sim.requests.length = 0;
  });

  const adapter = (o: Partial<Parameters<typeof httpAdapter>[0]> = {}) =>
    httpAdapter({
      baseUrl: sim.url,
      egress: { allowedHosts: ['127.0.0.1'], requireHttps: false },
      apiKey: KEY,
      apiSecret: SECRET,
      timeoutMs: 1_000,
      maxRetries: 3,
      breaker: createBreaker({ threshold: 100 }),
      backoff: { baseMs: 10, capMs: 40 },
      ...o,
    });

  it('signs its requests and gets answers: health, validation, registration, query, custody', async () => {
    const a = adapter();
    await expect(a.health()).resolves.toMatchObject({ latencyMs: expect.any(Number) });
    await expect(a.validateEcheq(ECHEQ)).resolves.toEqual({ status: 'VALIDATED', reasons: [] });
    const bad = await a.validateEcheq({ ...ECHEQ, issuer_cuit: '30712345670', due_date: '2026-02-30' });
    expect(bad.status).toBe('REJECTED');
    expect(bad.reasons.map((r) => r.field).sort()).toEqual(['due_date', 'issuer_cuit']);

    const reg = await a.registerEcheq(ECHEQ, { idempotencyKey: 'reg-1' });
    expect(reg.reference).toMatch(/^CLR-[0-9A-F]{12}$/);
    const again = await a.registerEcheq(ECHEQ, { idempotencyKey: 'reg-1' });
    expect(again).toMatchObject({ reference: reg.reference, replayed: true });

    await expect(a.queryEcheq(ECHEQ.id)).resolves.toMatchObject({ state: 'REGISTERED', reference: reg.reference });
    await a.registerCustodyDeposit({ echeqId: ECHEQ.id, custodyId: '99999999-2222-4333-8444-555555555555' });
    await expect(a.queryEcheq(ECHEQ.id)).resolves.toMatchObject({ state: 'IN_CUSTODY' });
    await a.registerCustodyRelease({ echeqId: ECHEQ.id, custodyId: '99999999-2222-4333-8444-555555555555' });
    await expect(a.queryEcheq(ECHEQ.id)).resolves.toMatchObject({ state: 'RELEASED' });

    const req = sim.requests.find((r) => r.path === '/v1/echeqs' && r.method === 'POST');
    expect(req?.key).toBe('reg-1');
  });

  it('unknown ids are errors of the clearing house (4xx, not retried)', async () => {
    const a = adapter();
    const err = await a.queryEcheq('00000000-0000-4000-8000-000000000000').catch((e) => e);
    expect(err).toBeInstanceOf(ClearingRejectedError);
    expect(err).toMatchObject({ status: 404, code: 'UNKNOWN_ECHEQ' });
    const rel = await a
      .registerCustodyRelease({ echeqId: '00000000-0000-4000-8000-000000000000', custodyId: null })
      .catch((e) => e);
    expect(rel).toMatchObject({ status: 404, code: 'UNKNOWN_ECHEQ' });
    expect(sim.requests).toHaveLength(2);
  });

  it('times out a slow clearing house after the configured timeout, retrying each attempt', async () => {
    sim.setBehavior({ mode: 'slow', delayMs: 600 });
    const a = adapter({ timeoutMs: 150, maxRetries: 1 });
    const started = Date.now();
    const err = await a.health().catch((e) => e);
    expect(err).toBeInstanceOf(ClearingUnavailableError);
    expect(err).toMatchObject({ reason: 'TIMEOUT', attempts: 2 });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(sim.requests).toHaveLength(2);
  });

  it('retries 5xx and dropped connections, then succeeds', async () => {
    sim.setBehavior({ mode: 'error', status: 503, times: 2 });
    await expect(adapter().health()).resolves.toBeTruthy();
    expect(sim.requests.map((r) => r.status)).toEqual([503, 503, 200]);

    sim.requests.length = 0;
    sim.setBehavior({ mode: 'drop', times: 1 });
    await expect(adapter().validateEcheq(ECHEQ)).resolves.toMatchObject({ status: 'VALIDATED' });
    expect(sim.requests).toHaveLength(2);
  });

  it('keeps the idempotency key across retries so a retried registration is applied once', async () => {
    const e2 = { ...ECHEQ, id: '22222222-2222-4333-8444-555555555555', number: 'E-0002' };
    sim.setBehavior({ mode: 'error', status: 500, times: 1 });
    await adapter().registerEcheq(e2, { idempotencyKey: 'reg-2' });
    expect(sim.requests.map((r) => r.key)).toEqual(['reg-2', 'reg-2']);
    expect(sim.storeOf(KEY).records.get(e2.id)?.state).toBe('REGISTERED');
  });

  it('gives up after max retries (1 + max_retries attempts) with the backoff between them', async () => {
    sim.setBehavior({ mode: 'error', status: 502 });
    const err = await adapter({ maxRetries: 3 })
      .health()
      .catch((e) => e);
    expect(err).toBeInstanceOf(ClearingUnavailableError);
    expect(err).toMatchObject({ reason: 'SERVER_ERROR', attempts: 4 });
    expect(sim.requests).toHaveLength(4);
  });

  it('never retries a 4xx', async () => {
    const err = await adapter()
      .operation({ type: 'NOT_AN_OPERATION', entity: 'x', entityId: 'y', payload: {} })
      .catch((e) => e);
    expect(err).toBeInstanceOf(ClearingRejectedError);
    expect(err).toMatchObject({ status: 400, code: 'UNKNOWN_OPERATION' });
    expect(sim.requests).toHaveLength(1);
  });

  it('a wrong secret or a refused signature is a 401, not retried', async () => {
    const wrong = await adapter({ apiSecret: 'not-the-secret' })
      .health()
      .catch((e) => e);
    expect(wrong).toBeInstanceOf(ClearingRejectedError);
    expect(wrong).toMatchObject({ status: 401, code: 'BAD_SIGNATURE', isAuthFailure: true });

    sim.requests.length = 0;
    sim.setBehavior({ mode: 'reject-signature' });
    const refused = await adapter()
      .health()
      .catch((e) => e);
    expect(refused).toMatchObject({ status: 401, code: 'BAD_SIGNATURE' });
    expect(sim.requests).toHaveLength(1);

    sim.setBehavior({ mode: 'normal' });
    const unknown = await adapter({ apiKey: 'otra' })
      .health()
      .catch((e) => e);
    expect(unknown).toMatchObject({ status: 401, code: 'UNKNOWN_KEY' });
  });

  it('the simulator refuses a tampered body, a stale timestamp and a missing signature', async () => {
    const path = '/v1/echeqs/validate';
    const ts = String(Date.now());
    const body = JSON.stringify({ echeq_id: ECHEQ.id });
    const sig = signRequest(SECRET, { method: 'POST', path, timestamp: ts, body });
    const send = (headers: Record<string, string>, b = body) =>
      fetch(sim.url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: b });
    const tampered = await send({ [HEADER.key]: KEY, [HEADER.timestamp]: ts, [HEADER.signature]: sig }, '{"x":1}');
    expect(tampered.status).toBe(401);
    const old = String(Date.now() - 10 * 60_000);
    const stale = await send({
      [HEADER.key]: KEY,
      [HEADER.timestamp]: old,
      [HEADER.signature]: signRequest(SECRET, { method: 'POST', path, timestamp: old, body }),
    });
    expect(((await stale.json()) as { code: string }).code).toBe('STALE_TIMESTAMP');
    expect((await send({})).status).toBe(401);
    expect((await send({ [HEADER.key]: KEY, [HEADER.timestamp]: ts, [HEADER.signature]: sig })).status).toBe(200);
  });

  it('the circuit opens after consecutive failures (calls then cost nothing) and closes after a good trial', async () => {
    let clock = 1_000_000;
    const breaker = createBreaker({ threshold: 3, openMs: 5_000, now: () => clock });
    const a = adapter({ breaker, maxRetries: 0 });
    sim.setBehavior({ mode: 'error', status: 503 });
    for (let i = 0; i < 3; i++) await expect(a.health()).rejects.toMatchObject({ reason: 'SERVER_ERROR' });
    expect(breaker.state()).toBe('OPEN');
    const before = sim.requests.length;
    await expect(a.health()).rejects.toMatchObject({ reason: 'CIRCUIT_OPEN' });
    // Nothing was sent: the open circuit answers without a call (no stopwatch: the count is the proof).
    expect(sim.requests.length).toBe(before);

    // After the open period one trial goes out; a failed trial opens it again.
    clock += 5_000;
    expect(breaker.state()).toBe('HALF_OPEN');
    await expect(a.health()).rejects.toMatchObject({ reason: 'SERVER_ERROR' });
    expect(breaker.state()).toBe('OPEN');

    clock += 5_000;
    sim.setBehavior({ mode: 'normal' });
    await expect(a.health()).resolves.toBeTruthy();
    expect(breaker.state()).toBe('CLOSED');
    expect(breaker.snapshot()).toMatchObject({ state: 'CLOSED', consecutiveFailures: 0 });
  });

  it('stops retrying as soon as the circuit opens', async () => {
    const breaker = createBreaker({ threshold: 2, openMs: 60_000 });
    sim.setBehavior({ mode: 'error', status: 503 });
    await expect(adapter({ breaker, maxRetries: 5 }).health()).rejects.toMatchObject({ attempts: 2 });
    expect(sim.requests).toHaveLength(2);
  });

  it('a stopped clearing house is a connection error', async () => {
    const other = await startCoelsaSimulator({ credentials: { [KEY]: SECRET } });
    await other.close();
    const err = await adapter({ baseUrl: other.url, maxRetries: 1 })
      .health()
      .catch((e) => e);
    expect(err).toBeInstanceOf(ClearingUnavailableError);
    expect(err).toMatchObject({ reason: 'CONNECTION', attempts: 2 });
  });

  it('works with a base URL that has a path prefix', async () => {
    await expect(adapter({ baseUrl: `${sim.url}/coelsa/api` }).health()).resolves.toBeTruthy();
    expect(sim.requests.at(-1)?.path).toBe('/coelsa/api/v1/health');
  });
});
