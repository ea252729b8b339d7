import { type ApprovalInput, isCompanyRole, type User } from '@echeq/contract';
import type { Ctx } from '../../platform/auth/actor';
import type { Deps } from '../../platform/deps';
import { forbidden, invalidTransition } from '../../platform/http/app-error';
import { recordAudit } from '../audit';
import { toUserDto } from './users.mapper';
import { findUserById } from './users.queries';
import { findInScope } from './users.rules';

type ApprovalDeps = Pick<Deps, 'db' | 'clock'>;

/**
 * A bank administrator's decision on a self-registered company, taken from one of its users on the users screen:
 * APPROVE (from PENDING, or from REJECTED to undo a rejection: `from` says which the administrator saw) or REJECT
 * (from PENDING). The company's row is locked and its state read under the lock; a decision on a state that is no
 * longer the one seen is 409, so of two simultaneous decisions exactly one applies.
 */
export async function decideApproval({
  deps,
  ctx,
  id,
  body,
}: {
  deps: ApprovalDeps;
  ctx: Ctx;
  id: string;
  body: ApprovalInput;
}): Promise<User> {
  const user = await findInScope(deps.db, ctx, id);
  if (!user.company_id || !isCompanyRole(user.role)) {
    throw invalidTransition('El usuario no pertenece a una empresa con alta pendiente');
  }
  const to = body.decision === 'APPROVE' ? 'APPROVED' : 'REJECTED';
  const from = to === 'APPROVED' ? body.from : 'PENDING';
  await deps.db.transaction(async (tx) => {
    const r = await tx.query<{ approval: string }>('select approval from companies where id = $1 for update', [
      user.company_id,
    ]);
    const before = r.rows[0]?.approval;
    if (!before || !from.includes(before)) {
      throw invalidTransition(
        to === 'APPROVED'
          ? 'El alta de la empresa ya está aprobada'
          : 'Solo se rechaza un alta pendiente de aprobación',
      );
    }
    await tx.query('update companies set approval = $2 where id = $1', [user.company_id, to]);
    await recordAudit(tx, ctx, {
      action: to === 'APPROVED' ? 'company.approve' : 'company.reject',
      entity: 'company',
      entityId: user.company_id,
      tenantId: user.tenant_id,
      before: { approval: before },
      after: { approval: to, name: user.company_name, cuit: user.company_cuit, requested_by: user.email },
    });
  });
  return toUserDto((await findUserById(deps.db, id))!);
}

/**
 * Confirms a company user that an administrator put into an existing company: from now on it may move money. Four
 * eyes: the administrator who added it cannot confirm it (another bank administrator, or the system admin, does).
 */
export async function confirmUser({ deps, ctx, id }: { deps: ApprovalDeps; ctx: Ctx; id: string }): Promise<User> {
  const user = await findInScope(deps.db, ctx, id);
  if (user.confirmed) throw invalidTransition('El usuario ya está confirmado');
  if (user.added_by === ctx.actor.userId && ctx.actor.role !== 'SYSTEM_ADMIN') {
    throw forbidden('Otro administrador debe confirmar al usuario que usted agregó a la empresa');
  }
  await deps.db.transaction(async (tx) => {
    const r = await tx.query(
      'update users set confirmed = true, updated_at = $2, version = version + 1 where id = $1 and not confirmed',
      [id, deps.clock.now()],
    );
    if (r.rowCount === 0) throw invalidTransition('El usuario ya está confirmado');
    await recordAudit(tx, ctx, {
      action: 'user.confirm',
      entity: 'user',
      entityId: id,
      tenantId: user.tenant_id,
      before: { confirmed: false, added_by: user.added_by },
      after: { confirmed: true, company_id: user.company_id },
    });
  });
  return toUserDto((await findUserById(deps.db, id))!);
}
