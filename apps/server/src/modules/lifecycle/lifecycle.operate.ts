import { randomUUID } from 'node:crypto';
import { buenosAiresDateOf, checkOperation, type Echeq, type OperationType } from '@echeq/contract';
import type { Ctx } from '../../platform/auth/actor';
import { isDbError, type Queryable } from '../../platform/db/db';
import { insertsFrom } from '../../platform/db/insert-rows';
import type { Deps } from '../../platform/deps';
import { AppError, conflict, forbidden, invalidTransition } from '../../platform/http/app-error';
import { auditRow } from '../audit';
import {
  outboxRow,
  type RegistryOperateRequest,
  type RegistryOutcome,
  registryDelivered,
  requireClearing,
} from '../clearing';
import { adhereClients, runInboxes } from './lifecycle.inbox';
import type { RegistryLink } from './lifecycle.link';
import { type CopyView, callerOn, chequeNotFound, findCopy, toCopyDto } from './lifecycle.view';

export type LifecycleDeps = Pick<Deps, 'db' | 'clock'> & { link: RegistryLink };

/** An operation's answer: 200 with the cheque, or 202 while the registry has not answered (`syncing`). */
export type OperationAnswer<S extends number = 200 | 202> = { status: S; cheque: Echeq };

/** The operation input each route brings besides the cheque (motivo, endorsee). */
export type OperationInput = { motivo?: string; endorsee_cuit?: string; endorsee_name?: string | undefined };

/** The registry's key of a bank's request: the caller's Idempotency-Key when given (per bank), else a new one. */
export function registryKey(tenantId: string, header: string | undefined): string {
  return `bank:${tenantId}:${header ?? randomUUID()}`;
}

/** A registry refusal as the API's error (the contract's Spanish message). */
export function refusalError(outcome: Extract<RegistryOutcome, { ok: false }>): AppError {
  if (outcome.code === 'INVALID_TRANSITION') return invalidTransition(outcome.message);
  if (outcome.code === 'VALIDATION_ERROR') {
    return new AppError('VALIDATION_ERROR', outcome.message, {
      ...(outcome.field ? { errors: [{ path: outcome.field, message: outcome.message }] } : {}),
    });
  }
  if (outcome.code === 'DUPLICATE') return new AppError('DUPLICATE', outcome.message);
  if (outcome.code === 'FORBIDDEN') return forbidden(outcome.message);
  return conflict(outcome.message);
}

/**
 * The registry acts for a bank's company only once the bank told it the company is its client (decision 042): one
 * it has not been told of yet adheres before the operation is sent. Cheap when none is missing. When the registry
 * cannot be reached the operation cannot be either: it waits in the outbox and the inbox job adheres meanwhile.
 */
export async function adhereBeforeOperating(deps: LifecycleDeps, tenantId: string): Promise<void> {
  await adhereClients(deps, deps.link, tenantId).catch(() => 0);
}

function requestOf(
  row: CopyView,
  type: OperationType,
  caller: RegistryOperateRequest['caller'],
  input: OperationInput,
  key: string,
) {
  const req: Record<string, unknown> = { key, cheque_id: row.cheque_id, type, caller };
  if (input.motivo !== undefined) req.motivo = input.motivo;
  if (input.endorsee_cuit !== undefined) req.endorsee_cuit = input.endorsee_cuit;
  if (input.endorsee_name !== undefined) req.endorsee_name = input.endorsee_name;
  return req as RegistryOperateRequest;
}

/** Clears `syncing` after a refusal, keeping its reason on the copies of the bank that sent it. */
async function refused(q: Queryable, tenantId: string, chequeId: string, key: string, message: string) {
  await q.query(
    `update echeqs set syncing = false, pending_key = null, sync_error = $4
     where tenant_id = $1 and cheque_id = $2 and pending_key = $3`,
    [tenantId, chequeId, key, message],
  );
}

/**
 * The outbox delivered a bank's operation later and the registry refused it: its copies stop syncing and keep the
 * reason (an issue has no copy yet: nothing to clear). Runs in the outbox's transaction (app.ts passes it).
 */
export async function registryRefused(
  tx: Queryable,
  r: { tenantId: string; key: string; chequeId: string | null; message: string },
): Promise<void> {
  if (r.chequeId) await refused(tx, r.tenantId, r.chequeId, r.key, r.message);
}

/** How many times an operation is sent while the cheque keeps changing under it before it answers 409. */
const SEND_ATTEMPTS = 3;

const updating = () => invalidTransition('El ECHEQ se está actualizando: espere la respuesta de COELSA');

/** The caller's copy (404 when the caller does not see it), read as it is: nothing is locked. */
async function visibleCopy(q: Queryable, ctx: Ctx, id: string): Promise<CopyView> {
  const row = await findCopy(q, ctx, id);
  if (!row) throw chequeNotFound();
  return row;
}

