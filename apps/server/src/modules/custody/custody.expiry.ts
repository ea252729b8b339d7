import { buenosAiresDate } from '../../platform/clock';
import type { Deps } from '../../platform/deps';
import { recordAudit } from '../audit';
import { enqueueClearing } from '../clearing';

/** Advisory lock key: one expiry pass at a time across every server process sharing the database. */
const EXPIRY_LOCK = 727_303;
const BATCH = 200;

type DueRow = { id: string; echeq_id: string; tenant_id: string; presentation_deadline: string; number: string };

/**
 * Marks EXPIRED every custody whose cheque can no longer be presented (due date + 30 days is before today in
 * Buenos Aires), and its cheque EXPIRED too; one audit and one outbox record per custody. Batches of BATCH, each
 * its own transaction under a transaction-scoped advisory lock (another process running the job at the same time
 * skips the pass) and `for update skip locked` (rows a release or discount holds are left for the next pass).
 * Returns how many it expired.
 */
export async function expireCustodyOnce(opts: { deps: Pick<Deps, 'db' | 'clock'> }): Promise<number> {
  const { deps } = opts;
  let total = 0;
  for (;;) {
    const now = deps.clock.now();
    const today = buenosAiresDate(now);
    const n = await deps.db.transaction(async (tx) => {
      const lock = await tx.query<{ ok: boolean }>('select pg_try_advisory_xact_lock($1) as ok', [EXPIRY_LOCK]);
      if (!lock.rows[0]?.ok) return 0;
      const due = await tx.query<DueRow>(
        `select c.id, c.echeq_id, c.tenant_id, c.presentation_deadline, e.number
         from custody c join echeqs e on e.id = c.echeq_id
         where c.status = 'IN_CUSTODY' and c.presentation_deadline < $1::date
         order by c.presentation_deadline, c.id
         limit $2
         for update of c skip locked`,
        [today, BATCH],
      );
      for (const row of due.rows) {
        await tx.query(
          `update custody set status = 'EXPIRED', expired_at = $2, updated_at = $2, version = version + 1
           where id = $1 and status = 'IN_CUSTODY'`,
          [row.id, now],
        );
        const cheque = await tx.query<{ status: string }>(
          `update echeqs set status = 'EXPIRED', updated_at = $2, version = version + 1
           where id = $1 and status = 'ACTIVE' returning status`,
          [row.echeq_id, now],
        );
        await enqueueClearing(tx, {
          tenantId: row.tenant_id,
          operation: 'CUSTODY_EXPIRE',
          entity: 'custody',
          entityId: row.id,
          payload: { echeq_id: row.echeq_id, custody_id: row.id, presentation_deadline: row.presentation_deadline },
        });
        await recordAudit(tx, null, {
          action: 'custody.expire',
          entity: 'custody',
          entityId: row.id,
          tenantId: row.tenant_id,
          before: { status: 'IN_CUSTODY' },
          after: {
            status: 'EXPIRED',
            presentation_deadline: row.presentation_deadline,
            echeq_id: row.echeq_id,
            echeq_status: cheque.rows.length > 0 ? 'EXPIRED' : undefined,
          },
        });
      }
      return due.rows.length;
    });
    total += n;
    if (n < BATCH) return total;
  }
}
