/**
 * Sessions and secrets: forged, expired and revoked tokens are 401; login throttling holds across server processes
 * (PostgreSQL, and Redis when REDIS_URL is set); clearing-house credentials are sealed at rest and absent from every
 * answer; no secret and no password reaches the log of the running server.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken, tokenKey } from '../../src/platform/auth/jwt';
import { fixedClock } from '../../src/platform/clock';
import { open } from '../../src/platform/crypto';
import { build, DEMO_PASSWORD, freshDb, strongPassword, TEST_ENGINE, type TestServer } from '../helpers';
import { call, type ServerProcess, startServer } from './server-process';
import { cuitFor } from './support';

const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
const randomIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

describe('tokens: algorithm, signature, expiry, revocation', () => {
  let s: TestServer;
  const clock = fixedClock(new Date());
  let claims: { sub: string; sid: string };
  let key: Uint8Array;

  beforeAll(async () => {
    s = await build({ clock });
    key = tokenKey(s.config.jwtSecret);
  });
  afterAll(() => s.close());

  const profile = (token: string) => s.req('GET', '/api/auth/profile', { token });
  const payload = () => ({
    ...claims,
    iss: 'echeq-platform',
    aud: 'echeq-api',
    iat: Math.floor(clock.now().getTime() / 1000),
    exp: Math.floor(clock.now().getTime() / 1000) + 3600,
  });

  it('a good token works; alg none, RS256/HS512 headers, other keys and tampered payloads are 401', async () => {
    const good = await s.login('emisor@empresa.example');
    const [, body] = good.split('.');
    claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
    expect((await profile(good)).status).toBe(200);

    const hmac = (data: string, secret: Uint8Array | string, alg = 'sha256') =>
      createHmac(alg, secret).update(data).digest('base64url');
    const forged: Record<string, string> = {};
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload())}`;
    forged['alg none'] = `${none}.`;
    forged['alg none sin punto'] = none;
    forged['alg NONE'] = `${b64({ alg: 'NONE', typ: 'JWT' })}.${b64(payload())}.`;
    const rs = `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64(payload())}`;
    forged['RS256 firmado con el secreto como HMAC'] = `${rs}.${hmac(rs, key)}`;
    forged.HS512 = await new SignJWT(payload()).setProtectedHeader({ alg: 'HS512', typ: 'JWT' }).sign(key);
    forged.HS384 = await new SignJWT(payload()).setProtectedHeader({ alg: 'HS384', typ: 'JWT' }).sign(key);
    forged['otra clave'] = await signToken(
      tokenKey('otra-clave-otra-clave-otra-clave-0123456789'),
      claims,
      new Date(clock.now().getTime() + 3_600_000),
      clock.now(),
    );
    const [h, , sig] = good.split('.');
    const other = await s.db.query<{ id: string }>(
      "select id from users where email = 'superadmin@plataforma.example'",
    );
    forged['sub cambiado, firma original'] = `${h}.${b64({ ...payload(), sub: other.rows[0]!.id })}.${sig}`;
    forged['firma truncada'] = good.slice(0, -4);
    forged['sid de otra sesión de otro usuario'] = await signToken(
      key,
      { sub: other.rows[0]!.id, sid: claims.sid },
      new Date(clock.now().getTime() + 3_600_000),
      clock.now(),
    );
    forged['sesión inexistente'] = await signToken(
      key,
      { sub: claims.sub, sid: randomUUID() },
      new Date(clock.now().getTime() + 3_600_000),
      clock.now(),
    );
    forged.basura = 'a.b.c';
    forged.vacio = '';
    for (const [name, token] of Object.entries(forged)) {
      const r = await s.req('GET', '/api/auth/profile', { headers: { authorization: `Bearer ${token}` } });
      expect(r.status, name).toBe(401);
      expect(r.body.code, name).toBe('UNAUTHORIZED');
    }
    for (const header of [`Basic ${b64('emisor@empresa.example:Demo1234!')}`, `bearer ${good}`, good, `Bearer  `]) {
      const r = await s.req('GET', '/api/auth/profile', { headers: { authorization: header } });
      expect(r.status, header.slice(0, 20)).toBe(401);
    }
  });

  it('an expired session is 401 (the clock moved past its 8 hours)', async () => {
    const token = await s.login('operador@banco.example');
    expect((await profile(token)).status).toBe(200);
    clock.set(new Date(clock.now().getTime() + 7.9 * 3_600_000));
    expect((await profile(token)).status).toBe(200);
    clock.set(new Date(clock.now().getTime() + 0.2 * 3_600_000));
    const r = await profile(token);
    expect(r.status).toBe(401);
    expect(r.body.code).toBe('UNAUTHORIZED');
  });

  it('revoked sessions are 401: logout, a password change, a suspension', async () => {
    // Each session is used first (so the server has verified it and keeps it in memory), then revoked.
    const a = await s.login('autorizante@empresa.example');
    expect((await profile(a)).status).toBe(200);
    expect((await s.req('POST', '/api/auth/logout', { token: a })).status).toBe(200);
    expect((await profile(a)).status).toBe(401);

    const b1 = await s.login('beneficiario@beneficiario.example');
    const b2 = await s.login('beneficiario@beneficiario.example');
    expect((await profile(b1)).status).toBe(200);
    expect((await profile(b2)).status).toBe(200);
    const changed = await s.req('PUT', '/api/auth/change-password', {
      token: b1,
      body: { currentPassword: DEMO_PASSWORD, newPassword: strongPassword('otra') },
    });
    expect(changed.status).toBe(200);
    expect((await profile(b1)).status).toBe(401);
    expect((await profile(b2)).status).toBe(401);
    expect((await profile(changed.body.data.token)).status).toBe(200);

    const g = await s.login('avalista@avalista.example');
    expect((await profile(g)).status).toBe(200);
    const admin = await s.login('admin@banco.example');
    const id = (await s.db.query<{ id: string }>("select id from users where email = 'avalista@avalista.example'"))
      .rows[0]!.id;
    expect((await s.req('PUT', `/api/users/${id}`, { token: admin, body: { status: 'SUSPENDED' } })).status).toBe(200);
    expect((await profile(g)).status).toBe(401);
  });
});

/**
 * Failed sign-ins of one account from one address, alternating between servers: the sixth attempt of that address is
 * refused on both, even with the right password; the account as a whole is only slowed, on both: a first guess from
 * another address passes the delay's gate, the next one at once is told to wait (whichever process answers), and the
 * user, from a new address, gets in after that wait.
 */
