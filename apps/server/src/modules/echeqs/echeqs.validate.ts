import type { Echeq, ValidationStatus } from '@echeq/contract';
import { type Ctx, type Scope, scopeOf } from '../../platform/auth/actor';
import type { Queryable } from '../../platform/db/db';
import { conflict } from '../../platform/http/app-error';
import { recordAudit } from '../audit';
import { type ClearingDeps, type ClearingEcheq, validateWithClearing } from '../clearing';
import { toClearingEcheq, toEcheqDto } from './echeqs.mapper';
import { findEcheq, setValidation } from './echeqs.queries';
import { echeqNotFound } from './echeqs.rules';

/** Asks the bank's clearing house to validate the cheque and stores its answer (audited). */
export async function validateEcheq(opts: {
  deps: ClearingDeps;
  ctx: Ctx;
  id: string;
}): Promise<{ echeq: Echeq; validation_status: ValidationStatus; message: string | null }> {
  const { deps, ctx, id } = opts;
  const scope = scopeOf(ctx.actor);
  const row = await findEcheq(deps.db, id, scope);
  if (!row) throw echeqNotFound();
  const sent = toClearingEcheq(row);
  const result = await validateWithClearing(deps, row.tenant_id, sent);
  const after = await deps.db.transaction(async (tx) => {
    const before = await findEcheq(tx, id, scope, { lock: 'update' });
    if (!before) throw echeqNotFound();
    // The answer is about the cheque as it was sent: if it changed meanwhile, it says nothing about it now.
    if (JSON.stringify(toClearingEcheq(before)) !== JSON.stringify(sent)) {
      throw conflict('El ECHEQ cambió mientras COELSA lo validaba. Valídelo nuevamente.');
    }
    await setValidation(tx, id, { status: result.status, message: result.message, at: deps.clock.now() });
    const fresh = (await findEcheq(tx, id, { kind: 'all' }))!;
    await recordAudit(tx, ctx, {
      action: 'echeq.validate',
      entity: 'echeq',
      entityId: id,
      tenantId: fresh.tenant_id,
      before: { validation_status: before.validation_status, validation_message: before.validation_message },
      after: { validation_status: fresh.validation_status, validation_message: fresh.validation_message },
    });
    return fresh;
  });
  return { echeq: toEcheqDto(after), validation_status: result.status, message: result.message };
}

/** A live cheque in the scope as the clearing house sees it, with its bank (clearing's manual operations ask it). */
export async function echeqForClearing(
  db: Queryable,
  id: string,
  scope: Scope,
): Promise<{ tenantId: string; echeq: ClearingEcheq } | null> {
  const row = await findEcheq(db, id, scope);
  return row ? { tenantId: row.tenant_id, echeq: toClearingEcheq(row) } : null;
}
