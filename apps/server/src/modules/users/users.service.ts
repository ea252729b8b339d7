import { type CreateUserInput, isCompanyRole, type listUsersQuerySchema, type Page, type User } from '@echeq/contract';
import type { z } from 'zod';
import { type Ctx, scopeOf, scopeSql } from '../../platform/auth/actor';
import { hashPassword } from '../../platform/auth/password';
import { assertStrongPassword } from '../../platform/auth/password-policy';
import type { Deps } from '../../platform/deps';
import { AppError, forbidden, validationError } from '../../platform/http/app-error';
import { recordAudit } from '../audit';
import { toUserDto } from './users.mapper';
import { emailTaken, findUserById, insertUser, listUsers } from './users.queries';
import { assertAssignable, auditJoin, auditView, companyFor, findInScope } from './users.rules';

// Reading and creating users; changing one is users.update.ts, approvals and confirmations users.approval.ts.

type UsersDeps = Pick<Deps, 'db' | 'clock'>;
type ListQuery = z.output<typeof listUsersQuerySchema>;

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
    sort: query.sort,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { data: rows.map(toUserDto), page: query.page, limit: query.limit, total };
}

export async function getUser({ deps, ctx, id }: { deps: UsersDeps; ctx: Ctx; id: string }): Promise<User> {
  return toUserDto(await findInScope(deps.db, ctx, id));
}

/** The tenant a new user is created in: none for a SYSTEM_ADMIN, the one named by a system admin, the caller's own. */
function tenantForNewUser(ctx: Ctx, body: CreateUserInput): string | null {
  if (body.role === 'SYSTEM_ADMIN') return null;
  if (ctx.actor.role === 'SYSTEM_ADMIN') {
    if (!body.tenant_id) {
      throw validationError('Seleccione la entidad del usuario', [{ path: 'tenant_id', message: 'Entidad requerida' }]);
    }
    return body.tenant_id;
  }
  if (body.tenant_id && body.tenant_id !== ctx.actor.tenantId) {
    throw forbidden('Solo puede crear usuarios de su propia entidad');
  }
  if (!ctx.actor.tenantId) throw forbidden('Usuario sin entidad asignada');
  return ctx.actor.tenantId;
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
  const tenantId = tenantForNewUser(ctx, body);
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
      const company = await companyFor(tx, ctx, { tenantId, name: body.company_name, cuit: body.cuit });
      companyId = company.id;
      joined = !company.created;
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
