import type { Queryable } from '../../../platform/db/db';
import type { Job, JobRun } from '../../../platform/jobs';
import { runJobOnce } from '../../../platform/jobs';
import { recordAudit } from '../../audit';
import {
  type CoelsaConfigRow,
  lockOutboxAttempt,
  markOutboxDelivered,
  markOutboxFailed,
  type OutboxRow,
  scheduleOutboxRetry,
  selectConfig,
  selectOutboxFigures,
  setOutboxDue,
  takeDueOutbox,
} from '../clearing.queries';
import { assess, type ClearingDeps } from '../connect';
import { isRegistryOperation } from '../port';
import {
  attemptDelivery,
  OUTBOX_CALL_TIMEOUT_MS,
  OUTBOX_CIRCUIT_DELAY_MS,
  OUTBOX_NOT_CONFIGURED_DELAY_MS,
  type Outcome,
} from './deliver';

/** Advisory-lock key of the delivery job (platform/jobs.ts). */
const OUTBOX_JOB_ID = 727_101;
const OUTBOX_EVERY_MS = 5_000;
/** Rows per run: a run holds its rows' locks while it delivers them. */
const OUTBOX_BATCH = 10;
/** After this many failed attempts an operation is FAILED (someone has to look at it). */
export const OUTBOX_MAX_ATTEMPTS = 8;
/** A run stops taking new rows after this long; the rest stay due for the next run. */
const OUTBOX_RUN_BUDGET_MS = 8_000;
/**
 * A row sent to a remote clearing house is leased for this long before the call (outside any transaction): if the
 * process dies mid-call the row becomes due again and is re-sent with the same idempotency key.
 */
const OUTBOX_LEASE_MS = 2 * OUTBOX_CALL_TIMEOUT_MS + 10_000;

/** Wait before attempt n+1 after n failed ones: 30 s · 2^(n−1), at most one hour, ±20 % jitter. */
function outboxBackoffMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.8 + random() * 0.4));
}

export type OutboxRunResult = { delivered: number; retried: number; failed: number; deferred: number };

type Remote = { row: OutboxRow; config: CoelsaConfigRow };
type RunState = { result: OutboxRunResult; remote: Remote[]; started: number };

/**
 * One delivery run inside the job's transaction: takes due PENDING rows (`for update skip locked`, a small batch).
 * Operations for the built-in sandbox are delivered right there; operations for a remote clearing house are leased
 * and delivered after the transaction (`deliverRemote`), so a slow or dead clearing house never holds a transaction
 * (on the embedded database that would block every request). Each outcome marks the row DELIVERED (with the answer)
 * or reschedules it with exponential backoff (FAILED after OUTBOX_MAX_ATTEMPTS or on a refusal), with one audit
 * record per delivery attempt.
 */
async function deliverDueOperations(
  deps: ClearingDeps,
  tx: Queryable,
  now: Date,
  batch = OUTBOX_BATCH,
): Promise<RunState> {
  const state: RunState = {
    result: { delivered: 0, retried: 0, failed: 0, deferred: 0 },
    remote: [],
    started: Date.now(),
  };
  const rows = await takeDueOutbox(tx, now, batch);
  const configs = new Map<string, CoelsaConfigRow | null>();
  for (const row of rows) {
    if (Date.now() - state.started > OUTBOX_RUN_BUDGET_MS) break;
    if (!configs.has(row.tenant_id)) configs.set(row.tenant_id, await selectConfig(tx, row.tenant_id));
    const config = configs.get(row.tenant_id) ?? null;
    const problem = assess(config);
    if (problem || !config) {
      const error = problem?.detail ?? 'COELSA no está configurado';
      const outcome: Outcome = {
        kind: 'retry',
        error,
        countsAsAttempt: false,
        delayMs: OUTBOX_NOT_CONFIGURED_DELAY_MS,
      };
      await recordOutcome(deps, tx, row, outcome, state.result);
      continue;
    }
    // The sandbox's registry answers in transactions of its own: its operations go after this run's transaction.
    if (config.environment === 'sandbox' && !isRegistryOperation(row.operation)) {
      const outcome = await attemptDelivery(deps, tx, row, config, { savepoint: true });
      await recordOutcome(deps, tx, row, outcome, state.result);
      continue;
    }
    await setOutboxDue(tx, row.id, new Date(deps.clock.now().getTime() + OUTBOX_LEASE_MS));
    state.remote.push({ row, config });
  }
  return state;
}

/** After the run's transaction: calls the remote clearing houses, recording each outcome in its own transaction. */
async function deliverRemote(deps: ClearingDeps, state: RunState): Promise<OutboxRunResult> {
  for (const { row, config } of state.remote) {
    if (Date.now() - state.started > OUTBOX_RUN_BUDGET_MS) {
      // Not attempted: make it due again now instead of waiting for the lease.
      await setOutboxDue(deps.db, row.id, deps.clock.now(), { onlyPending: true });
      continue;
    }
    const outcome = await attemptDelivery(deps, deps.db, row, config, { savepoint: false });
    await deps.db.transaction(async (tx) => {
      // Only if nobody recorded this attempt meanwhile (the lease ran out and another run took the row).
      if (await lockOutboxAttempt(tx, row.id, row.attempts)) {
        await recordOutcome(deps, tx, row, outcome, state.result);
      }
    });
  }
  return state.result;
}

