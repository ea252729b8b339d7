import { makeCuit } from '@echeq/contract';
import { expect } from 'vitest';
import { buenosAiresDate } from '../../src/platform/clock';
import type { Queryable } from '../../src/platform/db/db';
import type { Res } from '../helpers';

export const today = () => buenosAiresDate(new Date());

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

let seq = 0;
/** A cheque number nobody else uses (letters, digits, hyphens; ≤ 30). */
export function uniqueNumber(prefix = '1'): string {
  seq += 1;
  return `${prefix}${process.pid % 10_000}${Date.now()}${seq}`.slice(0, 30);
}

/** A valid new-custody body (the screen's form). */
export function custodyBody(over: Record<string, unknown> = {}) {
  return {
    number: uniqueNumber(),
    amount: 150000.25,
    currency: 'ARS',
    issue_date: today(),
    due_date: addDays(today(), 60),
    issuer: 'Librador Confiable S.A.',
    beneficiary: 'Empresa Demo S.A.',
    ...over,
  };
}

/** A valid CUIT from a running number (the check digit computed). */
export function cuitFor(n: number, prefix = '30'): string {
  return makeCuit(prefix, String(10_000_000 + (n % 89_999_999)).padStart(8, '0'));
}

/** Row counts of the tables a write can touch (one statement). */
const COUNTED = [
  'tenants',
  'companies',
  'users',
  'echeqs',
  'custody',
  'discounts',
  'coelsa_configs',
  'clearing_outbox',
  'audit_log',
  'idempotency_keys',
] as const;

/**
 * Security events a refused request writes on purpose (a failed sign-in or password check, a lock-out, throttling):
 * left out of the audit trail's count, which otherwise must not move on a refusal.
 */
const SECURITY_EVENT = "action ~ '^auth\\.[a-z]+\\.(failed|locked|throttled)$'";

export async function rowCounts(db: Queryable): Promise<Record<string, number>> {
  const cols = COUNTED.map(
    (t) => `(select count(*) from ${t}${t === 'audit_log' ? ` where not (${SECURITY_EVENT})` : ''})::int as ${t}`,
  ).join(', ');
  const r = await db.query<Record<string, number>>(`select ${cols}`);
  return r.rows[0]!;
}

/** Markers of a leaked stack trace, file path or database error text (independent of what the caller sent). */
const LEAK =
  /\bat [\w.<>]+ \(|\.(?:ts|js|mjs):\d+|node_modules|\bstack\b|violates (?:check|unique|foreign)|duplicate key value|relation "|syntax error at|column "|pglite|PostgreSQL|ECONNREFUSED/i;

export function expectNoLeak(res: Res, label = ''): void {
  const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
  expect(text, `${label}: ${text.slice(0, 300)}`).not.toMatch(LEAK);
}

/** A 4xx in the contract's error shape. */
export function expectErrorShape(res: Res, label = ''): void {
  expect(res.body, label).toMatchObject({ success: false, message: expect.any(String), code: expect.any(String) });
  if (res.body.errors !== undefined) {
    expect(Array.isArray(res.body.errors), label).toBe(true);
    for (const e of res.body.errors)
      expect(e, label).toMatchObject({ path: expect.any(String), message: expect.any(String) });
  }
}

/** Exactly one winner among concurrent answers; every loser a 409 in the contract's shape. */
export function oneWinner(results: Res[], ok = 200): Res {
  const winners = results.filter((r) => r.status === ok);
  expect(winners.length, JSON.stringify(results.map((r) => [r.status, r.body?.code, r.body?.message]))).toBe(1);
  for (const l of results.filter((r) => r.status !== ok)) {
    expect(l.status, JSON.stringify(l.body)).toBe(409);
    expect(['INVALID_TRANSITION', 'CONFLICT', 'DUPLICATE']).toContain(l.body.code);
  }
  return winners[0]!;
}