/** The registry's request for the operation on the copy as it was read, once the state machine allows it. */
async function checkedRequest(
  q: Queryable,
  ctx: Ctx,
  row: CopyView,
  opts: { type: OperationType; input: OperationInput },
  key: string,
  now: Date,
): Promise<RegistryOperateRequest> {
  if (row.origin !== 'REGISTRY' || !row.registry) {
    throw invalidTransition('El ECHEQ fue registrado a mano: no circula por el registro de COELSA');
  }
  if (row.syncing) throw updating();
  const caller = await callerOn(q, ctx, row);
  const refusal = checkOperation(row.registry, opts.type, caller, buenosAiresDateOf(now));
  if (refusal) throw refusalError({ ...refusal, replayed: false });
  return requestOf(row, opts.type, caller, opts.input, key);
}

/**
 * Marks the bank's copies of the cheque `syncing` with the request's key and writes its outbox and audit records, in
 * one statement (atomic without a transaction), only if the caller's copy is still the one checked: its `version`
 * (every event the inbox applies moves it) and no copy syncing. The copies are locked first, in order of id, so the
 * guard reads their newest versions (a lock waited for reads the row as the other transaction left it); the records
 * are inserted from the update's RETURNING, so they exist only when it happened. False when it did not (the cheque
 * changed or another operation is on its way): the caller reads the copy again. A deadlock with the inbox counts as
 * not sent.
 */
async function markSending(
  db: Queryable,
  ctx: Ctx,
  row: CopyView,
  type: OperationType,
  request: RegistryOperateRequest,
  input: OperationInput,
  now: Date,
): Promise<boolean> {
  const tenantId = row.tenant_id;
  const values: unknown[] = [tenantId, row.cheque_id, row.id, row.version, request.key, now];
  const records = insertsFrom(
    [
      outboxRow({
        tenantId,
        operation: 'REGISTRY_OPERATE',
        entity: 'echeq',
        entityId: row.id,
        payload: { request },
      }),
      auditRow(ctx, {
        action: `echeq.${type.toLowerCase()}`,
        entity: 'echeq',
        entityId: row.id,
        tenantId,
        before: { state: row.state },
        after: { operation: type, cheque_id: row.cheque_id, key: request.key, ...input },
      }),
    ],
    'sent where sent.id = $3',
    values,
  );
  try {
    const r = await db.query<{ sent: boolean }>(
      `with copies as materialized (
         select id, version, syncing from echeqs where tenant_id = $1 and cheque_id = $2 order by id for no key update
       ), sent as (
         update echeqs e set syncing = true, pending_key = $5, sync_error = null, updated_at = $6
         from copies c
         where e.id = c.id
           and exists (select 1 from copies o where o.id = $3 and o.version = $4)
           and not exists (select 1 from copies o where o.syncing)
         returning e.id
       ), ${records.map((sql, i) => `w${i} as (${sql})`).join(', ')}
       select exists (select 1 from sent where sent.id = $3) as sent`,
      values,
    );
    return r.rows[0]?.sent === true;
  } catch (err) {
    if (isDbError(err) && err.code === '40P01') return false;
    throw err;
  }
}

/**
 * One operation of LIFECYCLE §3 on the caller's copy: checked by the state machine against it (409 with the
 * contract's message), recorded with `syncing`, its outbox record with its key and the audit record in one statement
 * that applies only to the copy as checked (else read and checked again), then delivered at once; its events come
 * back through the bank's inbox before the answer.
 */
export async function operate(opts: {
  deps: LifecycleDeps;
  ctx: Ctx;
  id: string;
  type: OperationType;
  input: OperationInput;
  idempotencyKey?: string | undefined;
}): Promise<OperationAnswer> {
  const { deps, ctx } = opts;
  const tenantId = ctx.actor.tenantId;
  if (!tenantId) throw forbidden('Solo un banco o sus empresas operan ECHEQs del registro');
  const now = deps.clock.now();
  const key = registryKey(tenantId, opts.idempotencyKey);
  // A cheque the caller does not see is a 404 whatever the state of its bank's link.
  let row = await visibleCopy(deps.db, ctx, opts.id);
  await requireClearing(deps, tenantId);
  let request: RegistryOperateRequest | null = null;
  for (let attempt = 0; !request; attempt++) {
    if (attempt > 0) row = await visibleCopy(deps.db, ctx, opts.id);
    const checked = await checkedRequest(deps.db, ctx, row, opts, key, now);
    if (attempt === SEND_ATTEMPTS) throw updating();
    if (await markSending(deps.db, ctx, row, opts.type, checked, opts.input, now)) request = checked;
  }
  const chequeId = row.cheque_id!;
  await adhereBeforeOperating(deps, tenantId);
  const outcome = await deps.link.operate(tenantId, request);
  if (outcome) await registryDelivered(deps.db, tenantId, key, outcome, deps.clock.now());
  if (outcome && !outcome.ok) {
    await refused(deps.db, tenantId, chequeId, key, outcome.message);
    throw refusalError(outcome);
  }
  if (outcome) await runInboxes(deps, deps.link, tenantId, outcome.cheque);
  const after = await visibleCopy(deps.db, ctx, opts.id);
  return {
    status: after.syncing ? (202 as const) : (200 as const),
    cheque: toCopyDto(after, await callerOn(deps.db, ctx, after), now),
  };
}
