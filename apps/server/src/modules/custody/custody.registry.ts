import type { Queryable } from '../../platform/db/db';
import { insertCustody, markReleased } from './custody.queries';

/**
 * Custody of a registry cheque (LIFECYCLE §5), kept by the bank's inbox as the registry reports it: CUSTODIA opens
 * the record the custody screen lists, RESCUE releases it, the automatic deposit ends it. The registry already knows
 * (it told the bank), so nothing goes to the outbox; the inbox's transaction records the event.
 */
export async function openRegistryCustody(
  tx: Queryable,
  c: { tenantId: string; companyId: string; echeqId: string; presentationDeadline: string; at: Date },
): Promise<string | null> {
  const open = await tx.query<{ id: string }>(`select id from custody where echeq_id = $1 and status = 'IN_CUSTODY'`, [
    c.echeqId,
  ]);
  if (open.rows[0]) return open.rows[0].id;
  const row = await insertCustody(tx, { ...c, notes: null, addedBy: null });
  return row.id;
}

/** Ends the cheque's open custody record (released, with the reason); false when none was open. */
export async function closeRegistryCustody(
  tx: Queryable,
  c: { echeqId: string; reason: string; at: Date },
): Promise<boolean> {
  const open = await tx.query<{ id: string }>(
    `select id from custody where echeq_id = $1 and status = 'IN_CUSTODY' for update`,
    [c.echeqId],
  );
  const id = open.rows[0]?.id;
  if (!id) return false;
  return markReleased(tx, id, { reason: c.reason, by: null, at: c.at });
}
