import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CoelsaSimulator, startCoelsaSimulator } from '../../src/modules/clearing/simulator/server';
import { DEMO_PASSWORD } from '../helpers';
import { call, type ServerProcess, startServer } from '../reliability/server-process';
import { custodyBody } from '../reliability/support';
import { type SpawnedEngine, spawnedEngine, waitFor } from './spawned-engine';

const KEY = 'banco-sur-shutdown-key';
const SECRET = 'banco-sur-shutdown-secret-0123456789';
/** How long the clearing house takes to answer once the test makes it slow: under a status probe's 3 s limit. */
const SLOW_MS = 2_000;

/**
 * The built server as a load balancer and an orchestrator meet it: probes without a session, then SIGTERM while a
 * request and the clearing-house delivery job are each waiting for a slow clearing house (a real HTTP simulator).
 */
describe('health probes and SIGTERM on the built server', () => {
  let engine: SpawnedEngine;
  let sim: CoelsaSimulator;
  let srv: ServerProcess;

  beforeAll(async () => {
    engine = await spawnedEngine('shutdown');
    sim = await startCoelsaSimulator({ credentials: { [KEY]: SECRET } });
    srv = await startServer({
      ...engine.env,
      LOG_LEVEL: 'info',
      SHUTDOWN_DELAY_SECONDS: '1',
      // The simulator listens on loopback, which a clearing-house link may reach only when named (decision 021).
      COELSA_ALLOWED_HOSTS: '127.0.0.1',
    });
  }, 180_000);
  afterAll(async () => {
    await srv?.stop('SIGKILL');
    await sim?.close();
    await engine?.cleanup();
  });

  const login = async (email: string) =>
    (await call(srv.url, 'POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD } })).body.token as string;

  it('live and ready answer without a session and tell an outsider nothing more', async () => {
    const live = await call(srv.url, 'GET', '/api/health/live');
    expect(live).toEqual({ status: 200, body: { success: true, status: 'live' } });
    const ready = await call(srv.url, 'GET', '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      success: true,
      status: 'ready',
      checks: { database: 'up', migrations: 'applied', process: 'running', clearing: expect.any(String) },
    });
    // The demo banks run on the sandbox, and Banco Sur has no link at all: some configured, all of them working.
    expect(ready.body.checks.clearing).toBe('ok');
    const text = JSON.stringify(ready.body);
    for (const secret of ['pglite', 'postgres', 'Banco', 'BSUR', '0.1.0', 'version'])
      expect(text).not.toContain(secret);
    expect((await call(srv.url, 'GET', '/api/health')).body).toEqual({ success: true, status: 'ok' });
  });

  it('a clearing house that does not answer is reported, and the process stays ready', async () => {
    const root = await login('superadmin@plataforma.example');
    const tenants = await call(srv.url, 'GET', '/api/admin/tenants', { token: root });
    const bsur = (tenants.body.data as Array<{ id: string; codigo: string }>).find((t) => t.codigo === 'BSUR')!;
    const configure = await call(srv.url, 'POST', `/api/admin/tenants/${bsur.id}/coelsa-config`, {
      token: root,
      body: {
        environment: 'staging',
        base_url: sim.url,
        api_key: KEY,
        api_secret: SECRET,
        timeout: 10_000,
        max_retries: 0,
      },
    });
    expect(configure.status).toBe(200);
    sim.setBehavior({ mode: 'error', status: 503 });
    await waitFor('readiness reporting the clearing house as degraded', async () => {
      const r = await call(srv.url, 'GET', '/api/health/ready');
      expect(r.status).toBe(200);
      return r.body.checks.clearing === 'degraded';
    });
    sim.setBehavior({ mode: 'normal' });
    await waitFor(
      'the clearing house back to ok',
      async () => (await call(srv.url, 'GET', '/api/health/ready')).body.checks.clearing === 'ok',
    );
  });

  it('SIGTERM: not ready at once, the request in flight and the delivery job finish, then exit 0', {
    timeout: 90_000,
  }, async () => {
    const company = await login('empresa@sur.example');
    const bankAdmin = await login('admin@bancosur.example');
    // Banco Sur's clearing house (configured by the previous test) now takes SLOW_MS to answer anything.
    sim.setBehavior({ mode: 'slow', delayMs: SLOW_MS });
    // Calls waiting for the clearing house's answer: the delivery job's (registrations, custody) and the health
    // checks (the request below; the readiness probe asks too).
    const waiting = (health: boolean) =>
      sim.requests.filter((r) => r.status === null && (r.path === '/v1/health') === health).length;

    // A deposit in custody: its operations wait in the outbox until the delivery job sends them.
    const deposit = await call(srv.url, 'POST', '/api/echeqs/custody', { token: company, body: custodyBody() });
    expect(deposit.status).toBe(200);
    await waitFor('the delivery job sending to the clearing house', () => waiting(false) >= 1, 20_000);

    // A request that itself waits for the clearing house, then SIGTERM while both wait.
    const slow = call(srv.url, 'POST', '/api/integration/coelsa/operation', {
      token: bankAdmin,
      body: { type: 'HEALTH' },
    });
    await waitFor('the request reaching the clearing house', () => waiting(true) >= 1, 10_000);
    srv.child.kill('SIGTERM');
    const signalledAt = Date.now();

    // The signal reaches the process's event loop beside the requests: not ready within a few of its turns.
    const ready = await waitFor('readiness refused', async () => {
      const r = await call(srv.url, 'GET', '/api/health/ready');
      return r.status === 503 && r;
    });
    expect(Date.now() - signalledAt).toBeLessThan(500);
    expect(ready.body).toMatchObject({ success: false, code: 'NOT_READY', checks: { process: 'stopping' } });
    expect(typeof ready.body.message).toBe('string');
    expect((await call(srv.url, 'GET', '/api/health/live')).status).toBe(200);

    // After SHUTDOWN_DELAY_SECONDS the port is closed to new connections; the request in flight goes on.
    await waitFor('the port closed to new connections', async () => {
      try {
        await fetch(`${srv.url}/api/health/live`);
        return false;
      } catch {
        return true;
      }
    });
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(900);

    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(answer.body.success).toBe(true);
    expect(await srv.exited).toBe(0);
    // Nothing was cut off: every call to the clearing house had its answer before the process ended.
    expect(sim.requests.filter((r) => r.status === null)).toEqual([]);
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(SLOW_MS - 500);

    const out = srv.output();
    expect(out).toContain('cerrando: el servidor deja de estar listo');
    expect(out).toContain('"msg":"cerrado"');
    expect(out).not.toContain('falló la ejecución de un proceso programado');
    expect(out).not.toContain('cierre forzado');

    // The job's run recorded its outcome before the process ended: the deposit's operations are delivered.
    const db = await engine.open();
    try {
      const ops = await db.query<{ status: string }>(
        'select status from clearing_outbox where entity_id = any($1::uuid[])',
        [[deposit.body.data.custody.id, deposit.body.data.echeq.id]],
      );
      expect(ops.rows.length).toBeGreaterThan(0);
      expect(ops.rows.map((r) => r.status)).toEqual(ops.rows.map(() => 'DELIVERED'));
    } finally {
      await db.close();
    }
  });
});
