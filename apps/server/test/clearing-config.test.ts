import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CoelsaSimulator, startCoelsaSimulator } from '../src/modules/clearing/simulator/server';
import { build, type TestServer } from './helpers';

const KEY = 'clave-publica-sur-7f3a9c';
const SECRET = 'secreto-ultra-sur-4b8e2d1f';

/** Everything the server's logger writes (pino writes to fd 1 synchronously). */
function captureLogs() {
  const lines: string[] = [];
  const writeSync = fs.writeSync;
  const write = process.stdout.write;
  (fs as any).writeSync = (fd: number, data: any, ...rest: any[]) => {
    if (fd === 1 || fd === 2) {
      lines.push(String(data));
      return typeof data === 'string' ? Buffer.byteLength(data) : data.length;
    }
    return (writeSync as any)(fd, data, ...rest);
  };
  (process.stdout as any).write = (d: any) => {
    lines.push(String(d));
    return true;
  };
  return {
    lines,
    restore() {
      (fs as any).writeSync = writeSync;
      (process.stdout as any).write = write;
    },
  };
}

describe('clearing-house configuration per bank (SYSTEM_ADMIN only)', () => {
  let s: TestServer;
  let sim: CoelsaSimulator;
  let root: string;
  let bsurId: string;
  let bdemoId: string;
  let logs: ReturnType<typeof captureLogs>;
  beforeAll(async () => {
    logs = captureLogs();
    s = await build({ config: { logLevel: 'trace' } });
    sim = await startCoelsaSimulator({ credentials: { [KEY]: SECRET } });
    root = await s.login('superadmin@plataforma.example');
    const t = await s.db.query<{ id: string; codigo: string }>('select id, codigo from tenants');
    bsurId = t.rows.find((r) => r.codigo === 'BSUR')!.id;
    bdemoId = t.rows.find((r) => r.codigo === 'BDEMO')!.id;
  });
  afterAll(async () => {
    logs.restore();
    await sim.close();
    await s.close();
  });

  const cfgPath = (id: string) => `/api/admin/tenants/${id}/coelsa-config`;

  it('only the system administrator may set, read, test or remove it (others 403, anonymous 401)', async () => {
    for (const email of [
      'admin@banco.example',
      'admin@bancosur.example',
      'operador@banco.example',
      'emisor@empresa.example',
    ]) {
      const token = await s.login(email);
      const set = await s.req('POST', cfgPath(bsurId), { token, body: { environment: 'sandbox' } });
      expect(set.status, email).toBe(403);
      expect(set.body.code).toBe('FORBIDDEN');
      expect((await s.req('POST', `${cfgPath(bsurId)}/test`, { token })).status).toBe(403);
      expect((await s.req('GET', cfgPath(bdemoId), { token })).status).toBe(403);
      expect((await s.req('DELETE', cfgPath(bdemoId), { token })).status).toBe(403);
    }
    expect((await s.req('POST', cfgPath(bsurId), { body: { environment: 'sandbox' } })).status).toBe(401);
    expect((await s.req('POST', `${cfgPath(bsurId)}/test`)).status).toBe(401);
    const row = await s.db.query('select 1 from coelsa_configs where tenant_id = $1', [bsurId]);
    expect(row.rows).toHaveLength(0);
  });

  it('unknown tenant is 404; a malformed id is 400; testing an unconfigured bank is 503 COELSA_NOT_CONFIGURED', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await s.req('POST', cfgPath(unknown), { token: root, body: {} })).status).toBe(404);
    expect((await s.req('POST', `${cfgPath(unknown)}/test`, { token: root })).status).toBe(404);
    expect((await s.req('POST', cfgPath('nope'), { token: root, body: {} })).status).toBe(400);
    const t = await s.req('POST', `${cfgPath(bsurId)}/test`, { token: root });
    expect(t.status).toBe(503);
    expect(t.body.code).toBe('COELSA_NOT_CONFIGURED');
    const g = await s.req('GET', cfgPath(bsurId), { token: root });
    expect(g.status).toBe(200);
    expect(g.body.data).toBeNull();
  });

  it('validates the payload: URL required and http(s) outside the sandbox, bounds, no unknown fields', async () => {
    const bad: Array<[unknown, string]> = [
      [{ environment: 'staging' }, 'base_url'],
      [{ environment: 'production', base_url: 'no es una url' }, 'base_url'],
      [{ environment: 'staging', base_url: 'ftp://coelsa.example' }, 'base_url'],
      [{ environment: 'staging', base_url: 'https://user:pass@coelsa.example' }, 'base_url'],
      [{ environment: 'test' }, 'environment'],
      [{ timeout: 50 }, 'timeout'],
      [{ timeout: 200_000 }, 'timeout'],
      [{ timeout: 1000.5 }, 'timeout'],
      [{ max_retries: -1 }, 'max_retries'],
      [{ max_retries: 11 }, 'max_retries'],
      [{ api_key: '' }, 'api_key'],
      [{ password: 'x' }, 'password'],
    ];
    for (const [body, field] of bad) {
      const r = await s.req('POST', cfgPath(bsurId), { token: root, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code).toBe('VALIDATION_ERROR');
      expect(JSON.stringify(r.body.errors)).toContain(field);
    }
    const row = await s.db.query('select 1 from coelsa_configs where tenant_id = $1', [bsurId]);
    expect(row.rows).toHaveLength(0);
  });

  it('defaults: sandbox, 30000 ms, 3 retries; the bank becomes a sandbox participant', async () => {
    const r = await s.req('POST', cfgPath(bsurId), { token: root, body: {} });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({
      environment: 'sandbox',
      base_url: null,
      timeout: 30000,
      max_retries: 3,
      has_api_key: false,
      has_api_secret: false,
      test_status: 'untested',
      tested_at: null,
      test_message: null,
    });
    const sur = await s.login('admin@bancosur.example');
    const st = await s.req('GET', '/api/integration/coelsa/status', { token: sur });
    expect(st.body.data).toMatchObject({ connected: true, status: 'SANDBOX' });
    const t = await s.req('POST', `${cfgPath(bsurId)}/test`, { token: root, body: {} });
    expect(t.body).toMatchObject({
      success: true,
      message: 'Conectado a Sandbox',
      data: { success: true, test_status: 'success' },
    });
  });

  it('staging against the simulator: key and secret sealed at rest, never returned, kept when omitted', async () => {
    const body = {
      environment: 'staging',
      base_url: `${sim.url}/`,
      api_key: KEY,
      api_secret: SECRET,
      timeout: 2000,
      max_retries: 1,
    };
    const r = await s.req('POST', cfgPath(bsurId), { token: root, body });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      environment: 'staging',
      base_url: sim.url,
      timeout: 2000,
      max_retries: 1,
      has_api_key: true,
      has_api_secret: true,
      test_status: 'untested',
    });
    const stored = await s.db.query<{ api_key_enc: string; api_secret_enc: string }>(
      'select api_key_enc, api_secret_enc from coelsa_configs where tenant_id = $1',
      [bsurId],
    );
    const enc = stored.rows[0]!;
    expect(enc.api_key_enc).toMatch(/^v1\./);
    expect(enc.api_secret_enc).toMatch(/^v1\./);
    expect(JSON.stringify(enc)).not.toContain(KEY);
    expect(JSON.stringify(enc)).not.toContain(SECRET);

    const t = await s.req('POST', `${cfgPath(bsurId)}/test`, { token: root });
    expect(t.body.data).toMatchObject({ success: true, test_status: 'success' });

    // An update without key and secret keeps them: the link still works.
    const upd = await s.req('POST', cfgPath(bsurId), {
      token: root,
      body: { environment: 'staging', base_url: sim.url, timeout: 3000, max_retries: 2 },
    });
    expect(upd.body.data).toMatchObject({
      has_api_key: true,
      has_api_secret: true,
      timeout: 3000,
      test_status: 'success',
    });
    const again = await s.req('POST', `${cfgPath(bsurId)}/test`, { token: root });
    expect(again.body.data.success).toBe(true);

    const g = await s.req('GET', cfgPath(bsurId), { token: root });
    expect(g.body.data).toMatchObject({ environment: 'staging', has_api_key: true, test_status: 'success' });
    const check = await s.req('GET', '/api/system/coelsa-config', { token: await s.login('admin@bancosur.example') });
    expect(check.body.data.config).toMatchObject({ isConfigured: true, hasApiKey: true, baseUrl: sim.url });

    // A wrong secret: the test fails with the clearing house's refusal, recorded.
    await s.req('POST', cfgPath(bsurId), {
      token: root,
      body: { environment: 'staging', base_url: sim.url, api_secret: 'otro-secreto-incorrecto' },
    });
    const refused = await s.req('POST', `${cfgPath(bsurId)}/test`, { token: root });
    expect(refused.body.data).toMatchObject({ success: false, test_status: 'failed' });
    expect(refused.body.message).toContain('COELSA rechazó las credenciales');
    const sur = await s.login('admin@bancosur.example');
    const opRes = await s.req('POST', '/api/integration/coelsa/operation', { token: sur, body: { type: 'HEALTH' } });
    expect(opRes.status).toBe(503);
    expect(opRes.body.code).toBe('COELSA_NOT_AVAILABLE');
    await s.req('POST', cfgPath(bsurId), {
      token: root,
      body: { environment: 'staging', base_url: sim.url, api_secret: SECRET },
    });
  });

  it('staging without credentials is incomplete: NOT_CONFIGURED for the clearing functions', async () => {
    const t = await s.db.query<{ id: string }>(
      `insert into tenants (nombre, codigo, cuit, tipo) values ('Banco Nuevo', 'BNUEVO', '30700030137', 'BANCO') returning id`,
    );
    const id = t.rows[0]!.id;
    const r = await s.req('POST', cfgPath(id), {
      token: root,
      body: { environment: 'production', base_url: 'https://coelsa.example/api' },
    });
    expect(r.status).toBe(200);
    const check = await s.req('GET', `/api/system/coelsa-config?tenant_id=${id}`, { token: root });
    expect(check.body.data.config).toEqual({
      isConfigured: false,
      isSandbox: false,
      baseUrl: 'https://coelsa.example/api',
      hasUrl: true,
      hasApiKey: false,
    });
    expect(check.body.data.recommendations.message).toContain('API key');
    const test = await s.req('POST', `${cfgPath(id)}/test`, { token: root });
    expect(test.body.data).toMatchObject({ success: false, test_status: 'failed' });
    expect(test.body.message).toContain('Configuración incompleta');
    const op = await s.req('POST', '/api/integration/coelsa/operation', {
      token: root,
      body: { type: 'HEALTH', tenant_id: id },
    });
    expect(op.status).toBe(503);
    expect(op.body.code).toBe('COELSA_NOT_CONFIGURED');
    // Removing it (audited) brings the bank back to "not configured".
    expect((await s.req('DELETE', cfgPath(id), { token: root })).status).toBe(200);
    expect((await s.req('DELETE', cfgPath(id), { token: root })).status).toBe(404);
  });

  it('audits every change and test, without secrets', async () => {
    const r = await s.db.query<{ action: string; before: unknown; after: unknown; actor_email: string }>(
      `select action, before, after, actor_email from audit_log where entity = 'coelsa_config' order by id`,
    );
    const actions = r.rows.map((x) => x.action);
    expect(actions).toContain('coelsa_config.create');
    expect(actions).toContain('coelsa_config.update');
    expect(actions).toContain('coelsa_config.test');
    expect(actions).toContain('coelsa_config.delete');
    expect(r.rows.every((x) => x.actor_email === 'superadmin@plataforma.example')).toBe(true);
    const text = JSON.stringify(r.rows);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(SECRET);
    expect(text).toContain('"credentials":"completas"');
  });

  it('no response and no log line ever carries the key or the secret', async () => {
    // Everything the admin can read back.
    const list = await s.req('GET', cfgPath(bsurId), { token: root });
    const check = await s.req('GET', `/api/system/coelsa-config?tenant_id=${bsurId}`, { token: root });
    for (const body of [list.body, check.body]) {
      expect(JSON.stringify(body)).not.toContain(KEY);
      expect(JSON.stringify(body)).not.toContain(SECRET);
    }
    // Failures get logged (warnings): still nothing secret.
    await sim.close();
    const sur = await s.login('admin@bancosur.example');
    await s.req('POST', '/api/integration/coelsa/operation', { token: sur, body: { type: 'HEALTH' } });
    await s.req('POST', `${cfgPath(bsurId)}/test`, { token: root });
    const all = logs.lines.join('\n');
    expect(all.length).toBeGreaterThan(0);
    expect(all).toContain('COELSA: intento fallido');
    expect(all).not.toContain(KEY);
    expect(all).not.toContain(SECRET);
  });
});
