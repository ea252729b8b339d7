import type { Echeq, LifecycleOperationBody } from '@echeq/contract';
import type { Ctx, Scope } from '../../platform/auth/actor';
import type { Queryable } from '../../platform/db/db';
import type { ClearingEcheq } from './port';

/** A cheque of a bank's book as a real clearing house would already know it (what the built-in sandbox learns). */
export type SandboxBookEntry = ClearingEcheq & {
  state: 'REGISTERED' | 'IN_CUSTODY' | 'RELEASED' | 'EXPIRED' | 'CANCELLED';
  /** Its open custody record, if any. */
  custody_id: string | null;
  /** The clearing house's answer when it validated the cheque as it is now; null while pending. */
  validation_status: 'VALIDATED' | 'REJECTED' | null;
};

/**
 * What the clearing house's routes ask of the bank's book, whose tables belong to the modules after this one in the
 * order (echeqs, custody): app.ts passes it to clearingRoutes, nothing here imports those modules nor reads their
 * tables.
 */
export type ClearingBook = {
  /** A live cheque in the scope as the clearing house sees it, with its bank; null when the scope cannot see it. */
  echeqForClearing(db: Queryable, id: string, scope: Scope): Promise<{ tenantId: string; echeq: ClearingEcheq } | null>;
  /** The bank's live cheques, read in the caller's transaction, for the built-in sandbox to learn (learnSandboxBook). */
  sandboxBook(q: Queryable, tenantId: string): Promise<SandboxBookEntry[]>;
  /**
   * The lifecycle's operations by `type` (`POST /integration/coelsa/operation`), done as the route of that name does
   * them (the lifecycle module, after this one in the order): the status to answer and the cheque.
   */
  lifecycle?: (input: {
    ctx: Ctx;
    body: LifecycleOperationBody;
    idempotencyKey: string | undefined;
  }) => Promise<{ status: 200 | 201 | 202; cheque: Echeq | null }>;
};
