import { type AccountRestriction, type Role, scopeKindOf } from '@echeq/contract';
import { AppError } from '../http/app-error';

/** Who is calling: the signed-in user as the server knows it (never what the client claims). */
export type Actor = {
  userId: string;
  email: string;
  role: Role;
  tenantId: string | null;
  companyId: string | null;
  sessionId: string;
  /** False for a company user added by an administrator to an existing company, until confirmed. */
  confirmed: boolean;
  /** What keeps this session to its own account (a temporary password, a company the bank has not approved). */
  restriction: AccountRestriction | null;
};

/** What every business operation receives about its caller. */
export type Ctx = { actor: Actor; requestId: string; ip: string };

export type Scope =
  | { kind: 'all' }
  | { kind: 'tenant'; tenantId: string }
  | { kind: 'company'; tenantId: string; companyId: string };

export function scopeOf(actor: Actor): Scope {
  const kind = scopeKindOf(actor.role);
  if (kind === 'all') return { kind };
  if (!actor.tenantId) throw new AppError('FORBIDDEN', 'Usuario sin entidad asignada');
  if (kind === 'company') {
    if (!actor.companyId) throw new AppError('FORBIDDEN', 'Usuario sin empresa asignada');
    return { kind, tenantId: actor.tenantId, companyId: actor.companyId };
  }
  return { kind, tenantId: actor.tenantId };
}

/**
 * SQL condition restricting rows to the actor's scope. `next` is the next free parameter number; the returned
 * params are appended by the caller. Example: `scopeSql(scope, { tenant: 'e.tenant_id', company: 'e.company_id' }, 3)`.
 */
export function scopeSql(
  scope: Scope,
  cols: { tenant: string; company?: string },
  next: number,
): { sql: string; params: unknown[] } {
  if (scope.kind === 'all') return { sql: 'true', params: [] };
  if (scope.kind === 'tenant') return { sql: `${cols.tenant} = $${next}`, params: [scope.tenantId] };
  if (!cols.company) return { sql: 'false', params: [] };
  return {
    sql: `${cols.tenant} = $${next} and ${cols.company} = $${next + 1}`,
    params: [scope.tenantId, scope.companyId],
  };
}

/** True when a record of (tenantId, companyId) is inside the scope. */
export function inScope(scope: Scope, rec: { tenantId: string | null; companyId?: string | null }): boolean {
  if (scope.kind === 'all') return true;
  if (rec.tenantId !== scope.tenantId) return false;
  return scope.kind === 'tenant' || rec.companyId === scope.companyId;
}