async function throttledAcross(servers: TestServer[], email: string, password: string) {
  const attacker = { 'x-forwarded-for': randomIp() };
  const login = (i: number, pw: string, headers: Record<string, string>) =>
    servers[i % servers.length]!.req('POST', '/api/auth/login', { body: { email, password: pw }, headers });
  for (let i = 0; i < 5; i++) {
    const r = await login(i, 'Equivocada999', attacker);
    expect(r.status, `intento ${i + 1}`).toBe(401);
    expect(r.body.code).toBe('INVALID_CREDENTIALS');
  }
  for (let i = 0; i < servers.length; i++) {
    const r = await login(i, password, attacker);
    expect(r.status).toBe(429);
    expect(r.body.code).toBe('RATE_LIMITED');
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(60);
  }
  expect((await login(1, 'Equivocada999', { 'x-forwarded-for': randomIp() })).status).toBe(401);
  const slowed = await login(0, 'Equivocada999', { 'x-forwarded-for': randomIp() });
  expect(slowed.status).toBe(429);
  // Eight attempts counted so far (the refused ones too): the gate closed for 4 s, never over a minute.
  expect(Number(slowed.headers.get('retry-after'))).toBeLessThanOrEqual(60);
  // (The account lives on the first server's database; with Redis on the embedded engine the second has its own.)
  const user = { 'x-forwarded-for': randomIp() };
  let r = await login(0, password, user);
  for (let i = 0; i < 3 && r.status === 429; i++) {
    await new Promise((done) => setTimeout(done, Number(r.headers.get('retry-after')) * 1000 + 50));
    r = await login(0, password, user);
  }
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

describe.runIf(TEST_ENGINE === 'pg')('login throttling across two server processes sharing PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await build();
    b = await build({ sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('five failures from one address, over both processes, lock that address on both and slow the account on both', async () => {
    await throttledAcross([a, b], 'operador@banco.example', DEMO_PASSWORD);
  });

  it('a session revoked on one process stops working on the other, which had verified it before', async () => {
    const me = (srv: TestServer, token: string) => srv.req('GET', '/api/auth/profile', { token });
    const token = await a.login('autorizante@empresa.example');
    expect((await me(b, token)).status).toBe(200);
    expect((await me(b, token)).status).toBe(200);
    expect((await a.req('POST', '/api/auth/logout', { token })).status).toBe(200);
    // The other process learns it from the database's notification, sent at commit: within milliseconds.
    const deadline = Date.now() + 1_000;
    let status = (await me(b, token)).status;
    while (status === 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 10));
      status = (await me(b, token)).status;
    }
    expect(status).toBe(401);

    // A suspension written straight to the database reaches both processes the same way.
    const other = await a.login('auditor@banco.example');
    expect((await me(a, other)).status).toBe(200);
    expect((await me(b, other)).status).toBe(200);
    await a.db.query("update users set status = 'SUSPENDED' where email = 'auditor@banco.example'");
    try {
      await new Promise((r) => setTimeout(r, 50));
      expect((await me(a, other)).status).toBe(401);
      expect((await me(b, other)).status).toBe(401);
    } finally {
      await a.db.query("update users set status = 'ACTIVE' where email = 'auditor@banco.example'");
    }
  });
});

