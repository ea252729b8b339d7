import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestServer } from './helpers';

describe('platform settings', () => {
  let s: TestServer;
  let sys: string;
  beforeAll(async () => {
    s = await build();
    sys = await s.login('superadmin@plataforma.example');
  });
  afterAll(() => s.close());

  it('is SYSTEM_ADMIN only', async () => {
    for (const email of ['admin@banco.example', 'auditor@banco.example', 'emisor@empresa.example']) {
      const token = await s.login(email);
      expect((await s.req('GET', '/api/settings', { token })).status).toBe(403);
      const put = await s.req('PUT', '/api/settings', { token, body: { platform: { session_hours: 1 } } });
      expect(put.status).toBe(403);
    }
    expect((await s.req('GET', '/api/settings')).status).toBe(401);
  });

  it('reads the defaults and every bank’s discount rate', async () => {
    const r = await s.req('GET', '/api/settings', { token: sys });
    expect(r.status).toBe(200);
    expect(r.body.data.platform).toEqual({
      session_hours: 8,
      login_max_failures_per_account: 5,
      login_max_failures_per_ip: 50,
      login_window_minutes: 15,
      registration_max_per_ip: 10,
      registration_max_per_hour: 100,
    });
    expect(r.body.data.discount_rates.map((b: any) => b.codigo).sort()).toEqual(['BDEMO', 'BNORTE', 'BSUR', 'FDEMO']);
    expect(r.body.data.discount_rates[0]).toMatchObject({ discount_rate: 0.45, estado: 'ACTIVO' });
  });

  it('validates: ranges, integers, unknown keys, empty changes', async () => {
    for (const body of [
      {},
      { platform: { session_hours: 0 } },
      { platform: { session_hours: 1.5 } },
      { platform: { login_window_minutes: 100000 } },
      { platform: { unknown: 1 } },
      { discount_rates: [{ tenant_id: 'x', discount_rate: 0.1 }] },
      { discount_rates: [{ tenant_id: '00000000-0000-4000-8000-000000000000', discount_rate: 0.1 }] },
      { discount_rates: [{ tenant_id: '00000000-0000-4000-8000-000000000000', discount_rate: 2 }] },
    ]) {
      const r = await s.req('PUT', '/api/settings', { token: sys, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code).toBe('VALIDATION_ERROR');
    }
    const n = await s.db.query("select count(*)::int as n from audit_log where action like 'settings.%'");
    expect(n.rows[0]).toEqual({ n: 0 });
  });

  it('a shorter session lifetime applies to the next sessions', async () => {
    const r = await s.req('PUT', '/api/settings', { token: sys, body: { platform: { session_hours: 2 } } });
    expect(r.status).toBe(200);
    expect(r.body.data.platform.session_hours).toBe(2);
    expect(r.body.data.updated_at).not.toBeNull();
    await s.login('operador@banco.example');
    const q = await s.db.query<{ hours: number }>(
      `select round(extract(epoch from (s.expires_at - s.created_at)) / 3600)::int as hours from sessions s
       join users u on u.id = s.user_id where u.email = 'operador@banco.example' order by s.created_at desc limit 1`,
    );
    expect(q.rows[0]!.hours).toBe(2);
  });

  it('login throttling thresholds take effect at once', async () => {
    const r = await s.req('PUT', '/api/settings', {
      token: sys,
      body: { platform: { login_max_failures_per_account: 2, login_window_minutes: 5 } },
    });
    expect(r.body.data.platform).toMatchObject({
      session_hours: 2,
      login_max_failures_per_account: 2,
      login_window_minutes: 5,
    });
    const attempt = () =>
      s.req('POST', '/api/auth/login', { body: { email: 'auditor@banco.example', password: 'Mala1234!' } });
    expect((await attempt()).status).toBe(401);
    expect((await attempt()).status).toBe(401);
    const third = await attempt();
    expect(third.status).toBe(429);
    // What is left of the 5-minute window of this address and account.
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(290);
    expect(Number(third.headers.get('retry-after'))).toBeLessThanOrEqual(300);
  });

  it('updates banks’ discount rates; each change is audited', async () => {
    const before = await s.req('GET', '/api/settings', { token: sys });
    const sur = before.body.data.discount_rates.find((b: any) => b.codigo === 'BSUR');
    const demo = before.body.data.discount_rates.find((b: any) => b.codigo === 'BDEMO');
    const r = await s.req('PUT', '/api/settings', {
      token: sys,
      body: {
        discount_rates: [
          { tenant_id: sur.tenant_id, discount_rate: 0.52 },
          { tenant_id: demo.tenant_id, discount_rate: 0.45 },
        ],
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.discount_rates.find((b: any) => b.codigo === 'BSUR').discount_rate).toBe(0.52);
    const audit = await s.db.query<any>(
      `select action, entity, entity_id, tenant_id, before, after from audit_log
       where action in ('settings.update', 'tenant.discount_rate.update') order by id`,
    );
    expect(audit.rows).toEqual([
      expect.objectContaining({
        action: 'settings.update',
        entity: 'settings',
        entity_id: 'platform',
        tenant_id: null,
        before: expect.objectContaining({ session_hours: 8 }),
        after: expect.objectContaining({ session_hours: 2 }),
      }),
      expect.objectContaining({ action: 'settings.update' }),
      expect.objectContaining({
        action: 'tenant.discount_rate.update',
        entity_id: sur.tenant_id,
        tenant_id: sur.tenant_id,
        before: { discount_rate: 0.45 },
        after: { discount_rate: 0.52 },
      }),
    ]);
  });
});
