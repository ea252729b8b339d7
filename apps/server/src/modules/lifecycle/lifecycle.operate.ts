import { randomUUID } from 'node:crypto';
import { buenosAiresDateOf, checkOperation, type Echeq, type OperationType } from '@echeq/contract';
import type { Ctx } from '../../platform/auth/actor';
import type { Queryable } from '../../platform/db/db';
import type { Deps } from '../../platform/deps';
import { AppError, conflict, forbidden, invalidTransition } from '../../platform/http/app-error';
import { recordAudit } from '../audit';
import {
  enqueueClearing,
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

/**
 * One operation of LIFECYCLE §3 on the caller's copy: checked by the state machine against it (409 with the
 * contract's message), recorded in the outbox with its key in one transaction with `syncing` and the audit record,
 * then delivered at once; its events come back through the bank's inbox before the answer.
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
  // A cheque the caller does not see is a 404 whatever the state of its bank's link (looked up only when the link
  // refuses: otherwise the transaction below finds it, or answers 404 itself).
  await requireClearing(deps, tenantId).catch(async (err: unknown) => {
    if (!(await findCopy(deps.db, ctx, opts.id))) throw chequeNotFound();
    throw err;
  });
  const sent = await deps.db.transaction(async (tx) => {
    const row = await findCopy(tx, ctx, opts.id, true);
    if (!row) throw chequeNotFound();
    if (row.origin !== 'REGISTRY' || !row.registry) {
      throw invalidTransition('El ECHEQ fue registrado a mano: no circula por el registro de COELSA');
    }
    if (row.syncing) throw invalidTransition('El ECHEQ se está actualizando: espere la respuesta de COELSA');
    const caller = await callerOn(tx, ctx, row);
    const refusal = checkOperation(row.registry, opts.type, caller, buenosAiresDateOf(now));
    if (refusal) throw refusalError({ ...refusal, replayed: false });
    const request = requestOf(row, opts.type, caller, opts.input, key);
    await tx.query(
      `update echeqs set syncing = true, pending_key = $3, sync_error = null, updated_at = $4
       where tenant_id = $1 and cheque_id = $2`,
      [tenantId, row.cheque_id, key, now],
    );
    await enqueueClearing(tx, {
      tenantId,
      operation: 'REGISTRY_OPERATE',
      entity: 'echeq',
      entityId: row.id,
      payload: { request },
    });
    await recordAudit(tx, ctx, {
      action: `echeq.${opts.type.toLowerCase()}`,
      entity: 'echeq',
      entityId: row.id,
      tenantId,
      before: { state: row.state },
      after: { operation: opts.type, cheque_id: row.cheque_id, key, ...opts.input },
    });
    return { request, chequeId: row.cheque_id! };
  });
  await adhereBeforeOperating(deps, tenantId);
  const outcome = await deps.link.operate(tenantId, sent.request);
  if (outcome) await registryDelivered(deps.db, tenantId, sent.request.key, outcome, deps.clock.now());
  if (outcome && !outcome.ok) {
    await refused(deps.db, tenantId, sent.chequeId, key, outcome.message);
    throw refusalError(outcome);
  }
  if (outcome) await runInboxes(deps, deps.link, tenantId, outcome.cheque);
  const row = await findCopy(deps.db, ctx, opts.id);
  if (!row) throw chequeNotFound();
  return {
    status: row.syncing ? (202 as const) : (200 as const),
    cheque: toCopyDto(row, await callerOn(deps.db, ctx, row), now),
  };
}
