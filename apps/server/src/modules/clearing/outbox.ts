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

async function attemptRow(
  cc: ClearingCtx,
  tx: Queryable,
  row: OutboxRow,
  config: CoelsaConfigRow | null,
): Promise<Outcome> {
  const problem = assess(config);
  if (problem) {
    return { kind: 'retry', error: problem.detail, countsAsAttempt: false, delayMs: OUTBOX_NOT_CONFIGURED_DELAY_MS };
  }
  // The sandbox records in this transaction, so its record and the DELIVERED mark commit together.
  let port: ClearingPort;
  try {
    port = portFor(cc, config, { q: tx });
  } catch (err) {
    const error = err instanceof Error ? err.message : 'Configuración de COELSA inutilizable';
    return { kind: 'retry', error, countsAsAttempt: false, delayMs: OUTBOX_NOT_CONFIGURED_DELAY_MS };
  }
  const timeoutMs = Math.min(config!.timeout_ms, OUTBOX_CALL_TIMEOUT_MS);
  await tx.query('savepoint outbox_row');
  try {
    const ack = await deliver(port, row, timeoutMs);
    await tx.query('release savepoint outbox_row');
    return { kind: 'delivered', ack };
  } catch (err) {
    await tx.query('rollback to savepoint outbox_row');
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
}

/**
 * One delivery run inside the job's transaction: takes due PENDING rows (`for update skip locked`, a small batch),
 * delivers each through its bank's adapter and marks it DELIVERED (with the answer) or reschedules it with
 * exponential backoff (FAILED after OUTBOX_MAX_ATTEMPTS or on a refusal). One audit record per delivery attempt.
 */
async function deliverDueOperations(
  cc: ClearingCtx,
  tx: Queryable,
  now: Date,
  batch = OUTBOX_BATCH,
): Promise<OutboxRunResult> {
  const result: OutboxRunResult = { delivered: 0, retried: 0, failed: 0, deferred: 0 };
  const rows = (
    await tx.query<OutboxRow>(
      `select id, tenant_id, operation, entity, entity_id, payload, attempts from clearing_outbox
       where status = 'PENDING' and next_attempt_at <= $1
       order by next_attempt_at, id limit $2 for update skip locked`,
      [now, batch],
    )
  ).rows;
  const configs = new Map<string, CoelsaConfigRow | null>();
  const started = Date.now();
  for (const row of rows) {
    if (Date.now() - started > OUTBOX_RUN_BUDGET_MS) break;
    if (!configs.has(row.tenant_id)) configs.set(row.tenant_id, await selectConfig(tx, row.tenant_id));
    const outcome = await attemptRow(cc, tx, row, configs.get(row.tenant_id) ?? null);
    const at = cc.clock.now();
    if (outcome.kind === 'delivered') {
      await tx.query(
        `update clearing_outbox set status = 'DELIVERED', attempts = attempts + 1, delivered_at = $2, response = $3,
           last_error = null where id = $1`,
        [row.id, at, JSON.stringify(outcome.ack.body)],
      );
      result.delivered++;
      await audit(tx, row, 'clearing.delivered', { attempts: row.attempts + 1, reference: outcome.ack.reference });
      continue;
    }
    if (outcome.kind === 'retry' && !outcome.countsAsAttempt) {
      await tx.query('update clearing_outbox set next_attempt_at = $2, last_error = $3 where id = $1', [
        row.id,
        new Date(at.getTime() + (outcome.delayMs ?? OUTBOX_CIRCUIT_DELAY_MS)),
        outcome.error,
      ]);
      result.deferred++;
      continue;
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
      continue;
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
  return result;
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
  };
}

/** One delivery run now (tests, tools). `ran` is false when another process holds the job's lock. */
export async function deliverOutboxOnce(deps: ClearingDeps & { batch?: number }): Promise<JobRun<OutboxRunResult>> {
  const cc = clearingCtx(deps);
  return runJobOnce(
    deps.db,
    {
      id: OUTBOX_JOB_ID,
      name: 'clearing-outbox',
      everyMs: OUTBOX_EVERY_MS,
      run: ({ tx, now }) => deliverDueOperations(cc, tx, now, deps.batch),
    },
    cc.clock,
  );
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
