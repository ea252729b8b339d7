import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestServer } from './helpers';
import { parseCsv } from './reports-fixtures';

describe('GET /api/audit/:id: one record, with the list’s permission and scope', () => {
  let s: TestServer;
  let sys: string;
  let admin: string;
  let own = '';
  let foreign = '';
  beforeAll(async () => {
    s = await build();
    [sys, admin] = await Promise.all([s.login('superadmin@plataforma.example'), s.login('admin@banco.example')]);
    const t = await s.db.query<{ id: string; codigo: string }>('select id, codigo from tenants');
    const bdemo = t.rows.find((r) => r.codigo === 'BDEMO')!.id;
    const bsur = t.rows.find((r) => r.codigo === 'BSUR')!.id;
    const r = await s.db.query<{ id: string }>(
      `insert into audit_log (actor_role, tenant_id, action, entity, entity_id, after) values
        ('SYSTEM', $1, 'test.own', 'probe', 'p1', '{"n":1}'), ('SYSTEM', $2, 'test.foreign', 'probe', 'p2', '{"n":2}')
       returning id::text as id`,
      [bdemo, bsur],
    );
    [own, foreign] = r.rows.map((x) => x.id) as [string, string];
  });
  afterAll(() => s.close());

  it('answers the record as the list shows it', async () => {
    const list = await s.req('GET', '/api/audit?action=test.own', { token: admin });
    const listed = list.body.data.data.find((e: any) => e.id === own);
    expect(listed).toBeTruthy();
    const one = await s.req('GET', `/api/audit/${own}`, { token: admin });
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual(listed);
    expect(one.body.data.after).toEqual({ n: 1 });
  });

  it('another bank’s record is a 404 for a bank, readable by the system administrator', async () => {
    const r = await s.req('GET', `/api/audit/${foreign}`, { token: admin });
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('Registro de auditoría no encontrado');
    const sa = await s.req('GET', `/api/audit/${foreign}`, { token: sys });
    expect(sa.status).toBe(200);
    expect(sa.body.data.action).toBe('test.foreign');
    expect((await s.req('GET', '/api/audit/999999999999', { token: sys })).status).toBe(404);
  });

  it('refuses who may not read the trail (403) and an id that is not a record number (400 in Spanish)', async () => {
    const operator = await s.login('operador@banco.example');
    expect((await s.req('GET', `/api/audit/${own}`, { token: operator })).status).toBe(403);
    expect((await s.req('GET', `/api/audit/${own}`)).status).toBe(401);
    for (const bad of ['abc', '0', '-1', '1.5', '12345678901234567890']) {
      const r = await s.req('GET', `/api/audit/${bad}`, { token: admin });
      expect(r.status, bad).toBe(400);
      expect(r.body.code).toBe('VALIDATION_ERROR');
      expect(JSON.stringify(r.body)).toContain('Identificador de registro inválido');
    }
  });

  it('the trail and the users list sort by the columns people sort by, on the server', async () => {
    const ids = async (sql: string, params: unknown[] = []) =>
      (await s.db.query<{ id: string }>(sql, params)).rows.map((r) => r.id);
    const bdemo = (await s.db.query<{ id: string }>(`select id from tenants where codigo = 'BDEMO'`)).rows[0]!.id;
    for (const [sort, order] of [
      ['action', 'action asc, at desc, id desc'],
      ['-action', 'action desc, at asc, id asc'],
      ['at', 'at asc, id asc'],
    ] as const) {
      const r = await s.req('GET', `/api/audit?sort=${sort}&limit=50&page=2`, { token: admin });
      expect(r.status).toBe(200);
      const expected = await ids(
        `select id::text as id from audit_log where tenant_id = $1 order by ${order} limit 50 offset 50`,
        [bdemo],
      );
      expect(
        r.body.data.data.map((e: any) => e.id),
        sort,
      ).toEqual(expected);
    }
    for (const [sort, order] of [
      ['email', 'lower(u.email) asc nulls last, u.id asc'],
      ['-company', 'c.name desc nulls last, u.id desc'],
      ['-created_at', 'u.created_at desc nulls last, u.id desc'],
    ] as const) {
      const r = await s.req('GET', `/api/users?sort=${sort}&limit=100`, { token: admin });
      expect(r.status).toBe(200);
      const expected = await ids(
        `select u.id from users u left join companies c on c.id = u.company_id where u.tenant_id = $1
         order by ${order} limit 100`,
        [bdemo],
      );
      expect(
        r.body.data.data.map((u: any) => u.id),
        sort,
      ).toEqual(expected);
    }
    const bad = await s.req('GET', '/api/audit?sort=actor', { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].message).toContain('Orden inválido');
  });

  it('the trail and the users list export what the list shows, in its order (CSV)', async () => {
    const csv = async (path: string) => {
      const res = await fetch(s.url + path, { headers: { authorization: `Bearer ${admin}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/csv');
      const text = Buffer.from(await res.arrayBuffer())
        .toString('utf8')
        .replace(/^\uFEFF/, '');
      return parseCsv(text).filter((r) => r.length > 1);
    };
    const trail = await s.req('GET', '/api/audit?sort=-action&limit=100', { token: admin });
    const [head, ...rows] = await csv('/api/audit/export.csv?sort=-action');
    expect(head!.slice(0, 4)).toEqual(['Fecha', 'Usuario', 'Rol', 'Acción']);
    expect(rows.length).toBe(trail.body.data.total);
    expect(rows.slice(0, 100).map((r) => r[6])).toEqual(trail.body.data.data.map((e: any) => e.id));
    expect(rows.some((r) => r[6] === foreign)).toBe(false);
    const users = await s.req('GET', '/api/users?sort=email&limit=100', { token: admin });
    const [uhead, ...urows] = await csv('/api/users/export.csv?sort=email');
    expect(uhead![0]).toBe('Email');
    expect(urows.map((r) => r[0])).toEqual(users.body.data.data.map((u: any) => u.email));
  });
});