describe.runIf(!!process.env.REDIS_URL)('login throttling in Redis (REDIS_URL)', () => {
  let a: TestServer;
  let b: TestServer;
  let redis: Redis;
  const email = `redis-${randomUUID().slice(0, 8)}@banco.example`;

  beforeAll(async () => {
    a = await build({ config: { redisUrl: process.env.REDIS_URL! } });
    // On PostgreSQL the second process shares the database; on the embedded one it has its own: only Redis is shared.
    b =
      TEST_ENGINE === 'pg'
        ? await build({ sameDatabaseAs: a, config: { redisUrl: process.env.REDIS_URL! } })
        : await build({ config: { redisUrl: process.env.REDIS_URL! } });
    redis = new Redis(process.env.REDIS_URL!);
  });
  afterAll(async () => {
    const keys = await redis.keys(`echeq:rl:*${email}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    await b.close();
    await a.close();
  });

  it('the counters live in Redis: failures on two processes add up, the database keeps none', async () => {
    const admin = await a.login('admin@banco.example');
    const password = strongPassword('redis');
    const created = await a.req('POST', '/api/users', {
      token: admin,
      body: { email, password, role: 'BANK_OPERATOR' },
    });
    expect(created.status).toBe(200);
    await throttledAcross([a, b], email, password);
    // The address's pair counter stays (locked); the account's was cleared by the user's sign-in.
    const keys = await redis.keys(`echeq:rl:login:pair:${email}|*`);
    expect(keys.length).toBeGreaterThanOrEqual(1);
    const rows = await a.db.query("select 1 from rate_limits where key like 'login:%' and key like $1", [`%${email}%`]);
    expect(rows.rows).toHaveLength(0);
  });
});

describe('clearing-house secrets at rest and in answers', () => {
  let s: TestServer;
  const apiKey = `clave-api-${randomUUID()}`;
  const apiSecret = `secreto-api-${randomUUID()}`;
  beforeAll(async () => {
    s = await build();
  });
  afterAll(() => s.close());

  it('are sealed in coelsa_configs and appear in no answer nor in the audit trail', async () => {
    const root = await s.login('superadmin@plataforma.example');
    const sur = (await s.db.query<{ id: string }>("select id from tenants where codigo = 'BSUR'")).rows[0]!.id;
    const answers = [
      await s.req('POST', `/api/admin/tenants/${sur}/coelsa-config`, {
        token: root,
        body: { environment: 'staging', base_url: 'http://127.0.0.1:9/coelsa', api_key: apiKey, api_secret: apiSecret },
      }),
    ];
    expect(answers[0]!.status, JSON.stringify(answers[0]!.body)).toBe(200);
    const row = await s.db.query<Record<string, unknown>>('select * from coelsa_configs where tenant_id = $1', [sur]);
    const stored = JSON.stringify(row.rows[0]);
    expect(stored).not.toContain(apiKey);
    expect(stored).not.toContain(apiSecret);
    expect(stored).not.toContain(Buffer.from(apiKey).toString('base64'));
    // Sealed, not lost: the key opens them.
    expect(open(s.config.secretsKey, row.rows[0]!.api_key_enc as string)).toBe(apiKey);
    expect(open(s.config.secretsKey, row.rows[0]!.api_secret_enc as string)).toBe(apiSecret);

    const admin = await s.login('admin@bancosur.example');
    for (const [token, p] of [
      [root, `/api/admin/tenants/${sur}/coelsa-config`],
      [root, '/api/admin/tenants'],
      [root, `/api/admin/tenants/${sur}`],
      [root, `/api/system/coelsa-config?tenant_id=${sur}`],
      [root, `/api/integration/coelsa/status?tenant_id=${sur}`],
      [root, '/api/audit?limit=100'],
      [root, '/api/admin/dashboard'],
      [admin, '/api/system/coelsa-config'],
      [admin, '/api/system/status'],
    ] as const) {
      answers.push(await s.req('GET', p, { token }));
    }
    answers.push(await s.req('POST', `/api/admin/tenants/${sur}/coelsa-config/test`, { token: root }));
    for (const r of answers) {
      const text = JSON.stringify(r.body);
      expect(text).not.toContain(apiKey);
      expect(text).not.toContain(apiSecret);
    }
    const audit = await s.db.query('select before, after from audit_log where entity = $1', ['coelsa_config']);
    expect(JSON.stringify(audit.rows)).not.toContain(apiSecret);
  });
});

describe('the running server logs no secret, password nor token', () => {
  let srv: ServerProcess;
  let dataDir: string;
  let drop = async () => {};
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'echeq-logs-'));
    // Embedded mode on PGlite; on PostgreSQL a fresh copy of the demo database.
    let databaseUrl = '';
    if (TEST_ENGINE === 'pg') {
      const fresh = await freshDb();
      await fresh.db.close();
      databaseUrl = fresh.url!;
      drop = async () => {
        const again = await import('pg');
        const admin = new again.default.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        await admin.query(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
        await admin.end();
      };
    }
    srv = await startServer({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'trace',
      DATABASE_URL: databaseUrl,
      JOBS: 'false',
      COELSA_ALLOWED_HOSTS: '127.0.0.1',
    });
  }, 180_000);
  afterAll(async () => {
    await srv?.stop();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('after sign-ins, registrations, password changes and clearing configuration', { timeout: 120_000 }, async () => {
    const secrets = {
      wrongPassword: `Incorrecta-${randomUUID().slice(0, 8)}1`,
      newPassword: `NuevaClave-${randomUUID().slice(0, 8)}-Violeta`,
      registerPassword: `Registro-${randomUUID().slice(0, 8)}-Tintero`,
      userPassword: `Usuario-${randomUUID().slice(0, 8)}-Pradera`,
      apiKey: `api-key-${randomUUID()}`,
      apiSecret: `api-secret-${randomUUID()}`,
    };
    const base = srv.url;
    const login = async (email: string, password = DEMO_PASSWORD) =>
      (await call(base, 'POST', '/api/auth/login', { body: { email, password } })).body.token as string;
    expect(
      (
        await call(base, 'POST', '/api/auth/login', {
          body: { email: 'emisor@empresa.example', password: secrets.wrongPassword },
        })
      ).status,
    ).toBe(401);
    const emisor = await login('emisor@empresa.example');
    const root = await login('superadmin@plataforma.example');
    const admin = await login('admin@banco.example');
    const n = Date.now() % 1_000_000;
    const reg = await call(base, 'POST', '/api/auth/register', {
      body: {
        email: `log-${n}@empresa.example`,
        password: secrets.registerPassword,
        company_name: 'Log S.A.',
        cuit: cuitFor(n),
      },
    });
    expect(reg.status).toBe(200);
    const changed = await call(base, 'PUT', '/api/auth/change-password', {
      token: reg.body.data.token,
      body: { currentPassword: secrets.registerPassword, newPassword: secrets.newPassword },
    });
    expect(changed.status).toBe(200);
    const user = await call(base, 'POST', '/api/users', {
      token: admin,
      body: { email: `log-user-${n}@banco.example`, password: secrets.userPassword, role: 'BANK_OPERATOR' },
    });
    expect(user.status).toBe(200);
    await call(base, 'PUT', `/api/users/${user.body.data.id}`, {
      token: admin,
      body: { password: `${secrets.userPassword}-x` },
    });
    const tenants = await call(base, 'GET', '/api/admin/tenants', { token: root });
    const sur = tenants.body.data.find((t: { codigo: string }) => t.codigo === 'BSUR').id;
    const cfg = await call(base, 'POST', `/api/admin/tenants/${sur}/coelsa-config`, {
      token: root,
      body: {
        environment: 'staging',
        base_url: 'http://127.0.0.1:9',
        api_key: secrets.apiKey,
        api_secret: secrets.apiSecret,
      },
    });
    expect(cfg.status).toBe(200);
    await call(base, 'POST', `/api/admin/tenants/${sur}/coelsa-config/test`, { token: root });
    // A malformed body carrying a password, and a validation error on one.
    await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"email":"x@y.z","password":"${secrets.wrongPassword}",}`,
    });
    await call(base, 'POST', '/api/auth/login', {
      body: { email: 'x@y.z', password: secrets.wrongPassword, extra: 1 },
    });
    await call(base, 'GET', '/api/echeqs', { token: emisor });
    await new Promise((r) => setTimeout(r, 300));

    const log = srv.output();
    expect(log.length, 'the server logged nothing: the capture is broken').toBeGreaterThan(500);
    expect(log).toMatch(/"reqId"|"req"/);
    for (const [name, value] of Object.entries(secrets)) expect(log, name).not.toContain(value);
    expect(log).not.toContain(DEMO_PASSWORD);
    for (const token of [emisor, root, admin, reg.body.data.token, changed.body.data.token]) {
      expect(log).not.toContain(token);
      expect(log).not.toContain(token.split('.')[2]!);
    }
  });
});

describe('login throttling under concurrent guesses', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await build();
  });
  afterAll(() => s.close());

  it('20 simultaneous wrong passwords for one account from 20 addresses: at most 7 are checked, the rest 429', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        s.req('POST', '/api/auth/login', {
          body: { email: 'auditor@banco.example', password: 'Equivocada999' },
          headers: { 'x-forwarded-for': randomIp() },
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    // Five failures, then the account's delay lets one attempt through per growing interval.
    expect(statuses.filter((x) => x === 401).length, statuses.join()).toBeLessThanOrEqual(7);
    expect(statuses.filter((x) => x !== 401 && x !== 429)).toEqual([]);
    const right = await s.req('POST', '/api/auth/login', {
      body: { email: 'auditor@banco.example', password: DEMO_PASSWORD },
      headers: { 'x-forwarded-for': randomIp() },
    });
    if (right.status === 429) expect(Number(right.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    else expect(right.status).toBe(200);
  });
});
