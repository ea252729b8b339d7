/**
 * Accounts inside a bank (issue 20, items 8 and 9) through real HTTP: a registered company is a request its bank
 * approves or rejects; a password an administrator sets is temporary; a bank admin cannot take over another bank
 * admin; a user added to an existing company cannot move money until someone else confirms it.
 */
import { makeCuit } from '@echeq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, DEMO_PASSWORD, strongPassword, type TestServer } from './helpers';
import { custodyBody } from './reliability/support';

async function idOf(s: TestServer, email: string): Promise<string> {
  return (await s.db.query<{ id: string }>('select id from users where email = $1', [email])).rows[0]!.id;
}

let seq = Date.now() % 1_000_000;
const nextCuit = () => {
  seq += 2;
  return makeCuit('30', String(60_000_000 + (seq % 9_999_999)));
};

describe('self-registration is a request the bank decides', () => {
  let s: TestServer;
  let admin: string;
  let sur: string;
  beforeAll(async () => {
    s = await build();
    [admin, sur] = await Promise.all([s.login('admin@banco.example'), s.login('admin@bancosur.example')]);
  });
  afterAll(() => s.close());

  async function registerCompany(tag: string, ip: string) {
    const password = strongPassword(tag);
    const email = `${tag}-${seq}@solicitud.example`;
    const r = await s.req('POST', '/api/auth/register', {
      body: { email, password, company_name: `Solicitud ${tag} S.A.`, cuit: nextCuit() },
      headers: { 'x-forwarded-for': ip },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return { email, password, token: r.body.data.token as string, id: r.body.data.user.id as string };
  }

  it('a pending company signs in and reads its profile, and nothing else', async () => {
    const c = await registerCompany('pendiente', '10.30.0.1');
    const login = await s.req('POST', '/api/auth/login', {
      body: { email: c.email, password: c.password },
      headers: { 'x-forwarded-for': '10.30.0.1' },
    });
    expect(login.status).toBe(200);
    expect(login.body.user.company_approval).toBe('PENDING');
    const token = login.body.token as string;
    expect((await s.req('GET', '/api/auth/profile', { token })).status).toBe(200);
    for (const [method, path, body] of [
      ['GET', '/api/echeqs', undefined],
      ['GET', '/api/echeqs/custody', undefined],
      ['GET', '/api/discounts', undefined],
      ['GET', '/api/system/status', undefined],
      ['GET', '/api/reports/custody', undefined],
      ['POST', '/api/echeqs/custody', custodyBody()],
    ] as const) {
      const r = await s.req(method, path, { token, body });
      expect(r.status, path).toBe(403);
      expect(r.body).toEqual({
        success: false,
        code: 'APPROVAL_PENDING',
        message: 'Su alta está pendiente de aprobación por el banco',
      });
    }
    const nothing = await s.db.query(
      'select 1 from echeqs where company_id = (select company_id from users where id = $1)',
      [c.id],
    );
    expect(nothing.rows).toHaveLength(0);
  });

  it('the bank lists pending requests and approves one on the users screen (audited); the company then works', async () => {
    const c = await registerCompany('aprobada', '10.30.0.2');
    const pending = await s.req('GET', '/api/users?pending=approval&limit=100', { token: admin });
    expect(pending.status).toBe(200);
    expect(pending.body.data.data.map((u: { email: string }) => u.email)).toContain(c.email);
    for (const u of pending.body.data.data) expect(u.company_approval).toBe('PENDING');
    // Another bank sees no such user; a company user may not decide.
    expect(
      (await s.req('PUT', `/api/users/${c.id}/approval`, { token: sur, body: { decision: 'APPROVE' } })).status,
    ).toBe(404);
    const emisor = await s.login('emisor@empresa.example');
    expect(
      (await s.req('PUT', `/api/users/${c.id}/approval`, { token: emisor, body: { decision: 'APPROVE' } })).status,
    ).toBe(403);
    expect(
      (await s.req('PUT', `/api/users/${c.id}/approval`, { token: admin, body: { decision: 'YES' } })).status,
    ).toBe(400);

    const ok = await s.req('PUT', `/api/users/${c.id}/approval`, { token: admin, body: { decision: 'APPROVE' } });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Alta de la empresa aprobada');
    expect(ok.body.data.company_approval).toBe('APPROVED');
    // The session it already had now works (every process forgets what it knew of it).
    expect((await s.req('GET', '/api/echeqs', { token: c.token })).status).toBe(200);
    expect((await s.req('POST', '/api/echeqs/custody', { token: c.token, body: custodyBody() })).status).toBe(200);
    const again = await s.req('PUT', `/api/users/${c.id}/approval`, { token: admin, body: { decision: 'REJECT' } });
    expect(again.status).toBe(409);
    const trail = await s.db.query<{ action: string; actor_email: string; before: unknown; after: any }>(
      "select action, actor_email, before, after from audit_log where action in ('company.approve', 'company.reject') and after->>'requested_by' = $1",
      [c.email],
    );
    expect(trail.rows).toEqual([
      {
        action: 'company.approve',
        actor_email: 'admin@banco.example',
        before: { approval: 'PENDING' },
        after: expect.objectContaining({ approval: 'APPROVED', requested_by: c.email }),
      },
    ]);
  });

  it('a rejected company is told so and still does nothing; approving it later undoes the rejection', async () => {
    const c = await registerCompany('rechazada', '10.30.0.3');
    const no = await s.req('PUT', `/api/users/${c.id}/approval`, { token: admin, body: { decision: 'REJECT' } });
    expect(no.status).toBe(200);
    expect(no.body.data.company_approval).toBe('REJECTED');
    const profile = await s.req('GET', '/api/auth/profile', { token: c.token });
    expect(profile.body.data.company_approval).toBe('REJECTED');
    const r = await s.req('GET', '/api/echeqs', { token: c.token });
    expect(r.status).toBe(403);
    expect(r.body.code).toBe('REGISTRATION_REJECTED');
    // Undoing a rejection says so (what the administrator saw); an approval meant for a pending request does not.
    const stale = await s.req('PUT', `/api/users/${c.id}/approval`, { token: admin, body: { decision: 'APPROVE' } });
    expect(stale.status).toBe(409);
    const yes = await s.req('PUT', `/api/users/${c.id}/approval`, {
      token: admin,
      body: { decision: 'APPROVE', from: 'REJECTED' },
    });
    expect(yes.status).toBe(200);
    expect((await s.req('GET', '/api/echeqs', { token: c.token })).status).toBe(200);
  });

  it('two simultaneous decisions on one request: exactly one wins, the other 409 (10 rounds)', async () => {
    const admin2 = await s.login('admin@banco.example');
    for (let round = 0; round < 10; round++) {
      const c = await registerCompany(`carrera${round}`, `10.31.0.${round}`);
      const [a, b] = await Promise.all([
        s.req('PUT', `/api/users/${c.id}/approval`, { token: admin, body: { decision: 'APPROVE' } }),
        s.req('PUT', `/api/users/${c.id}/approval`, { token: admin2, body: { decision: 'REJECT' } }),
      ]);
      expect([a.status, b.status].sort(), JSON.stringify([a.body, b.body])).toEqual([200, 409]);
      const winner = a.status === 200 ? 'APPROVED' : 'REJECTED';
      const decided = await s.db.query<{ approval: string }>(
        'select c.approval from companies c join users u on u.company_id = c.id where u.id = $1',
        [c.id],
      );
      expect(decided.rows[0]!.approval).toBe(winner);
      const trail = await s.db.query(
        "select 1 from audit_log where action in ('company.approve', 'company.reject') and after->>'requested_by' = $1",
        [c.email],
      );
      expect(trail.rows).toHaveLength(1);
    }
  });

  it('a user of a company that never registered itself is not something to approve', async () => {
    const id = await idOf(s, 'emisor@empresa.example');
    const r = await s.req('PUT', `/api/users/${id}/approval`, { token: admin, body: { decision: 'APPROVE' } });
    expect(r.status).toBe(409);
    const bank = await idOf(s, 'operador@banco.example');
    expect(
      (await s.req('PUT', `/api/users/${bank}/approval`, { token: admin, body: { decision: 'REJECT' } })).status,
    ).toBe(409);
  });
});

describe('temporary passwords and no impersonation inside a bank', () => {
  let s: TestServer;
  let admin: string;
  let root: string;
  beforeAll(async () => {
    s = await build();
    [admin, root] = await Promise.all([s.login('admin@banco.example'), s.login('superadmin@plataforma.example')]);
  });
  afterAll(() => s.close());

  it('a bank admin cannot set the password nor reset the second factor of another bank admin; the system admin can', async () => {
    const temporary = strongPassword('otro-admin');
    const created = await s.req('POST', '/api/users', {
      token: root,
      body: {
        email: 'admin2@banco.example',
        password: temporary,
        role: 'BANK_ADMIN',
        tenant_id: await tenantOf(s, 'BDEMO'),
      },
    });
    expect(created.status).toBe(200);
    const id = created.body.data.id as string;
    await s.db.query('update users set mfa_enabled = true where id = $1', [id]);
    for (const body of [
      { password: strongPassword('robo') },
      { reset_mfa: true },
      { role: 'BANK_OPERATOR', password: strongPassword('x') },
    ]) {
      const r = await s.req('PUT', `/api/users/${id}`, { token: admin, body });
      expect(r.status, JSON.stringify(body)).toBe(403);
      expect(r.body.message).toBe(
        'Solo el administrador del sistema puede cambiar la contraseña o la verificación en dos pasos de un administrador del banco',
      );
    }
    const row = await s.db.query<{ role: string; mfa_enabled: boolean }>(
      'select role, mfa_enabled from users where id = $1',
      [id],
    );
    expect(row.rows[0]).toEqual({ role: 'BANK_ADMIN', mfa_enabled: true });
    // The bank admin may still suspend another bank admin (and the system admin reset its credentials).
    expect((await s.req('PUT', `/api/users/${id}`, { token: root, body: { reset_mfa: true } })).status).toBe(200);
    expect(
      (await s.req('PUT', `/api/users/${id}`, { token: root, body: { password: strongPassword('root') } })).status,
    ).toBe(200);
    expect((await s.req('PUT', `/api/users/${id}`, { token: admin, body: { status: 'SUSPENDED' } })).status).toBe(200);
  });

  it('a password an admin sets is temporary: the session does nothing until it is changed; the reset ended the old sessions', async () => {
    const email = 'operador@banco.example';
    const id = await idOf(s, email);
    const before = await s.login(email);
    // The policy holds for a password an administrator sets too.
    const weakReset = await s.req('PUT', `/api/users/${id}`, { token: admin, body: { password: 'operador2024' } });
    expect(weakReset.status).toBe(400);
    expect(weakReset.body.errors[0]).toMatchObject({ path: 'password' });
    expect((await s.req('GET', '/api/auth/profile', { token: before })).status).toBe(200);
    const temporary = strongPassword('temporal');
    const reset = await s.req('PUT', `/api/users/${id}`, { token: admin, body: { password: temporary } });
    expect(reset.status).toBe(200);
    expect(reset.body.data.must_change_password).toBe(true);
    expect((await s.req('GET', '/api/auth/profile', { token: before })).status).toBe(401);

    const login = await s.req('POST', '/api/auth/login', { body: { email, password: temporary } });
    expect(login.status).toBe(200);
    expect(login.body.user.must_change_password).toBe(true);
    const token = login.body.token as string;
    expect((await s.req('GET', '/api/auth/profile', { token })).status).toBe(200);
    for (const [method, path, body] of [
      ['GET', '/api/echeqs', undefined],
      ['GET', '/api/reports/custody', undefined],
      ['PUT', '/api/auth/profile', { full_name: 'Otro' }],
      ['POST', '/api/auth/mfa/setup', { current_password: temporary }],
    ] as const) {
      const r = await s.req(method, path, { token, body });
      expect(r.status, path).toBe(403);
      expect(r.body).toEqual({
        success: false,
        code: 'PASSWORD_CHANGE_REQUIRED',
        message: 'Debe cambiar su contraseña antes de continuar',
      });
    }
    // The same temporary password, or a guessable one, is refused; a good one frees the account.
    const same = await s.req('PUT', '/api/auth/change-password', {
      token,
      body: { currentPassword: temporary, newPassword: temporary },
    });
    expect(same.status).toBe(400);
    const weak = await s.req('PUT', '/api/auth/change-password', {
      token,
      body: { currentPassword: temporary, newPassword: 'operador1234' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.errors[0].path).toBe('newPassword');
    const mine = strongPassword('propia');
    const changed = await s.req('PUT', '/api/auth/change-password', {
      token,
      body: { currentPassword: temporary, newPassword: mine },
    });
    expect(changed.status).toBe(200);
    expect((await s.req('GET', '/api/auth/profile', { token })).status).toBe(401);
    const fresh = changed.body.data.token as string;
    const profile = await s.req('GET', '/api/auth/profile', { token: fresh });
    expect(profile.body.data.must_change_password).toBe(false);
    expect((await s.req('GET', '/api/echeqs', { token: fresh })).status).toBe(200);

    const trail = await s.db.query<{ action: string; after: any }>(
      "select action, after from audit_log where entity_id = $1 and action like 'user.password.%' order by id",
      [id],
    );
    expect(trail.rows.map((r) => r.action)).toEqual(['user.password.reset', 'user.password.change']);
    expect(trail.rows[0]!.after).toMatchObject({ temporary_credentials: true, sessions_closed: 1 });
    expect(trail.rows[1]!.after).toMatchObject({ temporary_replaced: true });
    expect(JSON.stringify(trail.rows)).not.toContain(temporary);
  });

  it('a new user created by an admin also starts with a temporary password', async () => {
    const temporary = strongPassword('nuevo');
    const created = await s.req('POST', '/api/users', {
      token: admin,
      body: { email: 'auditora2@banco.example', password: temporary, role: 'AUDITOR' },
    });
    expect(created.body.data).toMatchObject({ must_change_password: true, confirmed: true });
    const token = await s.login('auditora2@banco.example', temporary);
    expect((await s.req('GET', '/api/audit', { token })).body.code).toBe('PASSWORD_CHANGE_REQUIRED');
  });

  it('a user added to an existing company cannot move money until another administrator confirms it', async () => {
    const demo = (await s.db.query<{ cuit: string }>("select cuit from companies where name = 'Empresa Demo S.A.'"))
      .rows[0]!.cuit;
    const temporary = strongPassword('sumado');
    const created = await s.req('POST', '/api/users', {
      token: admin,
      body: { email: 'sumado@empresa.example', password: temporary, company_name: 'Empresa Demo S.A.', cuit: demo },
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ confirmed: false, company_approval: 'APPROVED' });
    const id = created.body.data.id as string;
    const first = await s.login('sumado@empresa.example', temporary);
    const mine = strongPassword('sumado-propia');
    const changed = await s.req('PUT', '/api/auth/change-password', {
      token: first,
      body: { currentPassword: temporary, newPassword: mine },
    });
    const token = changed.body.data.token as string;
    // It reads its company's book but moves nothing.
    expect((await s.req('GET', '/api/echeqs/custody', { token })).status).toBe(200);
    const deposit = await s.req('POST', '/api/echeqs/custody', { token, body: custodyBody() });
    expect(deposit.status).toBe(403);
    expect(deposit.body.message).toBe(
      'Su usuario todavía no fue confirmado: puede consultar, pero no operar hasta que otro administrador lo confirme.',
    );
    const held = await s.db.query<{ id: string }>(
      "select e.id from echeqs e join custody c on c.echeq_id = e.id where c.status = 'IN_CUSTODY' and e.company_id = (select company_id from users where id = $1) limit 1",
      [id],
    );
    const discount = await s.req('POST', '/api/discounts', {
      token,
      body: { echeq_id: held.rows[0]!.id, requested_amount: 100 },
    });
    expect(discount.status).toBe(403);

    // The administrator who added it cannot confirm it; the system admin (or another bank admin) can, once.
    const own = await s.req('PUT', `/api/users/${id}/confirm`, { token: admin });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('Otro administrador debe confirmar al usuario que usted agregó a la empresa');
    const listed = await s.req('GET', '/api/users?pending=confirmation', { token: admin });
    expect(listed.body.data.data.map((u: { id: string }) => u.id)).toEqual([id]);
    const ok = await s.req('PUT', `/api/users/${id}/confirm`, { token: root });
    expect(ok.status).toBe(200);
    expect(ok.body.data.confirmed).toBe(true);
    expect((await s.req('PUT', `/api/users/${id}/confirm`, { token: root })).status).toBe(409);
    expect((await s.req('POST', '/api/echeqs/custody', { token, body: custodyBody() })).status).toBe(200);

    const trail = await s.db.query<{ action: string; actor_email: string }>(
      "select action, actor_email from audit_log where (entity_id = $1 and action like 'user.%') or (action = 'company.user.add' and after->>'user_id' = $1) order by id",
      [id],
    );
    expect(trail.rows.map((r) => [r.action, r.actor_email])).toEqual([
      ['company.user.add', 'admin@banco.example'],
      ['user.create', 'admin@banco.example'],
      ['user.password.change', 'sumado@empresa.example'],
      ['user.confirm', 'superadmin@plataforma.example'],
    ]);
  });

  it('moving a user into an existing company leaves it unconfirmed too', async () => {
    const id = await idOf(s, 'avalista@avalista.example');
    const demo = (await s.db.query<{ cuit: string }>("select cuit from companies where name = 'Empresa Demo S.A.'"))
      .rows[0]!.cuit;
    const moved = await s.req('PUT', `/api/users/${id}`, {
      token: admin,
      body: { company_name: 'Empresa Demo S.A.', cuit: demo },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ confirmed: false, company_name: 'Empresa Demo S.A.' });
  });

  it('the demo accounts keep Demo1234! (seeded before the policy)', async () => {
    expect(await s.login('autorizante@empresa.example', DEMO_PASSWORD)).toBeTruthy();
  });
});

async function tenantOf(s: TestServer, codigo: string): Promise<string> {
  return (await s.db.query<{ id: string }>('select id from tenants where codigo = $1', [codigo])).rows[0]!.id;
}
