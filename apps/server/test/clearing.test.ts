import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CoelsaSimulator, startCoelsaSimulator } from '../src/modules/clearing/simulator/server';
import { build, type TestServer } from './helpers';

const SIM_KEY = 'sur-key';
const SIM_SECRET = 'sur-secret-0123456789abcdef';

describe('clearing house: status, configuration check, operations and the three 503 codes', () => {
  let s: TestServer;
  let sim: CoelsaSimulator;
  let root: string;
  let demo: string;
  let sur: string;
  let bsurId: string;
  let bdemoId: string;
  let demoEcheq: { id: string; company_id: string };
  beforeAll(async () => {
    s = await build();
    sim = await startCoelsaSimulator({ credentials: { [SIM_KEY]: SIM_SECRET } });
    root = await s.login('superadmin@plataforma.example');
    demo = await s.login('admin@banco.example');
    sur = await s.login('admin@bancosur.example');
    const t = await s.db.query<{ id: string; codigo: string }>('select id, codigo from tenants');
    bsurId = t.rows.find((r) => r.codigo === 'BSUR')!.id;
    bdemoId = t.rows.find((r) => r.codigo === 'BDEMO')!.id;
    const e = await s.db.query<{ id: string; company_id: string }>(
      `select e.id, e.company_id from echeqs e join companies c on c.id = e.company_id
       where e.tenant_id = $1 and e.deleted_at is null and c.name = 'Empresa Demo S.A.' order by e.created_at limit 1`,
      [bdemoId],
    );
    demoEcheq = e.rows[0]!;
  });
  afterAll(async () => {
    await sim.close();
    await s.close();
  });

  const op = (token: string, body: unknown) => s.req('POST', '/api/integration/coelsa/operation', { token, body });

  describe('status and configuration check (always 200, describing the state)', () => {
    it('Banco Demo (sandbox) reads SANDBOX, connected', async () => {
      const r = await s.req('GET', '/api/integration/coelsa/status', { token: demo });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ connected: true, status: 'SANDBOX' });
      expect(Date.parse(r.body.data.timestamp)).not.toBeNaN();
      const c = await s.req('GET', '/api/system/coelsa-config', { token: demo });
      expect(c.status).toBe(200);
      expect(c.body.data).toEqual({
        config: { isConfigured: true, isSandbox: true, baseUrl: null, hasUrl: false, hasApiKey: false },
        connection: { connected: true, status: 'SANDBOX', error: null },
        recommendations: { needsConfig: false, message: expect.stringContaining('Modo simulación activo') },
      });
    });

    it('every role of Banco Demo may read them; a company user too', async () => {
      for (const email of ['operador@banco.example', 'auditor@banco.example', 'emisor@empresa.example']) {
        const token = await s.login(email);
        const r = await s.req('GET', '/api/system/coelsa-config', { token });
        expect(r.status).toBe(200);
        expect(r.body.data.connection.status).toBe('SANDBOX');
      }
      expect((await s.req('GET', '/api/integration/coelsa/status')).status).toBe(401);
      expect((await s.req('GET', '/api/system/coelsa-config')).status).toBe(401);
    });

    it('Banco Sur (unconfigured) reads NOT_CONFIGURED with 200 and needs configuration', async () => {
      const r = await s.req('GET', '/api/integration/coelsa/status', { token: sur });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ connected: false, status: 'NOT_CONFIGURED' });
      const c = await s.req('GET', '/api/system/coelsa-config', { token: sur });
      expect(c.status).toBe(200);
      expect(c.body.data.config).toEqual({
        isConfigured: false,
        isSandbox: false,
        baseUrl: null,
        hasUrl: false,
        hasApiKey: false,
      });
      expect(c.body.data.connection).toMatchObject({ connected: false, status: 'NOT_CONFIGURED' });
      expect(c.body.data.recommendations.needsConfig).toBe(true);
    });

    it('the system administrator sees the platform (Banco Sur missing) or one bank with tenant_id', async () => {
      const c = await s.req('GET', '/api/system/coelsa-config', { token: root });
      expect(c.status).toBe(200);
      expect(c.body.data.config).toMatchObject({ isConfigured: false, isSandbox: true });
      expect(c.body.data.connection).toMatchObject({ connected: true, status: 'SANDBOX' });
      expect(c.body.data.recommendations).toMatchObject({ needsConfig: true });
      expect(c.body.data.recommendations.message).toContain('Banco Sur');
      const one = await s.req('GET', `/api/system/coelsa-config?tenant_id=${bsurId}`, { token: root });
      expect(one.body.data.connection.status).toBe('NOT_CONFIGURED');
      const st = await s.req('GET', `/api/integration/coelsa/status?tenant_id=${bdemoId}`, { token: root });
      expect(st.body.data.status).toBe('SANDBOX');
      const unknown = '00000000-0000-4000-8000-000000000000';
      expect((await s.req('GET', `/api/system/coelsa-config?tenant_id=${unknown}`, { token: root })).status).toBe(404);
      expect((await s.req('GET', '/api/system/coelsa-config?tenant_id=nope', { token: root })).status).toBe(400);
    });

    it('a bank user cannot ask about another bank (404)', async () => {
      const r = await s.req('GET', `/api/integration/coelsa/status?tenant_id=${bdemoId}`, { token: sur });
      expect(r.status).toBe(404);
      const own = await s.req('GET', `/api/integration/coelsa/status?tenant_id=${bsurId}`, { token: sur });
      expect(own.status).toBe(200);
    });

    it('GET /system/status reports database, clearing house, version and uptime', async () => {
      const r = await s.req('GET', '/api/system/status', { token: demo });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({
        status: 'ok',
        version: expect.any(String),
        uptime: expect.any(Number),
        database: { status: 'up', engine: s.db.kind },
        coelsa: { status: 'SANDBOX', connected: true },
        clearing_backlog: { pending: expect.any(Number), failed: expect.any(Number) },
      });
      const sr = await s.req('GET', '/api/system/status', { token: sur });
      expect(sr.body.data.coelsa).toEqual({ status: 'NOT_CONFIGURED', connected: false });
      expect((await s.req('GET', '/api/system/status')).status).toBe(401);
    });
  });

  describe('POST /integration/coelsa/operation', () => {
    it('HEALTH on the sandbox', async () => {
      const r = await op(demo, { type: 'HEALTH' });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ type: 'HEALTH', tenant_id: bdemoId, environment: 'sandbox', status: 'UP' });
    });

    it('VALIDATE_ECHEQ and QUERY_ECHEQ on a cheque of the bank (the sandbox already knows the demo book)', async () => {
      const v = await op(demo, { type: 'VALIDATE_ECHEQ', echeq_id: demoEcheq.id });
      expect(v.status).toBe(200);
      expect(v.body.data).toMatchObject({
        type: 'VALIDATE_ECHEQ',
        echeq_id: demoEcheq.id,
        status: 'VALIDATED',
        reasons: [],
      });
      const q = await op(demo, { type: 'QUERY_ECHEQ', echeq_id: demoEcheq.id });
      expect(q.status).toBe(200);
      expect(q.body.data).toMatchObject({ registered: true, reference: expect.stringMatching(/^CLR-/) });
      const audit = await s.db.query(
        `select 1 from audit_log where action = 'clearing.validate_echeq' and entity_id = $1`,
        [demoEcheq.id],
      );
      expect(audit.rows).toHaveLength(1);
    });

    it('the sandbox rejects a cheque whose CUIT fails the check digit or whose term is impossible', async () => {
      const r = await s.db.query<{ id: string }>(
        `insert into echeqs (tenant_id, company_id, number, amount, currency, issue_date, due_date, issuer, issuer_cuit,
           beneficiary, beneficiary_cuit)
         values ($1, $2, 'CLR-BAD-1', 1000.10, 'ARS', '2026-01-01', '2026-02-01', 'Emisor', '30712345670', 'Benef', null)
         returning id`,
        [bdemoId, demoEcheq.company_id],
      );
      const v = await op(demo, { type: 'VALIDATE_ECHEQ', echeq_id: r.rows[0]!.id });
      expect(v.status).toBe(200);
      expect(v.body.data.status).toBe('REJECTED');
      expect(v.body.data.reasons).toEqual([
        { field: 'issuer_cuit', message: expect.stringContaining('CUIT del emisor') },
      ]);
      // Unknown to the clearing house until registered; registering it is refused.
      const q = await op(demo, { type: 'QUERY_ECHEQ', echeq_id: r.rows[0]!.id });
      expect(q.body.data).toMatchObject({ registered: false, state: null });
      const reg = await op(demo, { type: 'REGISTER_ECHEQ', echeq_id: r.rows[0]!.id });
      expect(reg.status).toBe(409);
      expect(reg.body.message).toContain('COELSA rechazó la operación');
    });

    it('REGISTER_ECHEQ registers a new cheque, idempotently', async () => {
      const r = await s.db.query<{ id: string }>(
        `insert into echeqs (tenant_id, company_id, number, amount, currency, issue_date, due_date, issuer, beneficiary)
         values ($1, $2, 'CLR-NEW-1', 2500.00, 'USD', '2026-01-01', '2026-06-01', 'Emisor', 'Benef') returning id`,
        [bdemoId, demoEcheq.company_id],
      );
      const id = r.rows[0]!.id;
      const a = await op(demo, { type: 'REGISTER_ECHEQ', echeq_id: id });
      expect(a.status).toBe(200);
      expect(a.body.data).toMatchObject({
        type: 'REGISTER_ECHEQ',
        echeq_id: id,
        reference: expect.stringMatching(/^CLR-/),
      });
      const b = await op(demo, { type: 'REGISTER_ECHEQ', echeq_id: id });
      expect(b.body.data.reference).toBe(a.body.data.reference);
      const q = await op(demo, { type: 'QUERY_ECHEQ', echeq_id: id });
      expect(q.body.data).toMatchObject({ registered: true, state: 'REGISTERED' });
      const rows = await s.db.query('select state from coelsa_sandbox_echeqs where tenant_id = $1 and echeq_id = $2', [
        bdemoId,
        id,
      ]);
      expect(rows.rows).toEqual([{ state: 'REGISTERED' }]);
    });

    it('is scoped to the caller: another bank’s cheque or another company’s is 404', async () => {
      expect((await op(sur, { type: 'QUERY_ECHEQ', echeq_id: demoEcheq.id })).status).toBe(404);
      const other = await s.login('beneficiario@beneficiario.example');
      // BENEFICIARY has no clearing:operate.
      expect((await op(other, { type: 'HEALTH' })).status).toBe(403);
      const company = await s.login('emisor@empresa.example');
      expect((await op(company, { type: 'QUERY_ECHEQ', echeq_id: demoEcheq.id })).status).toBe(200);
      const foreign = await s.db.query<{ id: string }>(
        `select e.id from echeqs e join companies c on c.id = e.company_id
         where e.tenant_id = $1 and c.name <> 'Empresa Demo S.A.' and e.deleted_at is null limit 1`,
        [bdemoId],
      );
      if (foreign.rows[0]) {
        expect((await op(company, { type: 'QUERY_ECHEQ', echeq_id: foreign.rows[0].id })).status).toBe(404);
      }
    });

    it('validates the body per type', async () => {
      const cases = [
        {},
        { type: 'NOPE' },
        { type: 'VALIDATE_ECHEQ' },
        { type: 'VALIDATE_ECHEQ', echeq_id: 'x' },
        { type: 'HEALTH', extra: 1 },
        { type: 'QUERY_ECHEQ', echeq_id: demoEcheq.id, tenant_id: bdemoId },
      ];
      for (const body of cases) {
        const r = await op(demo, body);
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(r.body.code).toBe('VALIDATION_ERROR');
      }
      expect((await op(await s.login('auditor@banco.example'), { type: 'HEALTH' })).status).toBe(403);
      const rootHealth = await op(root, { type: 'HEALTH' });
      expect(rootHealth.status).toBe(400);
      expect((await op(root, { type: 'HEALTH', tenant_id: bdemoId })).status).toBe(200);
    });
  });

  describe('the three 503 codes', () => {
    it('COELSA_NOT_CONFIGURED for a bank without configuration', async () => {
      const r = await op(sur, { type: 'HEALTH' });
      expect(r.status).toBe(503);
      expect(r.body).toEqual({
        success: false,
        code: 'COELSA_NOT_CONFIGURED',
        message: 'COELSA no está configurado. Contacte al administrador del sistema.',
      });
    });

    it('SANDBOX_NOT_CONFIGURED when the bank chose the sandbox but is not (or no longer) a participant of it', async () => {
      await s.db.query(
        `update coelsa_sandbox_participants set enabled = false, disabled_reason = 'prueba' where tenant_id = $1`,
        [bdemoId],
      );
      try {
        const r = await op(demo, { type: 'HEALTH' });
        expect(r.status).toBe(503);
        expect(r.body).toMatchObject({
          code: 'SANDBOX_NOT_CONFIGURED',
          message: 'El sandbox de COELSA no está configurado. Contacte al administrador.',
        });
        const st = await s.req('GET', '/api/integration/coelsa/status', { token: demo });
        expect(st.body.data).toMatchObject({ connected: false, status: 'DISCONNECTED' });
        const c = await s.req('GET', '/api/system/coelsa-config', { token: demo });
        expect(c.body.data.config).toMatchObject({ isConfigured: false, isSandbox: true });
        expect(c.body.data.connection.error).toContain('sandbox');
        await s.db.query('delete from coelsa_sandbox_participants where tenant_id = $1', [bdemoId]);
        expect((await op(demo, { type: 'HEALTH' })).body.code).toBe('SANDBOX_NOT_CONFIGURED');
      } finally {
        // Choosing the sandbox again (as the administrator does) makes the bank a participant again.
        const again = await s.req('POST', `/api/admin/tenants/${bdemoId}/coelsa-config`, {
          token: root,
          body: { environment: 'sandbox' },
        });
        expect(again.status).toBe(200);
      }
      expect((await op(demo, { type: 'HEALTH' })).status).toBe(200);
    });

    it('Banco Sur against the simulator: connected; simulator stopped: COELSA_NOT_AVAILABLE fast, failed test', async () => {
      const set = await s.req('POST', `/api/admin/tenants/${bsurId}/coelsa-config`, {
        token: root,
        body: {
          environment: 'staging',
          base_url: sim.url,
          api_key: SIM_KEY,
          api_secret: SIM_SECRET,
          timeout: 1000,
          max_retries: 2,
        },
      });
      expect(set.status).toBe(200);
      const test = await s.req('POST', `/api/admin/tenants/${bsurId}/coelsa-config/test`, { token: root });
      expect(test.status).toBe(200);
      expect(test.body).toMatchObject({ success: true, data: { success: true, test_status: 'success' } });
      expect(test.body.message).toMatch(/^Conexión exitosa con COELSA \(Homologación\) en \d+ ms$/);
      expect((await s.req('GET', '/api/integration/coelsa/status', { token: sur })).body.data).toMatchObject({
        connected: true,
        status: 'CONNECTED',
      });
      const c = await s.req('GET', '/api/system/coelsa-config', { token: sur });
      expect(c.body.data).toMatchObject({
        config: { isConfigured: true, isSandbox: false, baseUrl: sim.url, hasUrl: true, hasApiKey: true },
        connection: { connected: true, status: 'CONNECTED', error: null },
        recommendations: { needsConfig: false },
      });
      expect((await op(sur, { type: 'HEALTH' })).status).toBe(200);

      await sim.close();
      const started = Date.now();
      const down = await op(sur, { type: 'HEALTH' });
      expect(down.status).toBe(503);
      expect(down.body).toEqual({
        success: false,
        code: 'COELSA_NOT_AVAILABLE',
        message: 'COELSA no está disponible en este momento. Intente más tarde.',
      });
      expect(Date.now() - started).toBeLessThan(3_000);

      const failed = await s.req('POST', `/api/admin/tenants/${bsurId}/coelsa-config/test`, { token: root });
      expect(failed.status).toBe(200);
      expect(failed.body.data).toMatchObject({ success: false, test_status: 'failed' });
      expect(failed.body.message).toContain('COELSA no está disponible');
      const row = await s.db.query<{ test_status: string; tested_at: unknown; test_message: string }>(
        'select test_status, tested_at, test_message from coelsa_configs where tenant_id = $1',
        [bsurId],
      );
      expect(row.rows[0]).toMatchObject({ test_status: 'failed', test_message: failed.body.message });
      expect(row.rows[0]!.tested_at).not.toBeNull();

      const st = await s.req('GET', '/api/integration/coelsa/status', { token: sur });
      expect(st.status).toBe(200);
      expect(st.body.data).toMatchObject({ connected: false, status: 'DISCONNECTED' });
      const check = await s.req('GET', '/api/system/coelsa-config', { token: sur });
      expect(check.body.data.connection).toMatchObject({ connected: false, status: 'DISCONNECTED' });
      expect(check.body.data.connection.error).toContain('COELSA no está disponible');

      // A dead clearing house costs almost nothing once the circuit is open.
      for (let i = 0; i < 5; i++) await op(sur, { type: 'HEALTH' });
      const t0 = Date.now();
      const fast = await op(sur, { type: 'HEALTH' });
      expect(fast.body.code).toBe('COELSA_NOT_AVAILABLE');
      expect(Date.now() - t0).toBeLessThan(200);

      // Back up (a new simulator on the same port): the administrator's test goes through even with the circuit open.
      sim = await startCoelsaSimulator({ port: sim.port, credentials: { [SIM_KEY]: SIM_SECRET } });
      const ok = await s.req('POST', `/api/admin/tenants/${bsurId}/coelsa-config/test`, { token: root });
      expect(ok.body.data).toMatchObject({ success: true, test_status: 'success' });
      expect((await op(sur, { type: 'HEALTH' })).status).toBe(200);
    });
  });
});
