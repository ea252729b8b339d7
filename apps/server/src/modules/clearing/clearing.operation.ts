import type { CoelsaOperationBody, CoelsaOperationResult } from '@echeq/contract';
import { type Ctx, scopeOf } from '../../platform/auth/actor';
import { AppError, notFound } from '../../platform/http/app-error';
import { recordAudit } from '../audit';
import { requireTenant } from '../tenants';
import type { ClearingBook } from './book';
import { ClearingRejectedError } from './clearing.errors';
import { selectConfig } from './clearing.queries';
import { type ClearingDeps, portFor, toAppError } from './connect';
import type { ClearingEcheq } from './port';
import { rememberProbe } from './status.service';

/** `POST /integration/coelsa/operation`: one operation of the clearing house, on the caller's own bank and cheques. */
export async function runOperation(opts: {
  deps: ClearingDeps;
  book: ClearingBook;
  ctx: Ctx;
  body: CoelsaOperationBody;
}): Promise<CoelsaOperationResult> {
  const { deps, book, ctx, body } = opts;
  const scope = scopeOf(ctx.actor);

  let tenantId: string;
  let echeq: ClearingEcheq | null = null;
  if (body.type === 'HEALTH') {
    if (scope.kind === 'all') {
      if (!body.tenant_id) throw new AppError('VALIDATION_ERROR', 'Indique tenant_id: la entidad a consultar');
      tenantId = body.tenant_id;
      await requireTenant(deps.db, tenantId);
    } else {
      if (body.tenant_id && body.tenant_id !== scope.tenantId) throw notFound('Entidad no encontrada');
      tenantId = scope.tenantId;
    }
  } else {
    const found = await book.echeqForClearing(deps.db, body.echeq_id, scope);
    if (!found) throw notFound('ECHEQ no encontrado');
    echeq = found.echeq;
    tenantId = found.tenantId;
  }

  const row = await selectConfig(deps.db, tenantId);
  const port = portFor(deps, row);
  const base = { tenant_id: tenantId, environment: row!.environment, at: deps.clock.now().toISOString() };
  try {
    switch (body.type) {
      case 'HEALTH': {
        const started = Date.now();
        const { latencyMs } = await port.health();
        if (port.kind === 'http') {
          rememberProbe(row!, { ok: true, error: null, latencyMs, at: Date.now() });
          deps.metrics?.recordProbe('coelsa', Date.now() - started, true, tenantId);
        }
        return { type: 'HEALTH', ...base, status: 'UP', latency_ms: latencyMs };
      }
      case 'VALIDATE_ECHEQ': {
        const v = await port.validateEcheq(echeq!);
        await deps.db.transaction((tx) =>
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
        const a = await port.registerEcheq(echeq!, { idempotencyKey: `register-${echeq!.id}` });
        await deps.db.transaction((tx) =>
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
    if (body.type === 'HEALTH' && port.kind === 'http') deps.metrics?.recordProbe('coelsa', 0, false, tenantId);
    throw toAppError(err);
  }
}
