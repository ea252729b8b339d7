import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/platform/clock';
import { build, DEMO_PASSWORD, type TestServer } from './helpers';

describe('audit trail', () => {
  let s: TestServer;
  let sys: string;
  let admin: string;
  let auditor: string;
  let bdemo: string;
  let bsur: string;
  beforeAll(async () => {
    s = await build();
    [sys, admin, auditor] = await Promise.all([
      s.login('superadmin@plataforma.example'),
      s.login('admin@banco.example'),
      s.login('auditor@banco.example'),
    ]);
    const t = await s.db.query<{ id: string; codigo: string }>('select id, codigo from tenants');
    bdemo = t.rows.find((r) => r.codigo === 'BDEMO')!.id;
    bsur = t.rows.find((r) => r.codigo === 'BSUR')!.id;
    await s.login('admin@bancosur.example');
    // Two dated records to test the date range (Buenos Aires days).
    await s.db.query(
      `insert into audit_log (at, actor_role, tenant_id, action, entity, entity_id, after) values
        ('2024-03-01T02:30:00Z', 'SYSTEM', $1, 'test.old', 'probe', 'p1', '{"n":1}'),
        ('2024-03-01T03:30:00Z', 'SYSTEM', $1, 'test.old', 'probe', 'p2', '{"n":2}')`,
      [bdemo],
    );
  });
  afterAll(() => s.close());

  it('readable by SYSTEM_ADMIN, BANK_ADMIN and AUDITOR only', async () => {
    for (const token of [sys, admin, auditor]) expect((await s.req('GET', '/api/audit', { token })).status).toBe(200);
    for (const email of ['operador@banco.example', 'emisor@empresa.example', 'entidad@financiera.example']) {
      const token = await s.login(email);
      expect((await s.req('GET', '/api/audit', { token })).status).toBe(403);
      expect((await s.req('GET', '/api/audit/facets', { token })).status).toBe(403);
    }
    expect((await s.req('GET', '/api/audit')).status).toBe(401);
  });

  it('a bank admin and an auditor see only their tenant’s records; a system admin sees all', async () => {
    for (const token of [admin, auditor]) {
      const r = await s.req('GET', '/api/audit?limit=100', { token });
      expect(r.body.data.total).toBeGreaterThan(0);
      for (const e of r.body.data.data) expect(e.tenant_id).toBe(bdemo);
    }
    const all = await s.req('GET', '/api/audit?limit=100', { token: sys });
    const tenants = new Set(all.body.data.data.map((e: any) => e.tenant_id));
    expect(tenants.has(bsur)).toBe(true);
    expect(tenants.has(bdemo)).toBe(true);
  });

  it('pages newest first with the actor, action, entity and before/after', async () => {
    const r = await s.req('GET', '/api/audit?limit=2', { token: sys });
    expect(r.body.data).toMatchObject({ page: 1, limit: 2 });
    expect(r.body.data.data).toHaveLength(2);
    const [a, b] = r.body.data.data;
    expect(a.at >= b.at).toBe(true);
    expect(a).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        actor_email: expect.any(String),
        action: expect.any(String),
        entity: expect.any(String),
      }),
    );
    const p2 = await s.req('GET', '/api/audit?limit=2&page=2', { token: sys });
    expect(p2.body.data.data[0].id).not.toBe(a.id);
  });

  it('filters by entity, action (exact or prefix), actor and date range', async () => {
    const adminId = (await s.db.query<{ id: string }>("select id from users where email = 'admin@banco.example'"))
      .rows[0]!.id;
    const byActor = await s.req('GET', `/api/audit?actor_id=${adminId}`, { token: sys });
    expect(byActor.body.data.total).toBeGreaterThan(0);
    for (const e of byActor.body.data.data) expect(e.actor_id).toBe(adminId);
    const byAction = await s.req('GET', '/api/audit?action=auth.login', { token: sys });
    for (const e of byAction.body.data.data) expect(e.action).toBe('auth.login');
    const prefix = await s.req('GET', '/api/audit?action=auth', { token: sys });
    expect(prefix.body.data.total).toBe(byAction.body.data.total);
    const noPartial = await s.req('GET', '/api/audit?action=aut', { token: sys });
    expect(noPartial.body.data.total).toBe(0);
    const byEntity = await s.req('GET', '/api/audit?entity=probe', { token: admin });
    expect(byEntity.body.data.total).toBe(2);
    // 2024-03-01T02:30Z is still 29 February in Buenos Aires; 03:30Z is 1 March.
    const feb = await s.req('GET', '/api/audit?entity=probe&from=2024-02-29&to=2024-02-29', { token: admin });
    expect(feb.body.data.data.map((e: any) => e.entity_id)).toEqual(['p1']);
    const mar = await s.req('GET', '/api/audit?entity=probe&from=2024-03-01', { token: admin });
    expect(mar.body.data.data.map((e: any) => e.entity_id)).toEqual(['p2']);
    const until = await s.req('GET', '/api/audit?entity=probe&to=2024-03-01', { token: admin });
    expect(until.body.data.total).toBe(2);
    expect(until.body.data.data[0]).toMatchObject({ entity_id: 'p2', after: { n: 2 }, before: null });
    const other = await s.req('GET', '/api/audit?entity=probe', { token: await s.login('admin@bancosur.example') });
    expect(other.body.data.total).toBe(0);
  });

  it('rejects bad filters with 400', async () => {
    for (const q of ['from=2024-02-30', 'from=2024-03-02&to=2024-03-01', 'actor_id=x', 'limit=500', 'foo=1']) {
      const r = await s.req('GET', `/api/audit?${q}`, { token: sys });
      expect(r.status, q).toBe(400);
    }
  });

  it('facets list what the caller may read', async () => {
    const mine = await s.req('GET', '/api/audit/facets', { token: admin });
    expect(mine.status).toBe(200);
    expect(mine.body.data.entities).toEqual(expect.arrayContaining(['probe', 'user']));
    expect(mine.body.data.actions).toContain('auth.login');
    const emails = mine.body.data.actors.map((a: any) => a.email);
    expect(emails).toContain('admin@banco.example');
    expect(emails).not.toContain('admin@bancosur.example');
    const all = await s.req('GET', '/api/audit/facets', { token: sys });
    expect(all.body.data.actors.map((a: any) => a.email)).toContain('admin@bancosur.example');
  });

  it('the trail is append-only', async () => {
    await expect(s.db.query("update audit_log set action = 'x' where entity = 'probe'")).rejects.toThrow();
    await expect(s.db.query("delete from audit_log where entity = 'probe'")).rejects.toThrow();
  });
});

