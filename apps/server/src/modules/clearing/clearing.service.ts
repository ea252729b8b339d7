import type { CoelsaOperationBody, CoelsaOperationResult } from '@echeq/contract';
import { type Ctx, scopeOf, scopeSql } from '../../platform/auth/actor';
import type { Queryable } from '../../platform/db/db';
import { insertRows, type RowInsert } from '../../platform/db/insert-rows';
import { AppError, notFound } from '../../platform/http/app-error';
import { recordAudit } from '../audit';
import { breakerFor } from './breaker';
import { assess, type ClearingDeps, clearingCtx, type PortOptions, portFor, toAppError } from './clearing.context';
import { ClearingRejectedError } from './clearing.errors';
import { type EcheqClearingRow, selectConfig, selectEcheqInScope } from './clearing.queries';
import type { ClearingOperation, ClearingPort, EcheqForValidation } from './clearing.types';
import { recentProbe, rememberProbe } from './status.service';

/**
 * The adapter of the bank's clearing house (sandbox or HTTP). Throws 503 COELSA_NOT_CONFIGURED or
 * SANDBOX_NOT_CONFIGURED when the bank cannot use it. With `q` the sandbox records in that transaction.
 */
export async function clearingPortFor(
  deps: ClearingDeps,
  tenantId: string,
  opts: PortOptions = {},
): Promise<ClearingPort> {
  const cc = clearingCtx(deps);
  return portFor(cc, await selectConfig(opts.q ?? cc.db, tenantId), opts);
}

/**
 * Throws 503 COELSA_NOT_CONFIGURED / SANDBOX_NOT_CONFIGURED / COELSA_NOT_AVAILABLE when the bank cannot use the
 * clearing house. It never calls it: HTTP banks are unavailable while their circuit is open or their last probe
 * (a few seconds old at most) failed. Call it before opening the transaction of the change.
 */
export async function requireClearing(deps: ClearingDeps, tenantId: string): Promise<void> {
  const row = await selectConfig(deps.db, tenantId);
  const problem = assess(row);
  if (problem) throw new AppError(problem.code);
  if (row!.environment === 'sandbox') return;
  if (breakerFor(tenantId).state() === 'OPEN') throw new AppError('COELSA_NOT_AVAILABLE');
  const probe = recentProbe(row!, Date.now());
  if (probe && !probe.ok) throw new AppError('COELSA_NOT_AVAILABLE');
}

export type ClearingEntry = {
  tenantId: string;
  operation: ClearingOperation;
  entity: string;
  entityId: string;
  payload: unknown;
};

const OUTBOX_COLUMNS = ['tenant_id', 'operation', 'entity', 'entity_id', 'payload'] as const;

/** An operation for the clearing house as an outbox row to insert (see insertRows); a job delivers it. */
export function outboxRow(op: ClearingEntry): RowInsert {
  return {
    table: 'clearing_outbox',
    columns: OUTBOX_COLUMNS,
    values: [op.tenantId, op.operation, op.entity, op.entityId, JSON.stringify(op.payload ?? null)],
  };
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
  echeq: EcheqForValidation,
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

function toValidation(e: EcheqClearingRow): EcheqForValidation {
  const { tenant_id: _tenant, ...rest } = e;
  return rest;
}

/** `POST /integration/coelsa/operation`: one operation of the clearing house, on the caller's own bank and cheques. */
export async function runOperation(opts: {
  deps: ClearingDeps;
  ctx: Ctx;
  body: CoelsaOperationBody;
}): Promise<CoelsaOperationResult> {
  const { deps, ctx, body } = opts;
  const cc = clearingCtx(deps);
  const scope = scopeOf(ctx.actor);

  let tenantId: string;
  let echeq: EcheqClearingRow | null = null;
  if (body.type === 'HEALTH') {
    if (scope.kind === 'all') {
      if (!body.tenant_id) throw new AppError('VALIDATION_ERROR', 'Indique tenant_id: la entidad a consultar');
      tenantId = body.tenant_id;
      const t = await cc.db.query('select 1 from tenants where id = $1', [tenantId]);
      if (t.rows.length === 0) throw notFound('Entidad no encontrada');
    } else {
      if (body.tenant_id && body.tenant_id !== scope.tenantId) throw notFound('Entidad no encontrada');
      tenantId = scope.tenantId;
    }
  } else {
    echeq = await selectEcheqInScope(
      cc.db,
      body.echeq_id,
      scopeSql(scope, { tenant: 'e.tenant_id', company: 'e.company_id' }, 2),
    );
    if (!echeq) throw notFound('ECHEQ no encontrado');
    tenantId = echeq.tenant_id;
  }

  const row = await selectConfig(cc.db, tenantId);
  const port = portFor(cc, row);
  const base = { tenant_id: tenantId, environment: row!.environment, at: cc.clock.now().toISOString() };
  try {
    switch (body.type) {
      case 'HEALTH': {
        const started = Date.now();
        const { latencyMs } = await port.health();
        if (port.kind === 'http') {
          rememberProbe(row!, { ok: true, error: null, latencyMs, at: Date.now() });
          cc.metrics?.recordProbe('coelsa', Date.now() - started, true, tenantId);
        }
        return { type: 'HEALTH', ...base, status: 'UP', latency_ms: latencyMs };
      }
      case 'VALIDATE_ECHEQ': {
        const v = await port.validateEcheq(toValidation(echeq!));
        await cc.db.transaction((tx) =>
          recordAudit(tx, ctx, {
            action: 'clearing.validate_echeq',
            entity: 'echeq',
            entityId: echeq!.id,
            tenantId,
            after: { status: v.status, reasons: v.reasons },
          }),
        );
        return { type: 'VALIDATE_ECHEQ', ...base, echeq_id: echeq!.id, status: v.status, reasons: v.reasons };
      }
      case 'QUERY_ECHEQ': {
        try {
          const s = await port.queryEcheq(echeq!.id);
          return {
            type: 'QUERY_ECHEQ',
            ...base,
            echeq_id: echeq!.id,
            registered: true,
            state: s.state,
            reference: s.reference || null,
            registered_at: s.registered_at || null,
          };
        } catch (err) {
          if (err instanceof ClearingRejectedError && err.status === 404) {
            return {
              type: 'QUERY_ECHEQ',
              ...base,
              echeq_id: echeq!.id,
              registered: false,
              state: null,
              reference: null,
              registered_at: null,
            };
          }
          throw err;
        }
      }
      case 'REGISTER_ECHEQ': {
        const a = await port.registerEcheq(toValidation(echeq!), { idempotencyKey: `register-${echeq!.id}` });
        await cc.db.transaction((tx) =>
          recordAudit(tx, ctx, {
            action: 'clearing.register_echeq',
            entity: 'echeq',
            entityId: echeq!.id,
            tenantId,
            after: { reference: a.reference, environment: row!.environment },
          }),
        );
        return {
          type: 'REGISTER_ECHEQ',
          ...base,
          echeq_id: echeq!.id,
          reference: a.reference,
          registered_at: typeof a.body.registered_at === 'string' ? a.body.registered_at : a.at,
        };
      }
    }
  } catch (err) {
    if (body.type === 'HEALTH' && port.kind === 'http') cc.metrics?.recordProbe('coelsa', 0, false, tenantId);
    throw toAppError(err);
  }
}
