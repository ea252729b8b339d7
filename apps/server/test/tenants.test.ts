import { makeCuit } from '@echeq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestServer } from './helpers';

const NON_ADMINS = [
  'admin@banco.example',
  'operador@banco.example',
  'auditor@banco.example',
  'emisor@empresa.example',
  'entidad@financiera.example',
];

describe('bank (tenant) administration', () => {
  let s: TestServer;
  let sys: string;
  beforeAll(async () => {
    s = await build();
    sys = await s.login('superadmin@plataforma.example');
  });
  afterAll(() => s.close());

  it('every /admin route is SYSTEM_ADMIN only: 403 for every other role, 401 without a session', async () => {
    const id = (await s.db.query<{ id: string }>("select id from tenants where codigo = 'BSUR'")).rows[0]!.id;
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/dashboard'],
      ['GET', '/api/admin/tenants'],
      ['POST', '/api/admin/tenants', { nombre: 'X', codigo: 'XX', cuit: makeCuit('30', '70000001') }],
      ['GET', `/api/admin/tenants/${id}`],
      ['PUT', `/api/admin/tenants/${id}`, { estado: 'INACTIVO' }],
    ];
    for (const email of NON_ADMINS) {
      const token = await s.login(email);
      for (const [method, path, body] of calls) {
        const r = await s.req(method, path, { token, body });
        expect(r.status, `${email} ${method} ${path}`).toBe(403);
        expect(r.body.code).toBe('FORBIDDEN');
      }
    }
    for (const [method, path, body] of calls) expect((await s.req(method, path, { body })).status).toBe(401);
    const still = await s.db.query("select estado from tenants where codigo = 'BSUR'");
    expect(still.rows[0]).toEqual({ estado: 'ACTIVO' });
  });

  it('dashboard stats count tenants, active ones, users and clearing configurations', async () => {
    const r = await s.req('GET', '/api/admin/dashboard', { token: sys });
    expect(r.status).toBe(200);
    const q = await s.db.query<any>(
      `select (select count(*)::int from tenants) as t, (select count(*)::int from users) as u,
              (select count(*)::int from coelsa_configs) as c`,
    );
    expect(r.body.data.stats).toEqual({
      totalTenants: q.rows[0].t,
      activeTenants: q.rows[0].t,
      totalUsers: q.rows[0].u,
      coelsaConfigs: q.rows[0].c,
    });
  });

  it('lists tenants as a plain list with users, counts and the clearing link (no secrets)', async () => {
    const r = await s.req('GET', '/api/admin/tenants', { token: sys });
    expect(r.status).toBe(200);
    expect(Array.isArray(r.body.data)).toBe(true);
    const bdemo = r.body.data.find((t: any) => t.codigo === 'BDEMO');
    expect(bdemo).toMatchObject({ nombre: 'Banco Demo', tipo: 'BANCO', estado: 'ACTIVO', discount_rate: 0.45 });
    expect(bdemo.users_count).toBe(bdemo.users.length);
    expect(bdemo.users.map((u: any) => u.email)).toContain('admin@banco.example');
    expect(bdemo.coelsaConfig).toMatchObject({ environment: 'sandbox' });
    const bsur = r.body.data.find((t: any) => t.codigo === 'BSUR');
    expect(bsur.coelsaConfig).toBeNull();
    const text = JSON.stringify(r.body);
    expect(text).not.toMatch(/api_key_enc|api_secret_enc|password/);
  });

  it('creates a tenant (tipo BANCO by default), refuses a repeated código and a bad CUIT', async () => {
    const cuit = makeCuit('30', '70111222');
    const r = await s.req('POST', '/api/admin/tenants', {
      token: sys,
      body: {
        nombre: 'Banco Litoral',
        codigo: 'blitoral',
        cuit: `${cuit.slice(0, 2)}-${cuit.slice(2, 10)}-${cuit.slice(10)}`,
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      nombre: 'Banco Litoral',
      codigo: 'BLITORAL',
      cuit,
      tipo: 'BANCO',
      estado: 'ACTIVO',
      discount_rate: 0.45,
      users_count: 0,
      users: [],
      coelsaConfig: null,
    });
    const dup = await s.req('POST', '/api/admin/tenants', {
      token: sys,
      body: { nombre: 'Otro', codigo: 'BLITORAL', cuit, tipo: 'FINANCIERA' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('DUPLICATE');
    for (const body of [
      { nombre: 'X', codigo: 'XY', cuit: '30-12345678-0' },
      { nombre: '', codigo: 'XY', cuit },
      { nombre: 'X', codigo: 'X', cuit },
      { nombre: 'X', codigo: 'XY', cuit, tipo: 'COOPERATIVA' },
      { nombre: 'X', codigo: 'XY', cuit, discount_rate: 1.2 },
      { nombre: 'X', codigo: 'XY', cuit, extra: true },
    ]) {
      const bad = await s.req('POST', '/api/admin/tenants', { token: sys, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    const fin = await s.req('POST', '/api/admin/tenants', {
      token: sys,
      body: {
        nombre: 'Financiera Sur',
        codigo: 'FSUR',
        cuit: makeCuit('30', '70111333'),
        tipo: 'FINANCIERA',
        discount_rate: 0.3875,
      },
    });
    expect(fin.body.data).toMatchObject({ tipo: 'FINANCIERA', discount_rate: 0.3875 });
    const audit = await s.db.query<any>(
      "select actor_email, tenant_id, after from audit_log where action = 'tenant.create' order by id",
    );
    expect(audit.rows).toHaveLength(2);
    expect(audit.rows[0]).toMatchObject({
      actor_email: 'superadmin@plataforma.example',
      tenant_id: r.body.data.id,
      after: { codigo: 'BLITORAL', tipo: 'BANCO' },
    });
    const dash = await s.req('GET', '/api/admin/dashboard', { token: sys });
    expect(dash.body.data.stats.totalTenants).toBe(6);
  });

  it('deactivating a tenant stops its users’ sessions and sign-ins; reactivation needs a new sign-in', async () => {
    const id = (await s.db.query<{ id: string }>("select id from tenants where codigo = 'BSUR'")).rows[0]!.id;
    const admin = await s.login('admin@bancosur.example');
    const company = await s.login('empresa@sur.example');
    const other = await s.login('admin@banco.example');
    const off = await s.req('PUT', `/api/admin/tenants/${id}`, { token: sys, body: { estado: 'INACTIVO' } });
    expect(off.status).toBe(200);
    expect(off.body.data.estado).toBe('INACTIVO');
    for (const t of [admin, company]) expect((await s.req('GET', '/api/auth/profile', { token: t })).status).toBe(401);
    expect((await s.req('GET', '/api/auth/profile', { token: other })).status).toBe(200);
    const login = await s.req('POST', '/api/auth/login', {
      body: { email: 'admin@bancosur.example', password: 'Demo1234!' },
    });
    expect(login.status).toBe(401);
    const stats = await s.req('GET', '/api/admin/dashboard', { token: sys });
    expect(stats.body.data.stats.activeTenants).toBe(stats.body.data.stats.totalTenants - 1);

    const on = await s.req('PUT', `/api/admin/tenants/${id}`, {
      token: sys,
      body: { estado: 'ACTIVO', nombre: 'Banco del Sur' },
    });
    expect(on.body.data).toMatchObject({ estado: 'ACTIVO', nombre: 'Banco del Sur' });
    expect((await s.req('GET', '/api/auth/profile', { token: admin })).status).toBe(401);
    expect(await s.login('admin@bancosur.example')).toBeTruthy();

    const audit = await s.db.query<any>(
      "select action, tenant_id, before, after from audit_log where entity = 'tenant' and entity_id = $1 order by id",
      [id],
    );
    expect(audit.rows.map((a: any) => a.action)).toEqual(['tenant.deactivate', 'tenant.update']);
    expect(audit.rows[0]).toMatchObject({
      tenant_id: id,
      before: { estado: 'ACTIVO' },
      after: { estado: 'INACTIVO', sessions_closed: 2 },
    });
    // The bank admin of that tenant reads the record in its trail.
    const trail = await s.req('GET', '/api/audit?entity=tenant', { token: await s.login('admin@bancosur.example') });
    expect(trail.body.data.data.map((a: any) => a.action)).toContain('tenant.deactivate');
  });

  it('sets the discount rate as a fraction with up to 6 decimals', async () => {
    const id = (await s.db.query<{ id: string }>("select id from tenants where codigo = 'BDEMO'")).rows[0]!.id;
    const r = await s.req('PUT', `/api/admin/tenants/${id}`, { token: sys, body: { discount_rate: 0.523456 } });
    expect(r.status).toBe(200);
    expect(r.body.data.discount_rate).toBe(0.523456);
    const stored = await s.db.query('select discount_rate::text as r from tenants where id = $1', [id]);
    expect(stored.rows[0]).toEqual({ r: '0.523456' });
    for (const discount_rate of [-0.1, 1.0001, 0.1234567, '0.5']) {
      const bad = await s.req('PUT', `/api/admin/tenants/${id}`, { token: sys, body: { discount_rate } });
      expect(bad.status, String(discount_rate)).toBe(400);
    }
    expect((await s.req('PUT', `/api/admin/tenants/${id}`, { token: sys, body: {} })).status).toBe(400);
    const missing = await s.req('PUT', '/api/admin/tenants/00000000-0000-4000-8000-000000000000', {
      token: sys,
      body: { estado: 'INACTIVO' },
    });
    expect(missing.status).toBe(404);
    const audit = await s.db.query<any>(
      "select before, after from audit_log where action = 'tenant.discount_rate.update' and entity_id = $1",
      [id],
    );
    expect(audit.rows).toEqual([
      {
        before: { discount_rate: 0.45, estado: 'ACTIVO', nombre: 'Banco Demo' },
        after: { discount_rate: 0.523456, estado: 'ACTIVO', nombre: 'Banco Demo' },
      },
    ]);
  });
});
