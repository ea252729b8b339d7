import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, strongPassword, type TestServer } from './helpers';

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
    const fresh = strongPassword('cambio');
    const bad = await s.req('PUT', '/api/auth/change-password', {
      token: t1,
      body: { currentPassword: 'Wrong1234!', newPassword: fresh },
    });
    expect(bad.status).toBe(400);
    const r = await s.req('PUT', '/api/auth/change-password', {
      token: t1,
      body: { currentPassword: 'Demo1234!', newPassword: fresh },
    });
    expect(r.status).toBe(200);
    expect((await s.req('GET', '/api/auth/profile', { token: t1 })).status).toBe(401);
    expect((await s.req('GET', '/api/auth/profile', { token: t2 })).status).toBe(401);
    expect((await s.req('GET', '/api/auth/profile', { token: r.body.data.token })).status).toBe(200);
    expect(await s.login('autorizante@empresa.example', fresh)).toBeTruthy();
  });

  it('updates its own profile; a new e-mail needs the current password; a taken one reads like any unusable one', async () => {
    const token = await s.login('operador@banco.example');
    const r = await s.req('PUT', '/api/auth/profile', { token, body: { full_name: 'Operador Uno' } });
    expect(r.status).toBe(200);
    expect(r.body.data.full_name).toBe('Operador Uno');
    const noPassword = await s.req('PUT', '/api/auth/profile', { token, body: { email: 'otro@banco.example' } });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.errors).toEqual([{ path: 'current_password', message: 'Contraseña actual requerida' }]);
    const wrong = await s.req('PUT', '/api/auth/profile', {
      token,
      body: { email: 'otro@banco.example', current_password: 'Incorrecta99' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0].path).toBe('current_password');
    const dup = await s.req('PUT', '/api/auth/profile', {
      token,
      body: { email: 'admin@banco.example', current_password: 'Demo1234!' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({
      success: false,
      code: 'DUPLICATE',
      message: 'No es posible usar ese email. Indique otro.',
      errors: [{ path: 'email', message: 'Email no disponible' }],
    });
    const moved = await s.req('PUT', '/api/auth/profile', {
      token,
      body: { email: 'operador.uno@banco.example', current_password: 'Demo1234!' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data.email).toBe('operador.uno@banco.example');
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
    password: strongPassword('registro'),
    company_name: 'Empresa Nueva S.A.',
    cuit: '30-71000001-1',
  };
  const conflict = {
    success: false,
    code: 'DUPLICATE',
    message:
      'No es posible registrar la empresa con esos datos. Si su empresa ya opera con el banco, solicite el alta de su usuario al banco.',
  };

  it('creates a COMPANY_USER of a new company in the default bank, pending its approval, and signs it in', async () => {
    const r = await s.req('POST', '/api/auth/register', { body: { ...body, cuit: validCuit('30', '71000001') } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      success: true,
      message: 'Registro exitoso. Su alta está pendiente de aprobación por el banco.',
    });
    expect(r.body.data.user).toMatchObject({
      role: 'COMPANY_USER',
      company_name: 'Empresa Nueva S.A.',
      tenant_codigo: 'BDEMO',
      company_approval: 'PENDING',
      confirmed: true,
      must_change_password: false,
    });
    expect(r.body.data.user.cuit).toMatch(/^\d{11}$/);
    const p = await s.req('GET', '/api/auth/profile', { token: r.body.data.token });
    expect(p.status).toBe(200);
  });

  it('refuses a role in the body, a bad CUIT, a short or guessable password, a taken e-mail or CUIT, an unknown bank', async () => {
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
      [{ ...body, email: 'x3@x.example', cuit: validCuit('30', '71000003'), password: 'Corta1234!' }, 400],
      [{ ...body, email: 'x4@x.example', cuit: validCuit('30', '71000003'), password: 'contraseña2024' }, 400],
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

  it('a taken e-mail and a CUIT already a company of the bank get the very same answer', async () => {
    // Empresa Demo S.A. is a company of Banco Demo: its CUIT never joins it through registration.
    const demo = await s.db.query<{ cuit: string }>("select cuit from companies where name = 'Empresa Demo S.A.'");
    const byCuit = await s.req('POST', '/api/auth/register', {
      body: { ...body, email: 'intruso@otra.example', cuit: demo.rows[0]!.cuit },
      headers: { 'x-forwarded-for': '10.20.0.1' },
    });
    const byEmail = await s.req('POST', '/api/auth/register', {
      body: { ...body, email: 'emisor@empresa.example', cuit: validCuit('30', '71000006') },
      headers: { 'x-forwarded-for': '10.20.0.2' },
    });
    for (const r of [byCuit, byEmail]) {
      expect(r.status).toBe(409);
      expect(r.body).toEqual(conflict);
    }
    const intruder = await s.db.query("select 1 from users where email = 'intruso@otra.example'");
    expect(intruder.rows).toHaveLength(0);
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
