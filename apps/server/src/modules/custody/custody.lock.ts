import type { Scope } from '../../platform/auth/actor';
import type { Queryable } from '../../platform/db/db';
import { type CustodyRow, lockOpenCustodyRow } from './custody.queries';

/**
 * Step 1 of the cheque's lock protocol (echeqs.holders.ts) for the modules after this one (discounts): locks the
 * cheque's open (IN_CUSTODY) custody record inside the caller's transaction and answers it with the cheque's fields,
 * or null when the cheque is not in custody or not in the scope. Every operation that depends on a cheque being in
 * custody (a discount's request, approval, cancellation) takes this first, so it serialises with release and expiry.
 */
export function lockCustodyOf(tx: Queryable, opts: { echeqId: string; scope: Scope }): Promise<CustodyRow | null> {
  return lockOpenCustodyRow(tx, opts);
}

/** The same lock for an edit or deletion of the cheque (its EcheqHolds): says whether there is an open record. */
export async function lockOpenCustody(tx: Queryable, echeqId: string): Promise<boolean> {
  return (await lockOpenCustodyRow(tx, { echeqId, scope: { kind: 'all' } })) !== null;
}
