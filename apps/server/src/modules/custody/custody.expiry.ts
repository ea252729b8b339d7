import { buenosAiresDate } from '../../platform/clock';
import type { Queryable } from '../../platform/db/db';
import type { Deps } from '../../platform/deps';
import { type Job, runJobOnce } from '../../platform/jobs';
import { recordAudit } from '../audit';
import { enqueueClearing } from '../clearing';
import { expireEcheq } from '../echeqs';
import { markExpired, takeExpiredCustody } from './custody.queries';

/** The job's advisory-lock key (platform/jobs.ts: 727_1xx are jobs). */
const EXPIRY_JOB_ID = 727_102;
const EVERY_MS = 5 * 60_000;
const BATCH = 200;
/** Batches per run: a backlog larger than this is finished by the next runs. */
const MAX_BATCHES = 10;

/**
 * One batch inside the runner's transaction: every custody whose cheque can no longer be presented (due date + 30
 * days is before today in Buenos Aires) becomes EXPIRED, and its cheque EXPIRED too, with one audit record and one
 * outbox record each. Rows a release or a discount holds right now are left for the next run (takeExpiredCustody).
 */
async function expireBatch(tx: Queryable, now: Date, limit: number): Promise<number> {
  const due = await takeExpiredCustody(tx, buenosAiresDate(now), limit);
  for (const row of due) {
    await markExpired(tx, row.id, now);
    const chequeExpired = await expireEcheq(tx, row.echeq_id, now);
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
        echeq_status: chequeExpired ? 'EXPIRED' : 'sin cambios',
      },
    });
  }
  return due.length;
}

async function expireRun(tx: Queryable, now: Date): Promise<number> {
  let total = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const n = await expireBatch(tx, now, BATCH);
    total += n;
    if (n < BATCH) break;
  }
  return total;
}

/**
 * The custody expiry job for the runner (platform/jobs.ts): one run at a time across every server process sharing
 * the database (advisory lock), each run one transaction.
 */
export function custodyExpiryJob(): Job {
  return { id: EXPIRY_JOB_ID, name: 'custody-expiry', everyMs: EVERY_MS, run: ({ tx, now }) => expireRun(tx, now) };
}

/**
 * Runs the expiry now (tests, tools) until nothing is left; returns how many custody records it expired (0 when
 * another process holds the job's lock).
 */
export async function expireCustodyOnce(opts: { deps: Pick<Deps, 'db' | 'clock'> }): Promise<number> {
  const { deps } = opts;
  let total = 0;
  for (;;) {
    const run = await runJobOnce(deps.db, custodyExpiryJob(), deps.clock);
    const n = run.ran ? (run.result as number) : 0;
    total += n;
    if (n < BATCH * MAX_BATCHES) return total;
  }
}
