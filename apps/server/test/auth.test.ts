import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestServer } from './helpers';

const DEMO_ACCOUNTS = [
  ['superadmin@plataforma.example', 'SYSTEM_ADMIN'],
  ['admin@banco.example', 'BANK_ADMIN'],
  ['operador@banco.example', 'BANK_OPERATOR'],
  ['auditor@banco.example', 'AUDITOR'],
  ['emisor@empresa.example', 'COMPANY_USER'],
  ['autorizante@empresa.example', 'COMPANY_AUTHORIZER'],
  ['beneficiario@beneficiario.example', 'BENEFICIARY'],
  ['entidad@financiera.example', 'FINANCIAL_ENTITY'],
  ['avalista@avalista.example', 'GUARANTOR'],
  ['admin@bancosur.example', 'BANK_ADMIN'],
] as const;

describe('sign-in and sessions', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await build();
  });
  afterAll(() => s.close());

  it.each(DEMO_ACCOUNTS)('%s signs in as %s and reads its profile', async (email, role) => {
    const r = await s.req('POST', '/api/auth/login', { body: { email, password: 'Demo1234!' } });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.user).toMatchObject({ email, role, status: 'ACTIVE' });
    expect(r.body.user.password_hash).toBeUndefined();
    const p = await s.req('GET', '/api/auth/profile', { token: r.body.token });
    expect(p.status).toBe(200);
    expect(p.body.data.email).toBe(email);
    expect(p.body.data.last_login).not.toBeNull();
  });

  it('a wrong password and an unknown e-mail get the same 401', async () => {
    const a = await s.req('POST', '/api/auth/login', { body: { email: 'admin@banco.example', password: 'Nope1234!' } });
    const b = await s.req('POST', '/api/auth/login', { body: { email: 'nadie@banco.example', password: 'Nope1234!' } });
    for (const r of [a, b]) {
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ success: false, code: 'INVALID_CREDENTIALS', message: 'Credenciales inválidas' });
    }
  });

  it('logout revokes the token on the server', async () => {
    const token = await s.login('emisor@empresa.example');
    expect((await s.req('GET', '/api/auth/profile', { token })).status).toBe(200);
    const out = await s.req('POST', '/api/auth/logout', { token });
    expect(out.status).toBe(200);
    const after = await s.req('GET', '/api/auth/profile', { token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('UNAUTHORIZED');
  });

  it('missing, forged and malformed tokens are 401', async () => {
    const token = await s.login('admin@banco.example');
    const [h, p] = token.split('.');
    const forged = `${h}.${p}.${'A'.repeat(43)}`;
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${p}.`;
    for (const t of [null, 'garbage', forged, none]) {
      const r = await s.req('GET', '/api/auth/profile', { token: t });
      expect(r.status).toBe(401);
      expect(r.body.success).toBe(false);
    }
  });

  it('a suspended user cannot sign in and its live session stops working', async () => {
    const token = await s.login('avalista@avalista.example');
    await s.db.query("update users set status = 'SUSPENDED' where email = 'avalista@avalista.example'");
    expect((await s.req('GET', '/api/auth/profile', { token })).status).toBe(401);
    const r = await s.req('POST', '/api/auth/login', {
      body: { email: 'avalista@avalista.example', password: 'Demo1234!' },
    });
    expect(r.status).toBe(401);
    expect(r.body.message).toBe('Credenciales inválidas');
    await s.db.query("update users set status = 'ACTIVE' where email = 'avalista@avalista.example'");
  });

  it('change-password revokes old sessions and answers a fresh token', async () => {
    const t1 = await s.login('autorizante@empresa.example');
    const t2 = await s.login('autorizante@empresa.example');
    const bad = await s.req('PUT', '/api/auth/change-password', {
      token: t1,
      body: { currentPassword: 'Wrong1234!', newPassword: 'Nueva1234!' },
    });
    expect(bad.status).toBe(400);
    const r = await s.req('PUT', '/api/auth/change-password', {
      token: t1,
      body: { currentPassword: 'Demo1234!', newPassword: 'Nueva1234!' },
    });
    expect(r.status).toBe(200);
    expect((await s.req('GET', '/api/auth/profile', { token: t1 })).status).toBe(401);
    expect((await s.req('GET', '/api/auth/profile', { token: t2 })).status).toBe(401);
    expect((await s.req('GET', '/api/auth/profile', { token: r.body.data.token })).status).toBe(200);
    expect(await s.login('autorizante@empresa.example', 'Nueva1234!')).toBeTruthy();
  });

  it('updates its own profile and refuses a taken e-mail', async () => {
    const token = await s.login('operador@banco.example');
    const r = await s.req('PUT', '/api/auth/profile', { token, body: { full_name: 'Operador Uno' } });
    expect(r.status).toBe(200);
    expect(r.body.data.full_name).toBe('Operador Uno');
    const dup = await s.req('PUT', '/api/auth/profile', { token, body: { email: 'admin@banco.example' } });
    expect(dup.status).toBe(409);
    const unknown = await s.req('PUT', '/api/auth/profile', { token, body: { role: 'SYSTEM_ADMIN' } });
    expect(unknown.status).toBe(400);
  });

  it('every change is in the audit trail', async () => {
    const r = await s.db.query<{ action: string }>('select distinct action from audit_log');
    const actions = r.rows.map((x) => x.action);
    expect(actions).toEqual(
      expect.arrayContaining(['auth.login', 'auth.logout', 'user.password.change', 'user.profile.update']),
    );
  });
});

describe('registration', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await build();
  });
  afterAll(() => s.close());

  const body = {
    email: 'nueva@empresa-nueva.example',
    password: 'Segura123',
    company_name: 'Empresa Nueva S.A.',
    cuit: '30-71000001-1',
  };

  it('creates a COMPANY_USER of a new company in the default bank and signs it in', async () => {
    const r = await s.req('POST', '/api/auth/register', { body: { ...body, cuit: validCuit('30', '71000001') } });
    expect(r.status).toBe(200);
    expect(r.body.data.user).toMatchObject({
      role: 'COMPANY_USER',
      company_name: 'Empresa Nueva S.A.',
      tenant_codigo: 'BDEMO',
    });
    expect(r.body.data.user.cuit).toMatch(/^\d{11}$/);
    const p = await s.req('GET', '/api/auth/profile', { token: r.body.data.token });
    expect(p.status).toBe(200);
  });

  it('refuses a role in the body, a bad CUIT, a weak password, a taken e-mail, an unknown bank', async () => {
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ ...body, email: 'x1@x.example', cuit: validCuit('30', '71000002'), role: 'SYSTEM_ADMIN' }, 400],
      [
        {
          ...body,
          email: 'x2@x.example',
          cuit: '30-71000002-0' === validCuit('30', '71000002') ? '30-71000002-1' : '30-71000002-0',
        },
        400,
      ],
      [{ ...body, email: 'x3@x.example', cuit: validCuit('30', '71000003'), password: 'short' }, 400],
      [{ ...body, cuit: validCuit('30', '71000004') }, 409],
      [{ ...body, email: 'x5@x.example', cuit: validCuit('30', '71000005'), tenant_codigo: 'NOEXISTE' }, 400],
    ];
    for (const [b, status] of cases) {
      const r = await s.req('POST', '/api/auth/register', { body: b });
      expect(r.status, JSON.stringify(b)).toBe(status);
      expect(r.body.success).toBe(false);
      expect(typeof r.body.message).toBe('string');
    }
    const count = await s.db.query<{ n: number }>(
      "select count(*)::int as n from users where email like 'x%@x.example'",
    );
    expect(count.rows[0]!.n).toBe(0);
  });
});

describe('throttling', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await build();
  });
  afterAll(() => s.close());

  it('locks an account after repeated failures, existing or not, without revealing which', async () => {
    for (const email of ['admin@bancosur.example', 'fantasma@bancosur.example']) {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const r = await s.req('POST', '/api/auth/login', { body: { email, password: 'Mala1234!' } });
        statuses.push(r.status);
      }
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses.slice(5)).toEqual([429, 429]);
    }
    const ok = await s.req('POST', '/api/auth/login', {
      body: { email: 'admin@bancosur.example', password: 'Demo1234!' },
    });
    expect(ok.status).toBe(429);
    expect(ok.body.code).toBe('RATE_LIMITED');
  });
});

import { makeCuit } from '@echeq/contract';

function validCuit(prefix: string, body: string) {
  const c = makeCuit(prefix, body);
  return `${c.slice(0, 2)}-${c.slice(2, 10)}-${c.slice(10)}`;
}
