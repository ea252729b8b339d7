import { randomUUID } from 'node:crypto';
import { addDays, buenosAiresDateOf } from '@echeq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/platform/clock';
import { build, type TestServer } from '../helpers';
import { actors, company } from './support';

/**
 * "Simular ECHEQ recibido" makes a registry cheque and its copies on every call, so it has a rate limit of its own:
 * per user and minute, counted before anything is checked, in the limiter every server process shares (the
 * database; with REDIS_URL the suite runs on Redis too). Each suite has its own server: its counts start at zero.
 */
const PAYMENT = addDays(buenosAiresDateOf(new Date()), 25);
/** The limit of lifecycle.simulate.ts. */
const PER_MINUTE = 20;

const body = (companyId: string, amount = 2468.1) => ({
  company_id: companyId,
  amount,
  tipo: 'DIFERIDO',
  caracter: 'A_LA_ORDEN',
  concepto: 'FAC',
  payment_date: PAYMENT,
});

function limitSuite(label: string, config: { redisUrl?: string }) {
  describe(`POST /api/echeqs/simulate-received: its rate limit (${label})`, () => {
    let s: TestServer;
    const as = actors(() => s);
    beforeAll(async () => {
      s = await build({ clock: systemClock, config });
      await as.login();
    });
    afterAll(() => s?.close());

    const made = async () =>
      (await s.db.query<{ n: number }>('select count(*)::int as n from registry_cheques')).rows[0]!.n;

    it('past the limit in a minute answers 429 in Spanish with Retry-After and makes nothing; a replay and another user pass', async () => {
      const norte = await company(s, 'Distribuidora Norte S.A.');
      const key = randomUUID();
      const first = await as.post('norteAdmin', '/echeqs/simulate-received', body(norte.id), key);
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      // Every call counts, a refused one too (a company that does not exist: 404).
      for (let i = 1; i < PER_MINUTE; i++) {
        const r = await as.post('norteAdmin', '/echeqs/simulate-received', body(randomUUID()));
        expect(r.status, JSON.stringify(r.body)).toBe(404);
      }
      const before = await made();
      const refused = await as.post('norteAdmin', '/echeqs/simulate-received', body(norte.id, 1357.9));
      expect(refused.status, JSON.stringify(refused.body)).toBe(429);
      expect(refused.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
      expect(refused.body.message).toMatch(/^Demasiadas simulaciones seguidas .*Intente nuevamente más tarde\.$/);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(await made()).toBe(before);
      // The first call's retry with its key answers the first answer again (a replay makes nothing)…
      const replay = await as.post('norteAdmin', '/echeqs/simulate-received', body(norte.id), key);
      expect(replay.status).toBe(201);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.body).toEqual(first.body);
      expect(await made()).toBe(before);
      // …and another user has a count of its own.
      expect((await as.post('superadmin', '/echeqs/simulate-received', body(norte.id))).status).toBe(201);
      expect(await made()).toBe(before + 1);
    });
  });
}

limitSuite('database limiter', {});
if (process.env.REDIS_URL) limitSuite('Redis limiter', { redisUrl: process.env.REDIS_URL });