describe('audit records carry the request and never secrets', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await build({ clock: fixedClock('2026-03-10T15:00:00Z') });
  });
  afterAll(() => s.close());

  it('stores a client request id only in its strict form, a new one otherwise', async () => {
    const sys = await s.login('superadmin@plataforma.example');
    const loginWith = async (requestId: string) => {
      const r = await s.req('POST', '/api/auth/login', {
        body: { email: 'auditor@banco.example', password: DEMO_PASSWORD },
        headers: { 'x-request-id': requestId },
      });
      expect(r.status).toBe(200);
      return r.headers.get('x-request-id')!;
    };
    const ids = async () =>
      (
        await s.db.query<{ request_id: string }>(`select request_id from audit_log where action = 'auth.login'`)
      ).rows.map((r) => r.request_id);
    const uuid = '7f3e2d1c-0b9a-4876-a543-210fedcba987';
    expect(await loginWith(uuid.toUpperCase())).toBe(uuid);
    expect(await ids()).toContain(uuid);
    const madeUp = 'admin-approved-0001';
    const given = await loginWith(madeUp);
    expect(given).not.toBe(madeUp);
    expect(await ids()).toContain(given);
    expect(await ids()).not.toContain(madeUp);
    const list = await s.req('GET', `/api/audit?action=auth.login`, { token: sys });
    expect(list.body.data.data.map((e: { request_id: string }) => e.request_id)).toContain(given);
  });

  it('records request id, actor role and redacts secrets', async () => {
    const sys = await s.login('superadmin@plataforma.example');
    const r = await s.req('POST', '/api/users', {
      token: sys,
      body: { email: 'root9@plataforma.example', password: 'Secreta-Tintero-123', role: 'SYSTEM_ADMIN' },
      headers: { 'x-request-id': 'req-audit-0001' },
    });
    expect(r.status).toBe(200);
    const list = await s.req('GET', '/api/audit?action=user.create', { token: sys });
    const entry = list.body.data.data[0];
    expect(entry).toMatchObject({
      actor_email: 'superadmin@plataforma.example',
      actor_role: 'SYSTEM_ADMIN',
      entity: 'user',
      entity_id: r.body.data.id,
      after: { email: 'root9@plataforma.example', role: 'SYSTEM_ADMIN', mfa_enabled: false },
    });
    expect(entry.request_id).toBe(r.headers.get('x-request-id'));
    expect(JSON.stringify(list.body)).not.toContain('Secreta-Tintero-123');
  });
});
