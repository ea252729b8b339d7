import type { ClearingReason } from '@echeq/contract';

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
  | 'DISCOUNT_COMPLETE';

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
];

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
 */
export type ClearingPayloads = {
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
 * The port: every operation the product needs from the clearing house. Two adapters implement it: the built-in
 * sandbox (adapters/sandbox.ts) and the HTTP client of the real service (adapters/http.ts).
 * Failures: `ClearingUnavailableError` (unreachable, timeout, 5xx, open circuit) and `ClearingRejectedError` (the
 * clearing house answered and refused: unknown id, invalid data, bad signature).
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
};
