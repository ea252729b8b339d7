import type { ChequeHistoryEntry } from '@echeq/contract';
import type { Ctx } from '../../platform/auth/actor';
import type { Queryable } from '../../platform/db/db';
import { toIso } from '../../platform/timestamps';
import { chequeNotFound, findCopy } from './lifecycle.view';

/**
 * `GET /api/echeqs/:id/history`: the events of the cheque as the caller's bank heard them, oldest first (read from the
 * bank's own history, never another bank's). A hand-registered cheque has none.
 */
export async function chequeHistory(q: Queryable, ctx: Ctx, id: string): Promise<ChequeHistoryEntry[]> {
  const copy = await findCopy(q, ctx, id);
  if (!copy) throw chequeNotFound();
  if (!copy.cheque_id) return [];
  const r = await q.query<{
    at: Date | string;
    event: string;
    state: string;
    party_cuit: string | null;
    party_name: string | null;
    bank: string | null;
    details: Record<string, unknown>;
  }>(
    `select at, event, state, btrim(party_cuit) as party_cuit, party_name, bank, details from echeq_history
     where tenant_id = $1 and cheque_id = $2 order by event_id`,
    [copy.tenant_id, copy.cheque_id],
  );
  return r.rows.map((h) => ({ ...h, at: toIso(h.at) }));
}
