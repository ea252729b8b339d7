import type { Queryable } from '../../../platform/db/db';
import { ClearingRejectedError, ClearingUnavailableError } from '../clearing.errors';
import type { CoelsaConfigRow, OutboxRow } from '../clearing.queries';
import { type ClearingDeps, describeFailure, portFor } from '../connect';
import { type ClearingAck, type ClearingEcheq, type ClearingPort, isRegistryOperation } from '../port';
import type { RegistryIssueRequest, RegistryOperateRequest } from '../registry';

/** One delivery never waits longer than this, whatever the bank's timeout (the outbox retries later anyway). */
export const OUTBOX_CALL_TIMEOUT_MS = 10_000;
/** A bank with no usable configuration is asked again after this long (attempts are not spent). */
export const OUTBOX_NOT_CONFIGURED_DELAY_MS = 10 * 60_000;
/** The circuit is open: try again after this long (attempts are not spent). */
export const OUTBOX_CIRCUIT_DELAY_MS = 30_000;

/** What came of one attempt to deliver an operation. */
export type Outcome =
  | { kind: 'delivered'; ack: ClearingAck }
  | { kind: 'retry'; error: string; countsAsAttempt: boolean; delayMs?: number }
  | { kind: 'failed'; error: string };

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

/** The cheque a payload carries (see ClearingPayloads), or null when it carries none. */
function asEcheq(v: unknown, fallbackId: string | null): ClearingEcheq | null {
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
/** A bank's registry operation: its answer (a refusal too) is the acknowledgement's body. */
async function sendRegistry(
  port: ClearingPort,
  row: OutboxRow,
  p: Record<string, unknown>,
  timeoutMs: number,
): Promise<ClearingAck> {
  const request = obj(p.request) as { key?: string };
  const opts = { idempotencyKey: request.key ?? `outbox-${row.id}`, timeoutMs, maxRetries: 0 };
  const outcome =
    row.operation === 'REGISTRY_ISSUE'
      ? await port.registryIssue(request as RegistryIssueRequest, opts)
      : await port.registryOperate(request as RegistryOperateRequest, opts);
  return {
    reference: opts.idempotencyKey,
    at: new Date().toISOString(),
    replayed: outcome.replayed,
    body: outcome as unknown as Record<string, unknown>,
  };
}

function send(port: ClearingPort, row: OutboxRow, timeoutMs: number): Promise<ClearingAck> {
  const opts = { idempotencyKey: `outbox-${row.id}`, timeoutMs, maxRetries: 0 };
  const p = obj(row.payload);
  const echeqId = str(p.echeq_id) ?? str(obj(p.echeq).id) ?? (row.entity === 'echeq' ? row.entity_id : null);
  const custodyId = str(p.custody_id) ?? (row.entity === 'custody' ? row.entity_id : null);
  if (isRegistryOperation(row.operation)) return sendRegistry(port, row, p, timeoutMs);
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

/**
 * Delivers one operation through the bank's adapter and says what came of it. `q` is where the built-in sandbox
 * records (the run's transaction, inside a savepoint, so its record and the DELIVERED mark commit together); a remote
 * clearing house is called with no transaction open (the row is leased).
 */
export async function attemptDelivery(
  deps: ClearingDeps,
  q: Queryable,
  row: OutboxRow,
  config: CoelsaConfigRow,
  opts: { savepoint: boolean },
): Promise<Outcome> {
  let port: ClearingPort;
  try {
    port = portFor(deps, config, { q });
  } catch (err) {
    const error = err instanceof Error ? err.message : 'Configuración de COELSA inutilizable';
    return { kind: 'retry', error, countsAsAttempt: false, delayMs: OUTBOX_NOT_CONFIGURED_DELAY_MS };
  }
  const timeoutMs = Math.min(config.timeout_ms, OUTBOX_CALL_TIMEOUT_MS);
  if (opts.savepoint) await q.query('savepoint outbox_row');
  try {
    const ack = await send(port, row, timeoutMs);
    if (opts.savepoint) await q.query('release savepoint outbox_row');
    return { kind: 'delivered', ack };
  } catch (err) {
    if (opts.savepoint) await q.query('rollback to savepoint outbox_row');
    return failureOutcome(deps, row, err);
  }
}

function failureOutcome(deps: ClearingDeps, row: OutboxRow, err: unknown): Outcome {
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
  deps.log?.error({ err, outboxId: row.id }, 'COELSA: error inesperado al entregar una operación');
  return { kind: 'retry', error: 'Error inesperado al entregar la operación', countsAsAttempt: true };
}
