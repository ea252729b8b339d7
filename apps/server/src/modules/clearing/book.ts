import type { Scope } from '../../platform/auth/actor';
import type { Queryable } from '../../platform/db/db';
import type { ClearingEcheq } from './port';

/**
 * What the clearing house's routes ask of the bank's book, whose tables belong to the modules after this one in the
 * order (echeqs, custody): app.ts passes it to clearingRoutes, nothing here imports those modules.
 */
export type ClearingBook = {
  /** A live cheque in the scope as the clearing house sees it, with its bank; null when the scope cannot see it. */
  echeqForClearing(db: Queryable, id: string, scope: Scope): Promise<{ tenantId: string; echeq: ClearingEcheq } | null>;
  /**
   * Gives the built-in sandbox the bank's current book (cheques and open custody) in the caller's transaction, as a
   * real clearing house would already know it (see insertSandboxBook); answers how many cheques it learnt.
   */
  importBookIntoSandbox(tx: Queryable, tenantId: string, now: Date): Promise<number>;
};
