import type { Queryable } from '../../platform/db/db';
import { remembered } from '../../platform/db/directory-cache';
import { insertRows, type RowInsert } from '../../platform/db/insert-rows';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { breakerFor } from './adapters/breaker';
import type { SandboxBookEntry } from './book';
import {
  type CoelsaConfigRow,
  ensureSandboxParticipant,
  insertSandboxBook,
  selectActiveSandboxBanks,
  selectConfig,
  settleRegistryOutbox,
} from './clearing.queries';
import { assess, type ClearingDeps, type PortOptions, portFor, toAppError } from './connect';
import type { ClearingEcheq, ClearingOperation, ClearingPayloads, ClearingPort } from './port';
import type { RegistryOutcome } from './registry/types';
import { recentProbe } from './status.service';

/**
 * The bank's configuration as committed, from the directory cache (platform/db/directory-cache.ts): no round trip while nothing
 * changed. Never for a read that must lock the row or see its own transaction's writes (those call selectConfig).
 */
function committedConfig(db: Queryable, tenantId: string): Promise<CoelsaConfigRow | null> {
  return remembered(db, `config:${tenantId}`, () => selectConfig(db, tenantId));
}

/**
 * The adapter of the bank's clearing house (sandbox or HTTP). Throws 503 COELSA_NOT_CONFIGURED or
 * SANDBOX_NOT_CONFIGURED when the bank cannot use it. With `q` the sandbox records in that transaction (and the
 * configuration is read in it).
 */
export async function clearingPortFor(
  deps: ClearingDeps,
  tenantId: string,
  opts: PortOptions = {},
): Promise<ClearingPort> {
  const row = opts.q ? await selectConfig(opts.q, tenantId) : await committedConfig(deps.db, tenantId);
  return portFor(deps, row, opts);
}

/**
 * Throws 503 COELSA_NOT_CONFIGURED / SANDBOX_NOT_CONFIGURED / COELSA_NOT_AVAILABLE when the bank cannot use the
 * clearing house. It never calls it: HTTP banks are unavailable while their circuit is open or their last probe
 * (a few seconds old at most) failed. Call it before opening the transaction of the change.
 */
export async function requireClearing(deps: Pick<Deps, 'db'>, tenantId: string): Promise<void> {
  const row = await committedConfig(deps.db, tenantId);
  const problem = assess(row);
  if (problem) throw new AppError(problem.code);
  if (row!.environment === 'sandbox') return;
  if (breakerFor(tenantId).state() === 'OPEN') throw new AppError('COELSA_NOT_AVAILABLE');
  const probe = recentProbe(row!, Date.now());
  if (probe && !probe.ok) throw new AppError('COELSA_NOT_AVAILABLE');
}

/** True when the bank works on the built-in sandbox (where what its bank would decide later happens at once). */
export async function onSandbox(q: Queryable, tenantId: string): Promise<boolean> {
  return (await selectConfig(q, tenantId))?.environment === 'sandbox';
}

/**
 * The active banks that work on the built-in sandbox (only among `among` when given), in order of id: the banks
 * whose inbox the lifecycle runs. From the directory cache: no round trip while no configuration, participation or
 * bank status changed.
 */
export async function activeSandboxBanks(deps: Pick<Deps, 'db'>, among?: string[]): Promise<string[]> {
  const all = await remembered(deps.db, 'sandbox-banks', () => selectActiveSandboxBanks(deps.db));
  if (!among) return [...all];
  const wanted = new Set(among);
  return all.filter((id) => wanted.has(id));
}

/** An operation for the outbox; the payload of the operations the clearing house reads is typed (ClearingPayloads). */
export type ClearingEntry = {
  [O in ClearingOperation]: {
    tenantId: string;
    operation: O;
    entity: string;
    entityId: string;
    payload: O extends keyof ClearingPayloads ? ClearingPayloads[O] : unknown;
  };
}[ClearingOperation];

const OUTBOX_COLUMNS = ['tenant_id', 'operation', 'entity', 'entity_id', 'payload'] as const;

/** An operation for the clearing house as an outbox row to insert (see insertRows); a job delivers it. */
export function outboxRow(op: ClearingEntry): RowInsert {
  return {
    table: 'clearing_outbox',
    columns: OUTBOX_COLUMNS,
    values: [op.tenantId, op.operation, op.entity, op.entityId, JSON.stringify(op.payload ?? null)],
  };
}

/**
 * A registry operation the bank delivered in the request itself and got an answer to: its outbox record is settled
 * (DELIVERED, or FAILED with the refusal), so the delivery job does not send it a second time.
 */
export async function registryDelivered(
  q: Queryable,
  tenantId: string,
  key: string,
  outcome: RegistryOutcome,
  at: Date,
): Promise<void> {
  await settleRegistryOutbox(q, { tenantId, key, at, response: outcome, refusal: outcome.ok ? null : outcome.message });
}

/** Records an operation for the clearing house in the caller's transaction (the outbox); a job delivers it. */
export async function enqueueClearing(tx: Queryable, op: ClearingEntry): Promise<void> {
  await insertRows(tx, [outboxRow(op)]);
}

/**
 * Asks the bank's clearing house to validate a cheque (a synchronous call: CUIT check digits, real dates, term,
 * amount). Failures: 503 codes as in requireClearing (COELSA_NOT_AVAILABLE when it cannot be reached).
 */
export async function validateWithClearing(
  deps: ClearingDeps,
  tenantId: string,
  echeq: ClearingEcheq,
): Promise<{ status: 'VALIDATED' | 'REJECTED'; message: string | null }> {
  const port = await clearingPortFor(deps, tenantId);
  try {
    const v = await port.validateEcheq(echeq);
    return {
      status: v.status,
      message: v.status === 'VALIDATED' ? null : v.reasons.map((r) => r.message).join('; ') || 'Rechazado por COELSA',
    };
  } catch (err) {
    throw toAppError(err);
  }
}

/** Makes the bank an enabled participant of the built-in sandbox (the seeds; the administrator choosing it). */
export async function joinSandbox(q: Queryable, tenantId: string, now: Date): Promise<void> {
  await ensureSandboxParticipant(q, tenantId, now);
}

/**
 * The built-in sandbox learns a bank's book as a real clearing house would already know it: the entries are read by
 * the module that owns the book's tables (custody's `sandboxBook`, which app.ts hands this module in its
 * ClearingBook). Answers how many cheques the sandbox learnt.
 */
export function learnSandboxBook(q: Queryable, tenantId: string, now: Date, book: SandboxBookEntry[]): Promise<number> {
  return insertSandboxBook(q, tenantId, now, book);
}
