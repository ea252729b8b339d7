import type { Db, Queryable } from '../../platform/db/db';
import type { Job, JobRun } from '../../platform/jobs';
import { runJobOnce } from '../../platform/jobs';
import { recordAudit } from '../audit';
import { assess, type ClearingCtx, type ClearingDeps, clearingCtx, describeFailure, portFor } from './clearing.context';
import { ClearingRejectedError, ClearingUnavailableError } from './clearing.errors';
import { type CoelsaConfigRow, selectConfig } from './clearing.queries';
import type { ClearingAck, ClearingPort, EcheqForValidation } from './clearing.types';

/** Advisory-lock key of the delivery job (platform/jobs.ts). */
const OUTBOX_JOB_ID = 727_101;
const OUTBOX_EVERY_MS = 5_000;
/** Rows per run: a run holds its rows' locks while it delivers them. */
const OUTBOX_BATCH = 10;
/** After this many failed attempts an operation is FAILED (someone has to look at it). */
export const OUTBOX_MAX_ATTEMPTS = 8;
/** One delivery never waits longer than this, whatever the bank's timeout (the outbox retries later anyway). */
const OUTBOX_CALL_TIMEOUT_MS = 10_000;
/** A run stops taking new rows after this long; the rest stay due for the next run. */
const OUTBOX_RUN_BUDGET_MS = 8_000;
/** A bank with no usable configuration is asked again after this long (attempts are not spent). */
const OUTBOX_NOT_CONFIGURED_DELAY_MS = 10 * 60_000;
/** The circuit is open: try again after this long (attempts are not spent). */
const OUTBOX_CIRCUIT_DELAY_MS = 30_000;
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

type OutboxRow = {
  id: string;
  tenant_id: string;
  operation: string;
  entity: string;
  entity_id: string;
  payload: unknown;
  attempts: number;
};

export type OutboxRunResult = { delivered: number; retried: number; failed: number; deferred: number };

