import { isCompanyRole, type Role, type UpdateUserInput, type User, type UserStatus } from '@echeq/contract';
import type { Ctx } from '../../platform/auth/actor';
import { hashPassword } from '../../platform/auth/password';
import { assertStrongPassword } from '../../platform/auth/password-policy';
import { revokeUserSessions } from '../../platform/auth/sessions';
import type { Queryable } from '../../platform/db/db';
import type { Deps } from '../../platform/deps';
import { AppError, forbidden, validationError } from '../../platform/http/app-error';
import { recordAudit } from '../audit';
import { toUserDto } from './users.mapper';
import { findUserById, type UserRow } from './users.queries';
import {
  assertAssignable,
  assertMayResetCredentials,
  auditJoin,
  auditView,
  companyFor,
  findInScope,
} from './users.rules';

const STATUS_ACTION: Record<UserStatus, string> = {
  ACTIVE: 'user.activate',
  INACTIVE: 'user.deactivate',
  SUSPENDED: 'user.suspend',
};

const onlyCompanyRolesHaveOne = () =>
  validationError('Solo los roles de empresa llevan empresa', [
    { path: 'cuit', message: 'Solo los roles de empresa llevan empresa' },
  ]);

/**
 * Where the user belongs with its (new) role: no tenant nor company for a SYSTEM_ADMIN, no company for a bank role,
 * the company of the CUIT given (created if new) or its current one for a company role. `joined`: moved into a
 * company that already existed.
 */
async function placement(
  tx: Queryable,
  ctx: Ctx,
  before: UserRow,
  role: Role,
  body: UpdateUserInput,
): Promise<{ tenantId: string | null; companyId: string | null; joined: boolean }> {
  const tenantId = before.tenant_id;
  if (role === 'SYSTEM_ADMIN') {
    if (body.cuit !== undefined) throw onlyCompanyRolesHaveOne();
    return { tenantId: null, companyId: null, joined: false };
  }
  if (!isCompanyRole(role)) {
    if (body.cuit !== undefined) throw onlyCompanyRolesHaveOne();
    return { tenantId, companyId: null, joined: false };
  }
  if (body.cuit !== undefined && body.company_name !== undefined && tenantId) {
    const company = await companyFor(tx, ctx, { tenantId, name: body.company_name, cuit: body.cuit });
    return { tenantId, companyId: company.id, joined: !company.created && company.id !== before.company_id };
  }
  if (!before.company_id) {
    throw validationError('Un rol de empresa requiere razón social y CUIT', [
      { path: 'company_name', message: 'Razón social requerida' },
      { path: 'cuit', message: 'CUIT requerido' },
    ]);
  }
  return { tenantId, companyId: before.company_id, joined: false };
}

/**
 * Changes a user: company, name, role, status, a new password or turning two-factor sign-in off. Nobody changes
 * their own role or status; suspending, deactivating, a new password and a second-factor reset close the user's
 * sessions at once. A password set here is temporary (changed at the next sign-in); a bank admin never sets the
 * password nor resets the second factor of another bank admin (only the system admin does). Moving a user into an
 * existing company leaves it unconfirmed, as when it is created there. A user outside the caller's scope is a 404.
 */
export async function updateUser({
  deps,
  ctx,
  id,
  body,
}: {
  deps: Pick<Deps, 'db' | 'clock'>;
  ctx: Ctx;
  id: string;
  body: UpdateUserInput;
}): Promise<User> {
  let passwordHash: string | null = null;
  if (body.password) {
    const target = await findInScope(deps.db, ctx, id);
    assertMayResetCredentials(ctx, target);
    assertStrongPassword(body.password, {
      email: target.email,
      company: body.company_name ?? target.company_name,
      cuit: body.cuit ?? target.company_cuit,
      fullName: target.full_name,
    });
    passwordHash = await hashPassword(body.password);
  }
  await deps.db.transaction(async (tx) => {
    const before = await findInScope(tx, ctx, id, true);
    const self = before.id === ctx.actor.userId;
    const role = body.role ?? before.role;
    const status = body.status ?? before.status;
    if (self && (role !== before.role || status !== before.status)) {
      throw forbidden('No puede cambiar su propio rol ni su estado');
    }
    if (self && (body.password || body.reset_mfa)) {
      throw forbidden('Cambie su contraseña o su verificación en dos pasos desde su perfil');
    }
    if (body.password || body.reset_mfa) assertMayResetCredentials(ctx, before);
    if (role !== before.role) {
      assertAssignable(ctx, role);
      if (before.role === 'SYSTEM_ADMIN') {
        throw new AppError(
          'CONFLICT',
          'Un administrador del sistema no pertenece a ninguna entidad: cree un usuario nuevo con el rol deseado',
        );
      }
    }
    const { tenantId, companyId, joined } = await placement(tx, ctx, before, role, body);

    const fullName = body.full_name === undefined ? before.full_name : body.full_name || null;
    const resetMfa = body.reset_mfa === true && before.mfa_enabled;
    const confirmed = joined ? false : companyId === null ? true : before.confirmed;
    await tx.query(
      `update users set role = $2, status = $3, tenant_id = $4, company_id = $5, full_name = $6,
         password_hash = coalesce($7, password_hash),
         must_change_password = must_change_password or $7 is not null,
         mfa_enabled = case when $8 then false else mfa_enabled end,
         mfa_secret_enc = case when $8 then null else mfa_secret_enc end,
         mfa_pending_secret_enc = case when $8 then null else mfa_pending_secret_enc end,
         confirmed = $10, added_by = case when $11 then $12::uuid else added_by end,
         updated_at = $9, version = version + 1
       where id = $1`,
      [
        id,
        role,
        status,
        tenantId,
        companyId,
        fullName,
        passwordHash,
        resetMfa,
        deps.clock.now(),
        confirmed,
        joined,
        ctx.actor.userId,
      ],
    );
    if (joined) await auditJoin(tx, ctx, { companyId: companyId!, tenantId, userId: id, email: before.email });

    const closesSessions = (status !== 'ACTIVE' && status !== before.status) || passwordHash !== null || resetMfa;
    const revoked = closesSessions ? await revokeUserSessions(tx, id, deps.clock.now()) : 0;

    const after = auditView({
      email: before.email,
      role,
      status,
      tenant_id: tenantId,
      company_id: companyId,
      full_name: fullName,
      mfa_enabled: resetMfa ? false : before.mfa_enabled,
      confirmed,
    });
    const unchanged =
      role === before.role && companyId === before.company_id && fullName === before.full_name && !joined;
    const action =
      unchanged && status !== before.status && !passwordHash && !resetMfa
        ? STATUS_ACTION[status]
        : unchanged && status === before.status && passwordHash && !resetMfa
          ? 'user.password.reset'
          : unchanged && status === before.status && resetMfa && !passwordHash
            ? 'user.mfa.reset'
            : 'user.update';
    await recordAudit(tx, ctx, {
      action,
      entity: 'user',
      entityId: id,
      tenantId: before.tenant_id ?? tenantId,
      before: auditView(before),
      after: {
        ...after,
        ...(passwordHash ? { credentials_reset: true, temporary_credentials: true } : {}),
        ...(closesSessions ? { sessions_closed: revoked } : {}),
      },
    });
  });
  const fresh = await findUserById(deps.db, id);
  return toUserDto(fresh!);
}
