import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeStep, totpAt } from '../src/platform/auth/totp';
import { type Clock, fixedClock } from '../src/platform/clock';
import { build, DEMO_PASSWORD, type TestServer } from './helpers';

const START = '2026-03-10T15:00:10Z';

describe('two-factor sign-in (TOTP)', () => {
  let s: TestServer;
  let clock: Clock & { set(d: Date | string): void };
  const email = 'emisor@empresa.example';
  let token: string;
  let secret: string;
  const code = (offsetSteps = 0) => totpAt(secret, timeStep(clock.now()) + offsetSteps);
  const advance = (seconds: number) => clock.set(new Date(clock.now().getTime() + seconds * 1000));

  beforeAll(async () => {
    clock = fixedClock(START);
    s = await build({ clock });
    token = await s.login(email);
  });
  afterAll(() => s.close());

  it('setup needs the current password', async () => {
    const none = await s.req('POST', '/api/auth/mfa/setup', { token });
    expect(none.status).toBe(400);
    const wrong = await s.req('POST', '/api/auth/mfa/setup', { token, body: { current_password: 'Incorrecta99' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ path: 'current_password', message: 'Contraseña incorrecta' }]);
    const row = await s.db.query<any>('select mfa_pending_secret_enc from users where email = $1', [email]);
    expect(row.rows[0].mfa_pending_secret_enc).toBeNull();
  });

  it('setup proposes a secret with a QR code (data URL) and the manual key; nothing is on yet', async () => {
    const r = await s.req('POST', '/api/auth/mfa/setup', { token, body: { current_password: DEMO_PASSWORD } });
    expect(r.status).toBe(200);
    secret = r.body.data.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(r.body.data.qr_data_url).toMatch(/^data:image\/png;base64,/);
    expect(r.body.data.otpauth_url).toContain(`secret=${secret}`);
    expect(r.body.data.otpauth_url).toContain(encodeURIComponent(email));
    const row = await s.db.query<any>(
      'select mfa_enabled, mfa_pending_secret_enc, mfa_secret_enc from users where email = $1',
      [email],
    );
    expect(row.rows[0].mfa_enabled).toBe(false);
    expect(row.rows[0].mfa_pending_secret_enc).toMatch(/^v1\./);
    expect(row.rows[0].mfa_pending_secret_enc).not.toContain(secret);
    // Until confirmed, sign-in asks for no code.
    expect(
      (await s.req('POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD } })).body.token,
    ).toBeTruthy();
  });

  it('a wrong code does not enable it (400, the session stays)', async () => {
    const wrong = code() === '000000' ? '111111' : '000000';
    const r = await s.req('POST', '/api/auth/mfa/enable', { token, body: { code: wrong } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Código de verificación inválido');
    expect((await s.req('POST', '/api/auth/mfa/enable', { token, body: { code: '12345' } })).status).toBe(400);
    expect((await s.req('GET', '/api/auth/profile', { token })).body.data.mfa_enabled).toBe(false);
  });

  it('the first valid code enables it and ends the other sessions; the profile and the users table show it', async () => {
    const other = await s.login(email);
    expect((await s.req('GET', '/api/auth/profile', { token: other })).status).toBe(200);
    const r = await s.req('POST', '/api/auth/mfa/enable', { token, body: { code: code() } });
    expect(r.status).toBe(200);
    expect(r.body.data.mfa_enabled).toBe(true);
    expect((await s.req('GET', '/api/auth/profile', { token: other })).status).toBe(401);
    expect((await s.req('GET', '/api/auth/profile', { token })).status).toBe(200);
    const again = await s.req('POST', '/api/auth/mfa/setup', { token, body: { current_password: DEMO_PASSWORD } });
    expect(again.status).toBe(409);
    const admin = await s.login('admin@banco.example');
    const list = await s.req('GET', '/api/users?search=emisor@', { token: admin });
    expect(list.body.data.data[0].mfa_enabled).toBe(true);
  });

  it('sign-in then asks for the code before any session is issued', async () => {
    const sessionsBefore = await s.db.query('select count(*)::int as n from sessions');
    const r = await s.req('POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, mfa_required: true });
    expect(r.body.token).toBeUndefined();
    expect(r.body.user).toBeUndefined();
    const sessionsAfter = await s.db.query('select count(*)::int as n from sessions');
    expect(sessionsAfter.rows[0]).toEqual(sessionsBefore.rows[0]);
    const wrongPassword = await s.req('POST', '/api/auth/login', {
      body: { email, password: 'Mala1234!', mfa_code: code() },
    });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body.code).toBe('INVALID_CREDENTIALS');
  });

  it('the code used to confirm cannot sign in; the next one can, once', async () => {
    const reused = await s.req('POST', '/api/auth/login', {
      body: { email, password: DEMO_PASSWORD, mfa_code: code() },
    });
    expect(reused.status).toBe(401);
    expect(reused.body.code).toBe('INVALID_MFA_CODE');
    advance(30);
    const ok = await s.req('POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD, mfa_code: code() } });
    expect(ok.status).toBe(200);
    expect(ok.body.token).toBeTruthy();
    expect(ok.body.user.mfa_enabled).toBe(true);
    const replay = await s.req('POST', '/api/auth/login', {
      body: { email, password: DEMO_PASSWORD, mfa_code: code() },
    });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('INVALID_MFA_CODE');
    // A code of the previous step (clock drift) is also spent now.
    advance(30);
    const stale = await s.req('POST', '/api/auth/login', {
      body: { email, password: DEMO_PASSWORD, mfa_code: code(-1) },
    });
    expect(stale.status).toBe(401);
  });

  it('wrong codes are throttled like failed sign-ins', async () => {
    advance(30);
    const limiter = await s.db.query("select count(*)::int as n from rate_limits where key like 'login:acct:%'");
    expect(limiter.rows[0]!.n).toBeGreaterThan(0);
    let last = 0;
    for (let i = 0; i < 6; i++) {
      const r = await s.req('POST', '/api/auth/login', {
        body: { email, password: DEMO_PASSWORD, mfa_code: '999999' },
      });
      last = r.status;
    }
    expect(last).toBe(429);
    const good = await s.req('POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD, mfa_code: code() } });
    expect(good.status).toBe(429);
    await s.db.query("delete from rate_limits where key like 'login:%'");
  });

  it('turning it off needs a valid code or the password', async () => {
    advance(30);
    const wrongPw = await s.req('POST', '/api/auth/mfa/disable', { token, body: { password: 'Mala1234!' } });
    expect(wrongPw.status).toBe(400);
    const nothing = await s.req('POST', '/api/auth/mfa/disable', { token, body: {} });
    expect(nothing.status).toBe(400);
    const r = await s.req('POST', '/api/auth/mfa/disable', { token, body: { code: code() } });
    expect(r.status).toBe(200);
    expect(r.body.data.mfa_enabled).toBe(false);
    const row = await s.db.query<any>('select mfa_secret_enc, mfa_pending_secret_enc from users where email = $1', [
      email,
    ]);
    expect(row.rows[0]).toEqual({ mfa_secret_enc: null, mfa_pending_secret_enc: null });
    const plain = await s.req('POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD } });
    expect(plain.body.token).toBeTruthy();
    const off = await s.req('POST', '/api/auth/mfa/disable', { token, body: { password: DEMO_PASSWORD } });
    expect(off.status).toBe(409);
  });

  it('enrolment attempts are throttled too', async () => {
    const t = await s.login('autorizante@empresa.example');
    await s.req('POST', '/api/auth/mfa/setup', { token: t, body: { current_password: DEMO_PASSWORD } });
    let last = 0;
    for (let i = 0; i < 6; i++) {
      last = (await s.req('POST', '/api/auth/mfa/enable', { token: t, body: { code: '000000' } })).status;
    }
    expect(last).toBe(429);
  });

  it('off with the password, and an admin can reset a lost second factor', async () => {
    const t = await s.login('beneficiario@beneficiario.example');
    const setup = await s.req('POST', '/api/auth/mfa/setup', { token: t, body: { current_password: DEMO_PASSWORD } });
    const sec = setup.body.data.secret as string;
    advance(30);
    const on = await s.req('POST', '/api/auth/mfa/enable', {
      token: t,
      body: { code: totpAt(sec, timeStep(clock.now())) },
    });
    expect(on.body.data.mfa_enabled).toBe(true);
    const admin = await s.login('admin@banco.example');
    const id = on.body.data.id;
    const reset = await s.req('PUT', `/api/users/${id}`, { token: admin, body: { reset_mfa: true } });
    expect(reset.status).toBe(200);
    expect(reset.body.data.mfa_enabled).toBe(false);
    expect((await s.req('GET', '/api/auth/profile', { token: t })).status).toBe(401);
    const plain = await s.req('POST', '/api/auth/login', {
      body: { email: 'beneficiario@beneficiario.example', password: DEMO_PASSWORD },
    });
    expect(plain.body.token).toBeTruthy();
  });

  it('every step is in the audit trail, with no secret in it', async () => {
    const r = await s.db.query<{ action: string; after: unknown; before: unknown }>(
      "select action, before, after from audit_log where action like 'user.mfa.%' order by id",
    );
    expect(r.rows.map((x) => x.action)).toEqual([
      'user.mfa.setup',
      'user.mfa.enable',
      'user.mfa.disable',
      'user.mfa.setup',
      'user.mfa.setup',
      'user.mfa.enable',
      'user.mfa.reset',
    ]);
    expect(r.rows[6]!.after).toMatchObject({ mfa_enabled: false, sessions_closed: 1 });
    expect(JSON.stringify(r.rows)).not.toContain(secret);
  });
});