function obj(v: unknown): Record<string, unknown> {
  if (typeof v === 'string') {
    try {
      return obj(JSON.parse(v));
    } catch {
      return {};
    }
  }
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

function asEcheq(v: unknown, fallbackId: string | null): EcheqForValidation | null {
  const e = obj(v);
  const id = str(e.id) ?? str(e.echeq_id) ?? fallbackId;
  if (!id || e.number === undefined || e.amount === undefined) return null;
  return {
    id,
    number: String(e.number),
    amount: String(e.amount),
    currency: String(e.currency ?? 'ARS'),
    issue_date: String(e.issue_date ?? ''),
    due_date: String(e.due_date ?? ''),
    issuer: String(e.issuer ?? ''),
    issuer_cuit: str(e.issuer_cuit),
    beneficiary: String(e.beneficiary ?? ''),
    beneficiary_cuit: str(e.beneficiary_cuit),
  };
}

/** Sends one outbox row through the bank's adapter (the call that matches its operation, else the generic one). */
function deliver(port: ClearingPort, row: OutboxRow, timeoutMs: number): Promise<ClearingAck> {
  const opts = { idempotencyKey: `outbox-${row.id}`, timeoutMs, maxRetries: 0 };
  const p = obj(row.payload);
  const echeqId = str(p.echeq_id) ?? str(obj(p.echeq).id) ?? (row.entity === 'echeq' ? row.entity_id : null);
  const custodyId = str(p.custody_id) ?? (row.entity === 'custody' ? row.entity_id : null);
  if (row.operation === 'ECHEQ_REGISTER') {
    const echeq = asEcheq(p.echeq ?? p, echeqId);
    if (echeq) return port.registerEcheq(echeq, opts);
  }
  if (row.operation === 'CUSTODY_DEPOSIT' && echeqId) {
    return port.registerCustodyDeposit({ echeqId, custodyId, echeq: p.echeq ? asEcheq(p.echeq, echeqId) : null }, opts);
  }
  if (row.operation === 'CUSTODY_RELEASE' && echeqId) {
    return port.registerCustodyRelease({ echeqId, custodyId, reason: str(p.reason) }, opts);
  }
  return port.operation(
    { type: row.operation, entity: row.entity, entityId: row.entity_id, payload: row.payload },
    opts,
  );
}

type Outcome =
  | { kind: 'delivered'; ack: ClearingAck }
  | { kind: 'retry'; error: string; countsAsAttempt: boolean; delayMs?: number }
  | { kind: 'failed'; error: string };

function portOrOutcome(
  cc: ClearingCtx,
  config: CoelsaConfigRow,
  q: Queryable,
): { port: ClearingPort } | { outcome: Outcome } {
  try {
    return { port: portFor(cc, config, { q }) };
  } catch (err) {
    const error = err instanceof Error ? err.message : 'Configuración de COELSA inutilizable';
    return { outcome: { kind: 'retry', error, countsAsAttempt: false, delayMs: OUTBOX_NOT_CONFIGURED_DELAY_MS } };
  }
}

/** Delivers to the built-in sandbox inside the run's transaction: its record and the DELIVERED mark commit together. */
async function attemptInTransaction(
  cc: ClearingCtx,
  tx: Queryable,
  row: OutboxRow,
  config: CoelsaConfigRow,
): Promise<Outcome> {
  const made = portOrOutcome(cc, config, tx);
  if ('outcome' in made) return made.outcome;
  const { port } = made;
  await tx.query('savepoint outbox_row');
  try {
    const ack = await deliver(port, row, Math.min(config.timeout_ms, OUTBOX_CALL_TIMEOUT_MS));
    await tx.query('release savepoint outbox_row');
    return { kind: 'delivered', ack };
  } catch (err) {
    await tx.query('rollback to savepoint outbox_row');
    return failureOutcome(cc, row, err);
  }
}

/** Delivers to a remote clearing house with no transaction open (the row is leased). */
async function attemptRemote(cc: ClearingCtx, row: OutboxRow, config: CoelsaConfigRow): Promise<Outcome> {
  const made = portOrOutcome(cc, config, cc.db);
  if ('outcome' in made) return made.outcome;
  const { port } = made;
  try {
    return { kind: 'delivered', ack: await deliver(port, row, Math.min(config.timeout_ms, OUTBOX_CALL_TIMEOUT_MS)) };
  } catch (err) {
    return failureOutcome(cc, row, err);
  }
}

function failureOutcome(cc: ClearingCtx, row: OutboxRow, err: unknown): Outcome {
  if (err instanceof ClearingUnavailableError) {
    if (err.reason === 'CIRCUIT_OPEN') {
      return { kind: 'retry', error: describeFailure(err), countsAsAttempt: false, delayMs: OUTBOX_CIRCUIT_DELAY_MS };
    }
    return { kind: 'retry', error: describeFailure(err), countsAsAttempt: true };
  }
  if (err instanceof ClearingRejectedError) {
    // Refused credentials may be fixed by the administrator; any other refusal will not change by asking again.
    if (err.isAuthFailure) return { kind: 'retry', error: describeFailure(err), countsAsAttempt: true };
    return { kind: 'failed', error: `${describeFailure(err)} [${err.code}]` };
  }
  cc.log?.error({ err, outboxId: row.id }, 'COELSA: error inesperado al entregar una operación');
  return { kind: 'retry', error: 'Error inesperado al entregar la operación', countsAsAttempt: true };
}

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
  cc: ClearingCtx,
  tx: Queryable,
  now: Date,
  batch = OUTBOX_BATCH,
): Promise<RunState> {
  const state: RunState = {
    result: { delivered: 0, retried: 0, failed: 0, deferred: 0 },
    remote: [],
    started: Date.now(),
  };
  const rows = (
    await tx.query<OutboxRow>(
      `select id, tenant_id, operation, entity, entity_id, payload, attempts from clearing_outbox
       where status = 'PENDING' and next_attempt_at <= $1
       order by next_attempt_at, id limit $2 for update skip locked`,
      [now, batch],
    )
  ).rows;
  const configs = new Map<string, CoelsaConfigRow | null>();
  for (const row of rows) {
    if (Date.now() - state.started > OUTBOX_RUN_BUDGET_MS) break;
    if (!configs.has(row.tenant_id)) configs.set(row.tenant_id, await selectConfig(tx, row.tenant_id));
    const config = configs.get(row.tenant_id) ?? null;
    const problem = assess(config);
    if (problem || !config) {
      const error = problem?.detail ?? 'COELSA no está configurado';
      await recordOutcome(
        cc,
        tx,
        row,
        { kind: 'retry', error, countsAsAttempt: false, delayMs: OUTBOX_NOT_CONFIGURED_DELAY_MS },
        state.result,
      );
      continue;
    }
    if (config.environment === 'sandbox') {
      await recordOutcome(cc, tx, row, await attemptInTransaction(cc, tx, row, config), state.result);
      continue;
    }
    await tx.query('update clearing_outbox set next_attempt_at = $2 where id = $1', [
      row.id,
      new Date(cc.clock.now().getTime() + OUTBOX_LEASE_MS),
    ]);
    state.remote.push({ row, config });
  }
  return state;
}