async function recordOutcome(
  deps: ClearingDeps,
  tx: Queryable,
  row: OutboxRow,
  outcome: Outcome,
  result: OutboxRunResult,
) {
  const at = deps.clock.now();
  if (outcome.kind === 'delivered') {
    await markOutboxDelivered(tx, row.id, at, outcome.ack.body);
    const body = outcome.ack.body as { ok?: boolean; message?: string; cheque?: { cheque_id?: string } };
    if (isRegistryOperation(row.operation) && body.ok === false && deps.onRegistryRefusal) {
      const request = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as {
        request?: { key?: string; cheque_id?: string };
      };
      await deps.onRegistryRefusal(tx, {
        tenantId: row.tenant_id,
        key: request.request?.key ?? outcome.ack.reference,
        chequeId: request.request?.cheque_id ?? null,
        message: body.message ?? 'COELSA rechazó la operación',
      });
    }
    result.delivered++;
    await audit(tx, row, 'clearing.delivered', { attempts: row.attempts + 1, reference: outcome.ack.reference });
    return;
  }
  if (outcome.kind === 'retry' && !outcome.countsAsAttempt) {
    const next = new Date(at.getTime() + (outcome.delayMs ?? OUTBOX_CIRCUIT_DELAY_MS));
    await setOutboxDue(tx, row.id, next, { error: outcome.error });
    result.deferred++;
    return;
  }
  const attempts = row.attempts + 1;
  if (outcome.kind === 'failed' || attempts >= OUTBOX_MAX_ATTEMPTS) {
    await markOutboxFailed(tx, row.id, attempts, outcome.error);
    result.failed++;
    await audit(tx, row, 'clearing.failed', { attempts, error: outcome.error });
    deps.log?.warn({ outboxId: row.id, operation: row.operation, attempts }, 'COELSA: operación marcada como fallida');
    return;
  }
  const next = new Date(at.getTime() + outboxBackoffMs(attempts));
  await scheduleOutboxRetry(tx, row.id, { attempts, next, error: outcome.error });
  result.retried++;
  await audit(tx, row, 'clearing.retry_scheduled', {
    attempts,
    error: outcome.error,
    next_attempt_at: next.toISOString(),
  });
}

function audit(tx: Queryable, row: OutboxRow, action: string, after: Record<string, unknown>) {
  return recordAudit(tx, null, {
    action,
    entity: 'clearing_outbox',
    entityId: row.id,
    tenantId: row.tenant_id,
    after: { operation: row.operation, entity: row.entity, entity_id: row.entity_id, ...after },
  });
}

/** The periodic delivery job (registered in app.ts; runs when config.jobs is true). */
export function outboxJob(deps: ClearingDeps): Job {
  return {
    id: OUTBOX_JOB_ID,
    name: 'clearing-outbox',
    everyMs: OUTBOX_EVERY_MS,
    run: ({ tx, now }) => deliverDueOperations(deps, tx, now),
    after: (state) => deliverRemote(deps, state as RunState),
    // A full batch may have left due rows behind: run again soon rather than in OUTBOX_EVERY_MS (a backlog drains at
    // the speed of delivery, not at one batch per tick).
    again: (state) => {
      const { result, remote } = state as RunState;
      return result.delivered + result.retried + result.failed + result.deferred + remote.length >= OUTBOX_BATCH;
    },
  };
}

/** One delivery run now (tests, tools). `ran` is false when another process holds the job's lock. */
export async function deliverOutboxOnce(deps: ClearingDeps & { batch?: number }): Promise<JobRun<OutboxRunResult>> {
  let result: OutboxRunResult | undefined;
  const run = await runJobOnce(
    deps.db,
    {
      id: OUTBOX_JOB_ID,
      name: 'clearing-outbox',
      everyMs: OUTBOX_EVERY_MS,
      run: ({ tx, now }) => deliverDueOperations(deps, tx, now, deps.batch),
      after: async (state) => {
        result = await deliverRemote(deps, state);
      },
    },
    deps.clock,
  );
  return run.ran ? { ran: true, result: result! } : { ran: false };
}

/** The outbox's figures for the metrics: waiting, due now, failed, and the age of the oldest waiting operation. */
export async function outboxBacklog(
  db: Queryable,
  opts: { tenantId?: string; now?: Date } = {},
): Promise<{ pending: number; due: number; failed: number; oldestPendingSeconds: number | null }> {
  const now = opts.now ?? new Date();
  const row = await selectOutboxFigures(db, now, opts.tenantId ?? null);
  return {
    pending: row.pending,
    due: row.due,
    failed: row.failed,
    oldestPendingSeconds: row.oldest
      ? Math.max(0, Math.round((now.getTime() - new Date(row.oldest).getTime()) / 1000))
      : null,
  };
}
