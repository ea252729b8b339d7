import {
  assignableRoles,
  type CreateUserInput,
  isCompanyRole,
  type listUsersQuerySchema,
  type Page,
  ROLE_LABELS,
  type Role,
  type UpdateUserInput,
  type User,
  type UserStatus,
} from '@echeq/contract';
import type { z } from 'zod';
import { type Ctx, inScope, scopeOf, scopeSql } from '../../platform/auth/actor';
import { hashPassword } from '../../platform/auth/password';
import { assertStrongPassword } from '../../platform/auth/password-policy';
import { revokeUserSessions } from '../../platform/auth/sessions';
import type { Queryable } from '../../platform/db/db';
import type { Deps } from '../../platform/deps';
import { AppError, forbidden, notFound, validationError } from '../../platform/http/app-error';
import { recordAudit } from '../audit';
import { toUserDto } from './users.mapper';
import { emailTaken, findOrCreateCompany, findUserById, insertUser, listUsers, type UserRow } from './users.queries';

type UsersDeps = Pick<Deps, 'db' | 'clock'>;
type ListQuery = z.output<typeof listUsersQuerySchema>;

const userNotFound = () => notFound('Usuario no encontrado');

/** What the audit trail keeps of a user: never the hash nor the second-factor secrets. */
function auditView(u: {
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

/**
 * An administrator put a user into a company that already existed (found by CUIT): recorded on the company too, so
 * the company's trail shows who was added to it and by whom.
 */
async function auditJoin(
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

/** Users the caller may see: every user for a system admin, its own tenant's for bank roles. */
export async function listUsersPage({
  deps,
  ctx,
  query,
}: {
  deps: UsersDeps;
  ctx: Ctx;
  query: ListQuery;
}): Promise<Page<User>> {
  const scope = scopeSql(scopeOf(ctx.actor), { tenant: 'u.tenant_id', company: 'u.company_id' }, 1);
  const { rows, total } = await listUsers(deps.db, {
    scope,
    search: query.search || undefined,
    role: query.role,
    status: query.status,
    tenantId: query.tenant_id,
    pending: query.pending,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { data: rows.map(toUserDto), page: query.page, limit: query.limit, total };
}

async function findInScope(db: Queryable, ctx: Ctx, id: string, forUpdate = false): Promise<UserRow> {
  const row = await findUserById(db, id, forUpdate);
  if (!row || !inScope(scopeOf(ctx.actor), { tenantId: row.tenant_id, companyId: row.company_id })) {
    throw userNotFound();
  }
  return row;
}

export async function getUser({ deps, ctx, id }: { deps: UsersDeps; ctx: Ctx; id: string }): Promise<User> {
  return toUserDto(await findInScope(deps.db, ctx, id));
}

function assertAssignable(ctx: Ctx, role: Role): void {
  if (!assignableRoles(ctx.actor.role).includes(role)) {
    throw forbidden(`No tiene permisos para asignar el rol ${ROLE_LABELS[role]}`);
  }
}

/**
 * Creates a user. A bank admin creates in its own tenant and never a SYSTEM_ADMIN (403); a system admin names the
 * tenant (none for a SYSTEM_ADMIN). Company roles join the company of that CUIT in the tenant, created if new; one
 * that joins an existing company is recorded as such and cannot move money until another administrator confirms it.
 * The password, set by an administrator, is temporary: the user must change it at the first sign-in.
 */
export async function createUser({
  deps,
  ctx,
  body,
}: {
  deps: UsersDeps;
  ctx: Ctx;
  body: CreateUserInput;
}): Promise<User> {
  assertAssignable(ctx, body.role);
  let tenantId: string | null = null;
  if (body.role !== 'SYSTEM_ADMIN') {
    if (ctx.actor.role === 'SYSTEM_ADMIN') {
      if (!body.tenant_id) {
        throw validationError('Seleccione la entidad del usuario', [
          { path: 'tenant_id', message: 'Entidad requerida' },
        ]);
      }
      tenantId = body.tenant_id;
    } else {
      if (body.tenant_id && body.tenant_id !== ctx.actor.tenantId) {
        throw forbidden('Solo puede crear usuarios de su propia entidad');
      }
      tenantId = ctx.actor.tenantId;
      if (!tenantId) throw forbidden('Usuario sin entidad asignada');
    }
  }
  assertStrongPassword(body.password, { email: body.email, company: body.company_name, cuit: body.cuit });
  const passwordHash = await hashPassword(body.password);

  const id = await deps.db.transaction(async (tx) => {
    if (tenantId) {
      const t = await tx.query('select 1 from tenants where id = $1', [tenantId]);
      if (t.rows.length === 0) {
        throw validationError('El tenant indicado no existe', [{ path: 'tenant_id', message: 'Tenant inexistente' }]);
      }
    }
    if (await emailTaken(tx, body.email)) {
      throw new AppError('DUPLICATE', 'Ya existe un usuario con ese email', {
        errors: [{ path: 'email', message: 'Email ya registrado' }],
      });
    }
    let companyId: string | null = null;
    let joined = false;
    if (isCompanyRole(body.role) && tenantId && body.company_name && body.cuit) {
      const company = await findOrCreateCompany(tx, { tenantId, name: body.company_name, cuit: body.cuit });
      companyId = company.id;
      joined = !company.created;
      if (company.created) {
        await recordAudit(tx, ctx, {
          action: 'company.create',
          entity: 'company',
          entityId: company.id,
          tenantId,
          after: { name: body.company_name, cuit: body.cuit },
        });
      }
    }
    const newId = await insertUser(tx, {
      tenantId,
      companyId,
      email: body.email,
      passwordHash,
      role: body.role,
      fullName: body.full_name || null,
      mustChangePassword: true,
      confirmed: !joined,
      addedBy: ctx.actor.userId,
    });
    if (joined) await auditJoin(tx, ctx, { companyId: companyId!, tenantId, userId: newId, email: body.email });
    await recordAudit(tx, ctx, {
      action: 'user.create',
      entity: 'user',
      entityId: newId,
      tenantId,
      after: auditView({
        email: body.email,
        role: body.role,
        status: 'ACTIVE',
        tenant_id: tenantId,
        company_id: companyId,
        full_name: body.full_name || null,
        mfa_enabled: false,
        confirmed: !joined,
      }),
    });
    return newId;
  });
  const created = await findUserById(deps.db, id);
  return toUserDto(created!);
}

const STATUS_ACTION: Record<UserStatus, string> = {
  ACTIVE: 'user.activate',
  INACTIVE: 'user.deactivate',
  SUSPENDED: 'user.suspend',
};

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
  deps: UsersDeps;
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

    let tenantId = before.tenant_id;
    let companyId = before.company_id;
    let joined = false;
    if (role === 'SYSTEM_ADMIN') {
      if (body.cuit !== undefined) {
        throw validationError('Solo los roles de empresa llevan empresa', [
          { path: 'cuit', message: 'Solo los roles de empresa llevan empresa' },
        ]);
      }
      tenantId = null;
      companyId = null;
    } else if (isCompanyRole(role)) {
      if (body.cuit !== undefined && body.company_name !== undefined && tenantId) {
        const company = await findOrCreateCompany(tx, { tenantId, name: body.company_name, cuit: body.cuit });
        companyId = company.id;
        joined = !company.created && company.id !== before.company_id;
        if (company.created) {
          await recordAudit(tx, ctx, {
            action: 'company.create',
            entity: 'company',
            entityId: company.id,
            tenantId,
            after: { name: body.company_name, cuit: body.cuit },
          });
        }
      } else if (!companyId) {
        throw validationError('Un rol de empresa requiere razón social y CUIT', [
          { path: 'company_name', message: 'Razón social requerida' },
          { path: 'cuit', message: 'CUIT requerido' },
        ]);
      }
    } else {
      if (body.cuit !== undefined) {
        throw validationError('Solo los roles de empresa llevan empresa', [
          { path: 'cuit', message: 'Solo los roles de empresa llevan empresa' },
        ]);
      }
      companyId = null;
    }

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

/** Only the system admin sets the password or resets the second factor of a bank admin (no impersonation). */
function assertMayResetCredentials(ctx: Ctx, target: UserRow): void {
  if (target.role === 'BANK_ADMIN' && ctx.actor.role !== 'SYSTEM_ADMIN' && target.id !== ctx.actor.userId) {
    throw forbidden(
      'Solo el administrador del sistema puede cambiar la contraseña o la verificación en dos pasos de un administrador del banco',
    );
  }
}
