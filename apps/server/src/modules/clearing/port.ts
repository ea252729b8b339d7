import type { ClearingReason } from '@echeq/contract';
import type { RegistryEvent, RegistryIssueRequest, RegistryOperateRequest, RegistryOutcome } from './registry';

/** Operations other modules record for the clearing house (the outbox's `operation` column). */
export type ClearingOperation =
  | 'ECHEQ_REGISTER'
  | 'ECHEQ_UPDATE'
  | 'ECHEQ_DELETE'
  | 'CUSTODY_DEPOSIT'
  | 'CUSTODY_RELEASE'
  | 'CUSTODY_EXPIRE'
  | 'DISCOUNT_REQUEST'
  | 'DISCOUNT_UPDATE'
  | 'DISCOUNT_APPROVE'
  | 'DISCOUNT_REJECT'
  | 'DISCOUNT_CANCEL'
  | 'DISCOUNT_COMPLETE'
  | 'REGISTRY_ISSUE'
  | 'REGISTRY_OPERATE';

export const CLEARING_OPERATIONS: readonly ClearingOperation[] = [
  'ECHEQ_REGISTER',
  'ECHEQ_UPDATE',
  'ECHEQ_DELETE',
  'CUSTODY_DEPOSIT',
  'CUSTODY_RELEASE',
  'CUSTODY_EXPIRE',
  'DISCOUNT_REQUEST',
  'DISCOUNT_UPDATE',
  'DISCOUNT_APPROVE',
  'DISCOUNT_REJECT',
  'DISCOUNT_CANCEL',
  'DISCOUNT_COMPLETE',
  'REGISTRY_ISSUE',
  'REGISTRY_OPERATE',
];

/** A bank's registry operations (LIFECYCLE §3): delivered after the outbox run's transaction, on sandbox too. */
export const isRegistryOperation = (op: string) => op === 'REGISTRY_ISSUE' || op === 'REGISTRY_OPERATE';

/** A cheque as the clearing house needs it (amount as the exact decimal string of the database). */
export type ClearingEcheq = {
  id: string;
  number: string;
  amount: string;
  currency: string;
  issue_date: string;
  due_date: string;
  issuer: string;
  issuer_cuit: string | null;
  beneficiary: string;
  beneficiary_cuit: string | null;
};

/**
 * What the outbox payload of each operation should carry so the clearing house can act on it (other operations
 * are delivered as they are):
 * - ECHEQ_REGISTER / ECHEQ_UPDATE: the cheque (`ClearingEcheq` fields).
 * - CUSTODY_DEPOSIT: `{ echeq_id, custody_id, echeq? }` (with `echeq`, a cheque the clearing house does not know yet
 *   is registered on deposit).
 * - CUSTODY_RELEASE: `{ echeq_id, custody_id, reason? }`.
 * - REGISTRY_ISSUE / REGISTRY_OPERATE: `{ request }`, the registry's request with its idempotency key (a retry
 *   replays it; the registry's answer, a refusal too, is the delivery's response).
 */
export type ClearingPayloads = {
  REGISTRY_ISSUE: { request: RegistryIssueRequest };
  REGISTRY_OPERATE: { request: RegistryOperateRequest };
  ECHEQ_REGISTER: ClearingEcheq;
  CUSTODY_DEPOSIT: { echeq_id: string; custody_id: string; echeq?: ClearingEcheq };
  CUSTODY_RELEASE: { echeq_id: string; custody_id: string; reason?: string };
};

export type ClearingValidation = { status: 'VALIDATED' | 'REJECTED'; reasons: ClearingReason[] };

/** The clearing house acknowledged an operation. */
export type ClearingAck = { reference: string; at: string; replayed: boolean; body: Record<string, unknown> };

export type ClearingEcheqState = {
  echeq_id: string;
  state: string;
  reference: string;
  registered_at: string;
  validation_status: 'VALIDATED' | 'REJECTED' | null;
};

export type CallOptions = {
  /** The same key on a retried request lets the clearing house answer it once. */
  idempotencyKey?: string;
  timeoutMs?: number;
  maxRetries?: number;
  /** Try even when the circuit breaker is open (the administrator's connection test). */
  force?: boolean;
};

/**
 * What a bank's inbox asks the registry: the events after `cursor` (an event id as a decimal string, '0' from the
 * start) that concern the bank `bankCode` (drawn on it, or naming one of its adherents), at most `limit` (1–5000).
 */
export type RegistryEventsRequest = { cursor: string; bankCode: string; limit: number };

/** A bank's client companies adhere through it (`bankCode`, 3 digits; `cuits`, 11 digits each, at most 10,000). */
export type RegistryAdhereRequest = { bankCode: string; cuits: string[] };

/** The events in id order and the cursor to ask from next (the last event's id, or the same cursor when none). */
export type RegistryEventsPage = { events: RegistryEvent[]; cursor: string };

/**
 * The port: every operation the product needs from the clearing house. Two adapters implement it: the built-in
 * sandbox (adapters/sandbox.ts) and the HTTP client of the real service (adapters/http.ts).
 * Failures: `ClearingUnavailableError` (unreachable, timeout, 5xx, open circuit) and `ClearingRejectedError` (the
 * clearing house answered and refused: unknown id, invalid data, bad signature).
 *
 * The registry (LIFECYCLE §1, decision 032): `registryIssue` and `registryOperate` answer the registry's outcome,
 * its refusals included (`ok: false` with the contract's Spanish message: a refusal is an answer, never thrown); the
 * request's `key` is its idempotency key (a replay answers the first answer with `replayed: true`). Only a registry
 * that cannot be reached or fails throws (the errors above). `registryEvents` pages a bank's inbox by its bank code
 * and cursor; `registryAdhere` tells the registry which CUITs are the bank's clients (idempotent: answers how many
 * were new), so that their events are the bank's.
 */
export type ClearingPort = {
  kind: 'sandbox' | 'http';
  health(opts?: CallOptions): Promise<{ latencyMs: number }>;
  validateEcheq(echeq: ClearingEcheq, opts?: CallOptions): Promise<ClearingValidation>;
  registerEcheq(echeq: ClearingEcheq, opts?: CallOptions): Promise<ClearingAck>;
  queryEcheq(echeqId: string, opts?: CallOptions): Promise<ClearingEcheqState>;
  registerCustodyDeposit(
    deposit: { echeqId: string; custodyId: string | null; echeq?: ClearingEcheq | null },
    opts?: CallOptions,
  ): Promise<ClearingAck>;
  registerCustodyRelease(
    release: { echeqId: string; custodyId: string | null; reason?: string | null },
    opts?: CallOptions,
  ): Promise<ClearingAck>;
  /** Any other operation, by type (the generic `operation` of the clearing house). */
  operation(
    op: { type: string; entity: string; entityId: string; payload: unknown },
    opts?: CallOptions,
  ): Promise<ClearingAck>;
  registryIssue(req: RegistryIssueRequest, opts?: CallOptions): Promise<RegistryOutcome>;
  registryOperate(req: RegistryOperateRequest, opts?: CallOptions): Promise<RegistryOutcome>;
  registryEvents(req: RegistryEventsRequest, opts?: CallOptions): Promise<RegistryEventsPage>;
  registryAdhere(req: RegistryAdhereRequest, opts?: CallOptions): Promise<{ adhered: number }>;
};
