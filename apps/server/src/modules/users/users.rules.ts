import { assignableRoles, ROLE_LABELS, type Role, type UserStatus } from '@echeq/contract';
import { type Ctx, inScope, scopeOf } from '../../platform/auth/actor';
import type { Queryable } from '../../platform/db/db';
import { forbidden, notFound } from '../../platform/http/app-error';
import { recordAudit } from '../audit';
import { findOrCreateCompany, findUserById, type UserRow } from './users.queries';

// Who may do what with a user, and what the audit trail keeps of it: shared by creating, changing, approving and
// confirming users.

/** A user the caller may see, locked with `forUpdate`; one outside the caller's scope is a 404, as a missing one. */
export async function findInScope(db: Queryable, ctx: Ctx, id: string, forUpdate = false): Promise<UserRow> {
  const row = await findUserById(db, id, forUpdate);
  if (!row || !inScope(scopeOf(ctx.actor), { tenantId: row.tenant_id, companyId: row.company_id })) {
    throw notFound('Usuario no encontrado');
  }
  return row;
}

export function assertAssignable(ctx: Ctx, role: Role): void {
  if (!assignableRoles(ctx.actor.role).includes(role)) {
    throw forbidden(`No tiene permisos para asignar el rol ${ROLE_LABELS[role]}`);
  }
}

/** Only the system admin sets the password or resets the second factor of a bank admin (no impersonation). */
export function assertMayResetCredentials(ctx: Ctx, target: UserRow): void {
  if (target.role === 'BANK_ADMIN' && ctx.actor.role !== 'SYSTEM_ADMIN' && target.id !== ctx.actor.userId) {
    throw forbidden(
      'Solo el administrador del sistema puede cambiar la contraseña o la verificación en dos pasos de un administrador del banco',
    );
  }
}

/** What the audit trail keeps of a user: never the hash nor the second-factor secrets. */
export function auditView(u: {
  email: string;
  role: Role;
  status: UserStatus;
  tenant_id: string | null;
  company_id: string | null;
  full_name: string | null;
  mfa_enabled: boolean;
  confirmed: boolean;
}) {
  return {
    email: u.email,
    role: u.role,
    status: u.status,
    tenant_id: u.tenant_id,
    company_id: u.company_id,
    full_name: u.full_name,
    mfa_enabled: u.mfa_enabled,
    confirmed: u.confirmed,
  };
}

/** The company of that CUIT in the tenant, created if new (and then audited). */
export async function companyFor(
  tx: Queryable,
  ctx: Ctx,
  c: { tenantId: string; name: string; cuit: string },
): Promise<{ id: string; created: boolean }> {
  const company = await findOrCreateCompany(tx, c);
  if (company.created) {
    await recordAudit(tx, ctx, {
      action: 'company.create',
      entity: 'company',
      entityId: company.id,
      tenantId: c.tenantId,
      after: { name: c.name, cuit: c.cuit },
    });
  }
  return company;
}

/**
 * An administrator put a user into a company that already existed (found by CUIT): recorded on the company too, so
 * the company's trail shows who was added to it and by whom.
 */
export async function auditJoin(
  tx: Queryable,
  ctx: Ctx,
  j: { companyId: string; tenantId: string | null; userId: string; email: string },
): Promise<void> {
  await recordAudit(tx, ctx, {
    action: 'company.user.add',
    entity: 'company',
    entityId: j.companyId,
    tenantId: j.tenantId,
    after: { user_id: j.userId, email: j.email, added_by: ctx.actor.email, confirmed: false },
  });
}
