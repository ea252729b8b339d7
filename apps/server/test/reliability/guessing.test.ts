/**
 * Password guessing through real HTTP (issue 20, item 6): every attempt is counted before it is checked (sign-in,
 * second factor, current password); the (account, address) pair is refused after 5 failures, the account as a whole
 * only slowed (a delay doubling from 1 s to at most a minute), and an address the user signed in from before is not
 * slowed at all. Runs on the database limiter (embedded and PostgreSQL) and, with REDIS_URL, on Redis. The figures
 * printed ("checked N of M") go to the README's Reliability section.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeStep, totpAt } from '../../src/platform/auth/totp';
import { build, DEMO_PASSWORD, type Res, strongPassword, TEST_ENGINE, type TestServer } from '../helpers';

let ipSeq = 0;
const run = randomUUID().slice(0, 6);
// Addresses of this run only: Redis keeps another run's counters for the window (15 minutes).
const ipBase = 20 + Math.floor(Math.random() * 200);
/** A client address of its own, through the trusted proxy header (the test server trusts loopback). */
const newIp = () => {
  ipSeq += 1;
  return `10.${ipBase}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
};
const from = (ip: string) => ({ 'x-forwarded-for': ip });
const count = (rs: Res[], status: number) => rs.filter((r) => r.status === status).length;

function expectOnly429Besides(rs: Res[], checked: number) {
  const others = rs.filter((r) => r.status !== checked);
  for (const r of others) {
    expect(r.status, JSON.stringify(r.body)).toBe(429);
    expect(r.body.code).toBe('RATE_LIMITED');
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
  }
}

function guessingSuite(label: string, config: { redisUrl?: string }) {
  describe(`password guessing (${label})`, () => {
    let s: TestServer;
    let admin: string;
    const password = strongPassword('guess');
    const figures: string[] = [];

    /**
     * A bank operator of its own for each scenario (counters of one run never meet another's), past its temporary
     * password: signed in once from the test's own address and changed to `password`.
     */
    async function newAccount(tag: string): Promise<string> {
      const email = `${tag}-${run}-${ipSeq}@banco.example`;
      const temporary = strongPassword('temporal');
      const r = await s.req('POST', '/api/users', {
        token: admin,
        body: { email, password: temporary, role: 'BANK_OPERATOR' },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const token = await s.login(email, temporary);
      const changed = await s.req('PUT', '/api/auth/change-password', {
        token,
        body: { currentPassword: temporary, newPassword: password },
      });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      return email;
    }
    const signIn = (email: string, pw: string, ip: string, extra: Record<string, unknown> = {}) =>
      s.req('POST', '/api/auth/login', { body: { email, password: pw, ...extra }, headers: from(ip) });
    const audit = async (email: string, action: string) =>
      (
        await s.db.query<{ n: number }>(
          "select count(*)::int as n from audit_log where action = $1 and after->>'email' = $2",
          [action, email],
        )
      ).rows[0]!.n;

    beforeAll(async () => {
      s = await build({ config });
      admin = await s.login('admin@banco.example');
    });
    afterAll(async () => {
      console.info(`Guessing (${label}, ${TEST_ENGINE}):\n  ${figures.join('\n  ')}`);
      await s.close();
    });

    it('200 simultaneous wrong passwords from one address: at most 5 checked; the user still gets in', async () => {
      const email = await newAccount('una-ip');
      const home = newIp();
      expect((await signIn(email, password, home)).status).toBe(200);
      const attacker = newIp();
      const results = await Promise.all(Array.from({ length: 200 }, () => signIn(email, 'Adivinanza-123', attacker)));
      const checked = count(results, 401);
      figures.push(`one address, 200 simultaneous guesses: ${checked} checked, ${count(results, 429)} refused (429)`);
      expect(checked).toBeGreaterThan(0);
      expect(checked).toBeLessThanOrEqual(5);
      expectOnly429Besides(results, 401);
      // The pair is locked, even with the right password; the user, from where they signed in before, is not.
      expect((await signIn(email, password, attacker)).status).toBe(429);
      expect((await signIn(email, password, home)).status).toBe(200);
      expect(await audit(email, 'auth.login.failed')).toBe(checked);
      const locked = await s.db.query(
        "select 1 from audit_log where action = 'auth.login.locked' and after->>'email' = $1 and after->>'ip' = $2 and after->>'scope' = 'cuenta y dirección'",
        [email, attacker],
      );
      expect(locked.rows).toHaveLength(1);
    });

    it('200 simultaneous wrong passwords from 200 addresses: a handful checked; no address is locked out', async () => {
      const email = await newAccount('muchas-ip');
      const home = newIp();
      expect((await signIn(email, password, home)).status).toBe(200);
      const results = await Promise.all(Array.from({ length: 200 }, () => signIn(email, 'Adivinanza-123', newIp())));
      const checked = count(results, 401);
      figures.push(`200 addresses, one guess each at once: ${checked} checked, ${count(results, 429)} refused (429)`);
      expect(checked).toBeGreaterThanOrEqual(5);
      expect(checked).toBeLessThanOrEqual(7);
      expectOnly429Besides(results, 401);
      for (const r of results.filter((x) => x.status === 429)) {
        expect(Number(r.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      }
      // An address the account signed in from is not slowed; a new one waits at most a minute.
      expect((await signIn(email, password, home)).status).toBe(200);
      const fresh = await signIn(email, password, newIp());
      if (fresh.status !== 200) {
        expect(fresh.status).toBe(429);
        expect(Number(fresh.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      }
      expect(await audit(email, 'auth.login.throttled')).toBe(1);
    });

    it('one guess after another from new addresses: each waits a growing delay; the user waits it out and gets in', async () => {
      const email = await newAccount('goteo');
      const statuses: number[] = [];
      const waits: number[] = [];
      for (let i = 0; i < 7; i++) {
        const r = await signIn(email, 'Adivinanza-123', newIp());
        statuses.push(r.status);
        if (r.status === 429) waits.push(Number(r.headers.get('retry-after')));
      }
      // Five failures, a sixth let through by the delay's gate, the seventh asked to wait a second.
      expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
      expect(waits).toEqual([1]);
      const user = newIp();
      const first = await signIn(email, password, user);
      const started = Date.now();
      let last = first;
      while (last.status === 429 && Date.now() - started < 65_000) {
        const wait = Number(last.headers.get('retry-after'));
        expect(wait).toBeLessThanOrEqual(60);
        await new Promise((r) => setTimeout(r, wait * 1000 + 50));
        last = await signIn(email, password, user);
      }
      figures.push(
        `7 guesses from 7 addresses in a row: 6 checked; the user from a new address got in after ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      expect(last.status).toBe(200);
    });

    it('25 simultaneous wrong current passwords on change-password: at most 5 checked', async () => {
      const email = await newAccount('cambio');
      const token = (await signIn(email, password, newIp())).body.token as string;
      const results = await Promise.all(
        Array.from({ length: 25 }, () =>
          s.req('PUT', '/api/auth/change-password', {
            token,
            body: { currentPassword: 'Adivinanza-123', newPassword: strongPassword('nueva') },
          }),
        ),
      );
      const checked = count(results, 400);
      figures.push(`change-password, 25 simultaneous wrong current passwords: ${checked} checked`);
      expect(checked).toBeLessThanOrEqual(5);
      expectOnly429Besides(results, 400);
      const failed = await s.db.query<{ n: number }>(
        "select count(*)::int as n from audit_log where action = 'auth.password.failed' and actor_email = $1",
        [email],
      );
      expect(failed.rows[0]!.n).toBe(checked);
    });

    it('20 simultaneous wrong codes, with the right password, at sign-in and at enrolment: at most 5 checked', async () => {
      const email = await newAccount('totp');
      const ip = newIp();
      const token = (await signIn(email, password, ip)).body.token as string;
      // Enrolment: wrong confirmation codes.
      const setup = await s.req('POST', '/api/auth/mfa/setup', { token, body: { current_password: password } });
      expect(setup.status).toBe(200);
      const secret = setup.body.data.secret as string;
      const current = totpAt(secret, timeStep(new Date()));
      const wrong = current === '000000' ? '111111' : '000000';
      const enrol = await Promise.all(
        Array.from({ length: 20 }, () => s.req('POST', '/api/auth/mfa/enable', { token, body: { code: wrong } })),
      );
      expect(count(enrol, 400)).toBeLessThanOrEqual(5);
      expectOnly429Besides(enrol, 400);
      // Turned on by another user's session of the same account is not possible: enable it on a second account.
      const other = await newAccount('totp2');
      const t2 = (await signIn(other, password, ip)).body.token as string;
      const setup2 = await s.req('POST', '/api/auth/mfa/setup', { token: t2, body: { current_password: password } });
      const secret2 = setup2.body.data.secret as string;
      const on = await s.req('POST', '/api/auth/mfa/enable', {
        token: t2,
        body: { code: totpAt(secret2, timeStep(new Date())) },
      });
      expect(on.status).toBe(200);
      const code2 = totpAt(secret2, timeStep(new Date()));
      const wrong2 = code2 === '000000' ? '111111' : '000000';
      const attacker = newIp();
      const signIns = await Promise.all(
        Array.from({ length: 20 }, () => signIn(other, password, attacker, { mfa_code: wrong2 })),
      );
      const checked = count(signIns, 401);
      figures.push(
        `second factor, 20 simultaneous wrong codes: sign-in ${checked} checked, enrolment ${count(enrol, 400)} checked`,
      );
      expect(checked).toBeLessThanOrEqual(5);
      for (const r of signIns.filter((x) => x.status === 401)) expect(r.body.code).toBe('INVALID_MFA_CODE');
      expectOnly429Besides(signIns, 401);
    });

    it('the demo accounts keep their password (the policy applies to new ones)', async () => {
      expect((await signIn('emisor@empresa.example', DEMO_PASSWORD, newIp())).status).toBe(200);
    });
  });
}

guessingSuite('database limiter', {});
if (process.env.REDIS_URL) guessingSuite('Redis limiter', { redisUrl: process.env.REDIS_URL });