/** After the run's transaction: calls the remote clearing houses, recording each outcome in its own transaction. */
async function deliverRemote(cc: ClearingCtx, state: RunState): Promise<OutboxRunResult> {
  for (const { row, config } of state.remote) {
    if (Date.now() - state.started > OUTBOX_RUN_BUDGET_MS) {
      // Not attempted: make it due again now instead of waiting for the lease.
      await cc.db.query("update clearing_outbox set next_attempt_at = $2 where id = $1 and status = 'PENDING'", [
        row.id,
        cc.clock.now(),
      ]);
      continue;
    }
    const outcome = await attemptRemote(cc, row, config);
    await cc.db.transaction(async (tx) => {
      // Only if nobody recorded this attempt meanwhile (the lease ran out and another run took the row).
      const still = await tx.query(
        "select 1 from clearing_outbox where id = $1 and status = 'PENDING' and attempts = $2 for update",
        [row.id, row.attempts],
      );
      if (still.rows.length > 0) await recordOutcome(cc, tx, row, outcome, state.result);
    });
  }
  return state.result;
}

async function recordOutcome(
  cc: ClearingCtx,
  tx: Queryable,
  row: OutboxRow,
  outcome: Outcome,
  result: OutboxRunResult,
) {
  const at = cc.clock.now();
  if (outcome.kind === 'delivered') {
    await tx.query(
      `update clearing_outbox set status = 'DELIVERED', attempts = attempts + 1, delivered_at = $2, response = $3,
         last_error = null where id = $1`,
      [row.id, at, JSON.stringify(outcome.ack.body)],
    );
    result.delivered++;
    await audit(tx, row, 'clearing.delivered', { attempts: row.attempts + 1, reference: outcome.ack.reference });
    return;
  }
  if (outcome.kind === 'retry' && !outcome.countsAsAttempt) {
    await tx.query('update clearing_outbox set next_attempt_at = $2, last_error = $3 where id = $1', [
      row.id,
      new Date(at.getTime() + (outcome.delayMs ?? OUTBOX_CIRCUIT_DELAY_MS)),
      outcome.error,
    ]);
    result.deferred++;
    return;
  }
  const attempts = row.attempts + 1;
  if (outcome.kind === 'failed' || attempts >= OUTBOX_MAX_ATTEMPTS) {
    await tx.query(`update clearing_outbox set status = 'FAILED', attempts = $2, last_error = $3 where id = $1`, [
      row.id,
      attempts,
      outcome.error,
    ]);
    result.failed++;
    await audit(tx, row, 'clearing.failed', { attempts, error: outcome.error });
    cc.log?.warn({ outboxId: row.id, operation: row.operation, attempts }, 'COELSA: operación marcada como fallida');
    return;
  }
  const next = new Date(at.getTime() + outboxBackoffMs(attempts));
  await tx.query('update clearing_outbox set attempts = $2, next_attempt_at = $3, last_error = $4 where id = $1', [
    row.id,
    attempts,
    next,
    outcome.error,
  ]);
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
  const cc = clearingCtx(deps);
  return {
    id: OUTBOX_JOB_ID,
    name: 'clearing-outbox',
    everyMs: OUTBOX_EVERY_MS,
    run: ({ tx, now }) => deliverDueOperations(cc, tx, now),
    after: (state) => deliverRemote(cc, state as RunState),
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
  const cc = clearingCtx(deps);
  let result: OutboxRunResult | undefined;
  const run = await runJobOnce(
    deps.db,
    {
      id: OUTBOX_JOB_ID,
      name: 'clearing-outbox',
      everyMs: OUTBOX_EVERY_MS,
      run: ({ tx, now }) => deliverDueOperations(cc, tx, now, deps.batch),
      after: async (state) => {
        result = await deliverRemote(cc, state);
      },
    },
    cc.clock,
  );
  return run.ran ? { ran: true, result: result! } : { ran: false };
}

/** The outbox's figures for the metrics: waiting, due now, failed, and the age of the oldest waiting operation. */
export async function outboxBacklog(
  db: Pick<Db, 'query'>,
  opts: { tenantId?: string; now?: Date } = {},
): Promise<{ pending: number; due: number; failed: number; oldestPendingSeconds: number | null }> {
  const now = opts.now ?? new Date();
  const r = await db.query<{ pending: number; due: number; failed: number; oldest: Date | string | null }>(
    `select count(*) filter (where status = 'PENDING')::int as pending,
       count(*) filter (where status = 'PENDING' and next_attempt_at <= $1)::int as due,
       count(*) filter (where status = 'FAILED')::int as failed,
       min(created_at) filter (where status = 'PENDING') as oldest
     from clearing_outbox where status in ('PENDING', 'FAILED') and ($2::uuid is null or tenant_id = $2::uuid)`,
    [now, opts.tenantId ?? null],
  );
  const row = r.rows[0]!;
  return {
    pending: row.pending,
    due: row.due,
    failed: row.failed,
    oldestPendingSeconds: row.oldest
      ? Math.max(0, Math.round((now.getTime() - new Date(row.oldest).getTime()) / 1000))
      : null,
  };
}
