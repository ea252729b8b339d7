/**
 * Idempotency-Key on every POST that creates something: the same key and body answer the first answer without
 * creating again (also for concurrent retries and across two server processes on PostgreSQL), another body is 409
 * IDEMPOTENCY_MISMATCH, keys are per user (per address without a session), kept 24 h, a refused request releases its key.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/platform/clock';
import { purgeIdempotencyKeys } from '../../src/platform/http/idempotency';
import { build, strongPassword, TEST_ENGINE, type TestServer } from '../helpers';
import { addDays, cuitFor, custodyBody, rowCounts, today, uniqueNumber } from './support';

const idem = (key: string) => ({ 'idempotency-key': key });
const STRONG = strongPassword('idem');

describe('idempotency keys', () => {
  let s: TestServer;
  let emisor: string;
  let autorizante: string;
  let admin: string;
  let superadmin: string;
  beforeAll(async () => {
    s = await build();
    [emisor, autorizante, admin, superadmin] = await Promise.all([
      s.login('emisor@empresa.example'),
      s.login('autorizante@empresa.example'),
      s.login('admin@banco.example'),
      s.login('superadmin@plataforma.example'),
    ]);
  });
  afterAll(() => s.close());

  async function count(table: string, where = 'true', params: unknown[] = []): Promise<number> {
    const r = await s.db.query<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`, params);
    return r.rows[0]!.n;
  }

  /** Sends the same request twice with one key: same status and body, one creation. */
  async function replays(path: string, token: string | null, body: unknown, table: string) {
    const key = randomUUID();
    const before = await count(table);
    const first = await s.req('POST', path, { token, body, headers: idem(key) });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await s.req('POST', path, { token, body, headers: idem(key) });
    expect(second.status).toBe(first.status);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await count(table)).toBe(before + 1);
    return { key, first };
  }

  it('POST /api/echeqs, /echeqs/custody, /discounts, /users, /admin/tenants, /auth/register replay their first answer', async () => {
    const cheque = custodyBody();
    delete (cheque as Record<string, unknown>).currency;
    await replays('/api/echeqs', emisor, { ...cheque, number: uniqueNumber('3') }, 'echeqs');
    const { first } = await replays('/api/echeqs/custody', emisor, custodyBody(), 'custody');
    // A discount needs the cheque validated by the clearing house.
    await s.req('GET', `/api/echeqs/validate/${first.body.data.echeq.id}`, { token: emisor });
    await replays(
      '/api/discounts',
      emisor,
      { echeq_id: first.body.data.echeq.id, requested_amount: 1000.5, notes: 'adelanto' },
      'discounts',
    );
    const n = Date.now() % 1_000_000;
    await replays(
      '/api/users',
      admin,
      { email: `idem-${n}@banco.example`, password: STRONG, role: 'BANK_OPERATOR' },
      'users',
    );
    await replays(
      '/api/admin/tenants',
      superadmin,
      { nombre: `Banco Idem ${n}`, codigo: `BI${n}`, cuit: cuitFor(n), tipo: 'BANCO' },
      'tenants',
    );
    // Without a session the key is scoped to the caller's address; the replayed token still works.
    const reg = await replays(
      '/api/auth/register',
      null,
      {
        email: `registro-${n}@empresa.example`,
        password: STRONG,
        company_name: 'Idem S.A.',
        cuit: cuitFor(n + 7),
      },
      'users',
    );
    const profile = await s.req('GET', '/api/auth/profile', { token: reg.first.body.data.token });
    expect(profile.status).toBe(200);
  });

  it('without a session the key belongs to the caller’s address: another address with the same key is independent', async () => {
    const key = randomUUID();
    const n = (Date.now() % 1_000_000) + 23;
    const from = (ip: string, m: number) =>
      s.req('POST', '/api/auth/register', {
        body: {
          email: `ip-${m}@empresa.example`,
          password: STRONG,
          company_name: `IP ${m} S.A.`,
          cuit: cuitFor(m),
        },
        headers: { ...idem(key), 'x-forwarded-for': ip },
      });
    // Numbers two apart: consecutive ones can give the same CUIT (an invalid check digit moves to the next number).
    const a = await from('10.1.1.1', n);
    const b = await from('10.2.2.2', n + 2);
    expect(a.status).toBe(200);
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    expect(b.body.data.user.id).not.toBe(a.body.data.user.id);
    const again = await from('10.1.1.1', n + 4);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('IDEMPOTENCY_MISMATCH');
  });

  it('the stored answer is sealed: no token nor body in clear in the table', async () => {
    const n = (Date.now() % 1_000_000) + 11;
    const key = randomUUID();
    const email = `sellado-${n}@empresa.example`;
    const r = await s.req('POST', '/api/auth/register', {
      body: { email, password: STRONG, company_name: 'Sellado S.A.', cuit: cuitFor(n) },
      headers: idem(key),
    });
    expect(r.status).toBe(200);
    const row = await s.db.query<Record<string, unknown>>('select * from idempotency_keys where key = $1', [key]);
    const text = JSON.stringify(row.rows);
    expect(row.rows).toHaveLength(1);
    expect(text).not.toContain(r.body.data.token);
    expect(text).not.toContain(email);
  });

  it('the same key with another body, path or method is 409 IDEMPOTENCY_MISMATCH and creates nothing', async () => {
    const key = randomUUID();
    const body = custodyBody();
    const first = await s.req('POST', '/api/echeqs/custody', { token: emisor, body, headers: idem(key) });
    expect(first.status).toBe(200);
    const before = await rowCounts(s.db);
    const other = await s.req('POST', '/api/echeqs/custody', {
      token: emisor,
      body: { ...body, amount: 99.99 },
      headers: idem(key),
    });
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ success: false, code: 'IDEMPOTENCY_MISMATCH' });
    const path = await s.req('POST', '/api/echeqs', {
      token: emisor,
      body: { ...body, notes: undefined },
      headers: idem(key),
    });
    expect(path.status).toBe(409);
    expect(path.body.code).toBe('IDEMPOTENCY_MISMATCH');
    expect(await rowCounts(s.db)).toEqual(before);
    // Field order does not matter: the same fields in another order replay.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const again = await s.req('POST', '/api/echeqs/custody', { token: emisor, body: reordered, headers: idem(key) });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
  });

  it('keys are scoped per user: another user with the same key creates its own record', async () => {
    const key = randomUUID();
    const a = await s.req('POST', '/api/echeqs/custody', { token: emisor, body: custodyBody(), headers: idem(key) });
    const b = await s.req('POST', '/api/echeqs/custody', {
      token: autorizante,
      body: custodyBody(),
      headers: idem(key),
    });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.body.data.custody.id).not.toBe(a.body.data.custody.id);
    expect(b.headers.get('idempotent-replayed')).toBeNull();
  });

  it('concurrent retries with one key: one creation, every answer the same', async () => {
    for (let round = 0; round < 3; round++) {
      const key = randomUUID();
      const body = custodyBody();
      const before = await count('custody');
      const results = await Promise.all(
        Array.from({ length: 6 }, () =>
          s.req('POST', '/api/echeqs/custody', { token: emisor, body, headers: idem(key) }),
        ),
      );
      for (const r of results) {
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        expect(r.body).toEqual(results[0]!.body);
      }
      expect(await count('custody')).toBe(before + 1);
      expect(await count('echeqs', 'number = $1', [body.number])).toBe(1);
    }
  });

  it('a refused request releases its key: a corrected retry with the same key runs', async () => {
    const key = randomUUID();
    const body = custodyBody({ due_date: addDays(today(), -400), issue_date: addDays(today(), -500) });
    const refused = await s.req('POST', '/api/echeqs/custody', { token: emisor, body, headers: idem(key) });
    expect(refused.status).toBe(400);
    expect(await count('idempotency_keys', 'key = $1', [key])).toBe(0);
    // A conflict (duplicate number) is not stored either: same request again is answered again, not replayed.
    const dupKey = randomUUID();
    const taken = custodyBody();
    expect((await s.req('POST', '/api/echeqs/custody', { token: emisor, body: taken })).status).toBe(200);
    const dup = await s.req('POST', '/api/echeqs/custody', { token: emisor, body: taken, headers: idem(dupKey) });
    expect(dup.status).toBe(409);
    expect(await count('idempotency_keys', 'key = $1', [dupKey])).toBe(0);
    // The released key may now carry another body.
    const ok = await s.req('POST', '/api/echeqs/custody', { token: emisor, body: custodyBody(), headers: idem(key) });
    expect(ok.status).toBe(200);
  });

  it('a malformed key is 400; requests without a key are not affected; login ignores the header', async () => {
    const bad = await s.req('POST', '/api/echeqs/custody', {
      token: emisor,
      body: custodyBody(),
      headers: idem('x'.repeat(300)),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
    const key = randomUUID();
    const l1 = await s.req('POST', '/api/auth/login', {
      body: { email: 'emisor@empresa.example', password: 'Demo1234!' },
      headers: idem(key),
    });
    const l2 = await s.req('POST', '/api/auth/login', {
      body: { email: 'emisor@empresa.example', password: 'Demo1234!' },
      headers: idem(key),
    });
    expect(l1.status).toBe(200);
    expect(l2.status).toBe(200);
    expect(l2.body.token).not.toBe(l1.body.token);
  });
});

