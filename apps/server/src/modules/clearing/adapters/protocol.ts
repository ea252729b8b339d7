import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { ClearingEcheq } from '../port';

/**
 * The wire protocol between the HTTP adapter and the clearing house (spoken by the standalone simulator too).
 *
 * Every request carries the bank's api key, a timestamp (Unix milliseconds) and a signature:
 *   hex(HMAC-SHA256(api_secret, METHOD + "\n" + path-with-query + "\n" + timestamp + "\n" + hex(SHA-256(body))))
 * A request older or newer than MAX_CLOCK_SKEW_MS is refused. Mutations also carry an idempotency key: the
 * clearing house answers a repeated key with the first answer.
 * Errors are `{ code, message, reasons? }` with a 4xx (refused: never retried) or 5xx status.
 *
 * The registry (decision 032): `POST registryIssue` and `POST registryOperations` take the registry's request as JSON
 * (its `key` travels also as the idempotency key header, which must equal it) and answer its outcome: 200 with
 * `{ ok: true, cheque, events, replayed }`, or a refusal as a 4xx whose body is the outcome itself
 * (`{ ok: false, code, reason, message, field?, replayed }`: 409 for INVALID_TRANSITION, DUPLICATE and
 * IDEMPOTENCY_MISMATCH, 400 for VALIDATION_ERROR), which the adapter returns as the answer it is.
 * `GET registryEvents?cursor=&bank_code=&limit=` answers `{ events, cursor }`: the events that concern the bank
 * (drawn on it, or naming one of its adherents). `POST registryAdherents` with `{ bank_code, cuits }` adheres the
 * bank's client companies (idempotent, no key needed) and answers `{ adhered }`, how many CUITs were new.
 */
export const HEADER = {
  key: 'x-coelsa-key',
  timestamp: 'x-coelsa-timestamp',
  signature: 'x-coelsa-signature',
  idempotency: 'idempotency-key',
} as const;

export const MAX_CLOCK_SKEW_MS = 5 * 60_000;

export const ROUTES = {
  health: '/v1/health',
  validate: '/v1/echeqs/validate',
  echeqs: '/v1/echeqs',
  echeq: (id: string) => `/v1/echeqs/${encodeURIComponent(id)}`,
  deposit: (id: string) => `/v1/echeqs/${encodeURIComponent(id)}/custody`,
  release: (id: string) => `/v1/echeqs/${encodeURIComponent(id)}/custody/release`,
  operations: '/v1/operations',
  registryIssue: '/v1/registry/issue',
  registryOperations: '/v1/registry/operations',
  registryEvents: '/v1/registry/events',
  registryAdherents: '/v1/registry/adherents',
} as const;

/** The HTTP status a registry refusal travels with. */
export const refusalStatus = (code: string): number =>
  code === 'VALIDATION_ERROR' ? 400 : code === 'FORBIDDEN' ? 403 : 409;

function bodyHash(body: string): string {
  return createHash('sha256').update(body, 'utf8').digest('hex');
}

export function signRequest(
  secret: string,
  req: { method: string; path: string; timestamp: string; body: string },
): string {
  const canonical = [req.method.toUpperCase(), req.path, req.timestamp, bodyHash(req.body)].join('\n');
  return createHmac('sha256', secret).update(canonical, 'utf8').digest('hex');
}

/** Constant-time comparison of a received signature with the expected one. */
export function signatureMatches(expected: string, received: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(received, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A cheque as it travels to the clearing house. */
export function echeqToWire(e: ClearingEcheq) {
  return {
    echeq_id: e.id,
    number: e.number,
    amount: e.amount,
    currency: e.currency,
    issue_date: e.issue_date,
    due_date: e.due_date,
    issuer: e.issuer,
    issuer_cuit: e.issuer_cuit,
    beneficiary: e.beneficiary,
    beneficiary_cuit: e.beneficiary_cuit,
  };
}
