import type { Scope } from '../../platform/auth/actor';
import type { Queryable } from '../../platform/db/db';
import { type EcheqLock, type EcheqRow, findEcheq, setDiscountedAt, setExpired } from './echeqs.queries';
import { echeqNotFound } from './echeqs.rules';

/**
 * The cheque's lock protocol: the one order in which every change to a cheque takes its locks, so that two changes to
 * the same cheque never wait for each other crosswise. Each step's statement is written once, in the module that owns
 * its table; a step with nothing to lock (a cheque not in custody) is skipped.
 *
 *  1. The cheque's open custody record: custody's `lockCustodyOf` (discounts), the `lockOpenCustody` of the
 *     `EcheqHolds` app.ts passes in (edits, deletions: `lockForChange` below), or the custody record itself (a
 *     release, the expiry job).
 *  2. The discount being changed, if any (discounts' own `lockDiscount`).
 *  3. The cheque's row last: `lockEcheq` (`update` to change it, `no key update` to mark it, `share` to keep its face).
 *
 * What the modules that hold a cheque (custody, discounts; after this one in the order) do to it is here too.
 */

/**
 * What a change to a cheque asks of the modules that hold it, which come after this one in the order (custody,
 * discounts): app.ts passes them in.
 */
export type EcheqHolds = {
  /** Locks the cheque's open custody record, if any, and says whether there is one (step 1 of the protocol). */
  lockOpenCustody(tx: Queryable, echeqId: string): Promise<boolean>;
  /** True while a discount on the cheque is PENDING or APPROVED. */
  hasOpenDiscount(tx: Queryable, echeqId: string): Promise<boolean>;
};

/** An edit or deletion of the cheque: steps 1 and 3 (its open custody record, then the cheque for update). */
export async function lockForChange(
  tx: Queryable,
  holds: EcheqHolds,
  id: string,
  scope: Scope,
): Promise<{ before: EcheqRow; inCustody: boolean }> {
  const inCustody = await holds.lockOpenCustody(tx, id);
  const before = await findEcheq(tx, id, scope, { lock: 'update' });
  if (!before) throw echeqNotFound();
  return { before, inCustody };
}

/** Step 3 for the modules that hold the cheque: its live row in any scope, locked as `lock` says; null if deleted. */
export function lockEcheq(tx: Queryable, id: string, lock: EcheqLock): Promise<EcheqRow | null> {
  return findEcheq(tx, id, { kind: 'all' }, { lock });
}

/** Whether the scope sees the live cheque (a holder's 404 before any 409 about the cheque's state). */
export async function echeqVisible(db: Queryable, id: string, scope: Scope): Promise<boolean> {
  return (await findEcheq(db, id, scope)) !== null;
}

/**
 * Marks the cheque as the bank's at its discount's approval (migration 0014), under the lock of its open custody
 * record, which every edit, deletion and release of the cheque takes first.
 */
export function markDiscounted(tx: Queryable, id: string, at: Date): Promise<void> {
  return setDiscountedAt(tx, id, at);
}

/** ACTIVE → EXPIRED when its custody's presentation period is over; false when it was not ACTIVE. */
export function expireEcheq(tx: Queryable, id: string, at: Date): Promise<boolean> {
  return setExpired(tx, id, at);
}