describe('idempotency keys are kept 24 hours', () => {
  let s: TestServer;
  const clock = fixedClock(new Date());
  beforeAll(async () => {
    s = await build({ clock });
  });
  afterAll(() => s.close());

  it('an expired key is claimed again and the purge deletes keys older than 24 h', async () => {
    // Sessions last 8 h: sign in again after each move of the clock (the key belongs to the user, not the session).
    let token = await s.login('emisor@empresa.example');
    const key = randomUUID();
    const body = custodyBody();
    const first = await s.req('POST', '/api/echeqs/custody', { token, body, headers: idem(key) });
    expect(first.status).toBe(200);
    clock.set(new Date(clock.now().getTime() + 23 * 3_600_000));
    token = await s.login('emisor@empresa.example');
    const replay = await s.req('POST', '/api/echeqs/custody', { token, body, headers: idem(key) });
    expect(replay.body).toEqual(first.body);
    expect(await purgeIdempotencyKeys(s.db, clock.now())).toBe(0);
    clock.set(new Date(clock.now().getTime() + 2 * 3_600_000));
    token = await s.login('emisor@empresa.example');
    // 25 h later the key is gone: the same body runs again (and meets the duplicate number).
    const late = await s.req('POST', '/api/echeqs/custody', { token, body, headers: idem(key) });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('DUPLICATE');
    const other = randomUUID();
    expect(
      (await s.req('POST', '/api/echeqs/custody', { token, body: custodyBody(), headers: idem(other) })).status,
    ).toBe(200);
    clock.set(new Date(clock.now().getTime() + 25 * 3_600_000));
    expect(await purgeIdempotencyKeys(s.db, clock.now())).toBeGreaterThanOrEqual(1);
    const left = await s.db.query('select 1 from idempotency_keys');
    expect(left.rows).toHaveLength(0);
  });
});

describe.runIf(TEST_ENGINE === 'pg')('idempotency across two server processes sharing PostgreSQL', () => {
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

  it('concurrent retries on both processes: one creation, the same answer everywhere', async () => {
    const token = await a.login('emisor@empresa.example');
    for (let round = 0; round < 5; round++) {
      const key = randomUUID();
      const body = custodyBody();
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          (i % 2 ? b : a).req('POST', '/api/echeqs/custody', { token, body, headers: idem(key) }),
        ),
      );
      for (const r of results) {
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        expect(r.body).toEqual(results[0]!.body);
      }
      const n = await a.db.query<{ n: number }>('select count(*)::int as n from echeqs where number = $1', [
        body.number,
      ]);
      expect(n.rows[0]!.n).toBe(1);
    }
  });
});
