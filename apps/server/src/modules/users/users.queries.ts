import { type CompanyApproval, ROLE_LABELS, type Role, USER_STATUS_LABELS, type UserStatus } from '@echeq/contract';
import type { Queryable } from '../../platform/db/db';
import { statusesByLabel } from '../../platform/db/grouped-sort';
import { pageLimit } from '../../platform/db/page-limit';

export type UserRow = {
  id: string;
  tenant_id: string | null;
  company_id: string | null;
  email: string;
  password_hash: string;
  role: Role;
  full_name: string | null;
  status: UserStatus;
  mfa_enabled: boolean;
  mfa_secret_enc: string | null;
  mfa_pending_secret_enc: string | null;
  mfa_last_step: string | null;
  last_login: Date | string | null;
  created_at: Date | string;
  version: number;
  must_change_password: boolean;
  confirmed: boolean;
  added_by: string | null;
  company_approval: CompanyApproval | null;
  company_name: string | null;
  company_cuit: string | null;
  tenant_nombre: string | null;
  tenant_codigo: string | null;
  tenant_estado: string | null;
};

const USER_SELECT = `
  select u.*, c.name as company_name, c.cuit as company_cuit, c.approval as company_approval,
         t.nombre as tenant_nombre, t.codigo as tenant_codigo, t.estado as tenant_estado
  from users u
  left join companies c on c.id = u.company_id
  left join tenants t on t.id = u.tenant_id`;

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const r = await db.query<UserRow>(`${USER_SELECT} where lower(u.email) = lower($1)`, [email]);
  return r.rows[0] ?? null;
}

export async function findUserById(db: Queryable, id: string, forUpdate = false): Promise<UserRow | null> {
  const r = await db.query<UserRow>(`${USER_SELECT} where u.id = $1${forUpdate ? ' for update of u' : ''}`, [id]);
  return r.rows[0] ?? null;
}

export async function insertUser(
  db: Queryable,
  u: {
    tenantId: string | null;
    companyId: string | null;
    email: string;
    passwordHash: string;
    role: Role;
    fullName?: string | null;
    mustChangePassword?: boolean;
    confirmed?: boolean;
    addedBy?: string | null;
  },
): Promise<string> {
  const r = await db.query<{ id: string }>(
    `insert into users (tenant_id, company_id, email, password_hash, role, full_name, must_change_password, confirmed,
       added_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
    [
      u.tenantId,
      u.companyId,
      u.email,
      u.passwordHash,
      u.role,
      u.fullName ?? null,
      u.mustChangePassword ?? false,
      u.confirmed ?? true,
      u.addedBy ?? null,
    ],
  );
  return r.rows[0]!.id;
}

export async function emailTaken(db: Queryable, email: string, exceptId?: string): Promise<boolean> {
  const r = await db.query(
    'select 1 from users where lower(email) = lower($1) and id <> coalesce($2::uuid, gen_random_uuid())',
    [email, exceptId ?? null],
  );
  return r.rows.length > 0;
}

export async function findOrCreateCompany(
  db: Queryable,
  c: { tenantId: string; name: string; cuit: string },
): Promise<{ id: string; created: boolean }> {
  const found = await db.query<{ id: string }>('select id from companies where tenant_id = $1 and cuit = $2', [
    c.tenantId,
    c.cuit,
  ]);
  if (found.rows[0]) return { id: found.rows[0].id, created: false };
  // Another request may create the same company meanwhile: then its row is returned (xmax <> 0: not inserted here).
  const r = await db.query<{ id: string; inserted: boolean }>(
    `insert into companies (tenant_id, name, cuit) values ($1, $2, $3)
     on conflict (tenant_id, cuit) do update set name = companies.name returning id, (xmax = 0) as inserted`,
    [c.tenantId, c.name, c.cuit],
  );
  return { id: r.rows[0]!.id, created: r.rows[0]!.inserted };
}

/** `%text%` for ILIKE with the wildcards of the text itself escaped. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export type UserListFilter = {
  /** SQL condition restricting rows to the caller's scope, with its params starting at $1. */
  scope: { sql: string; params: unknown[] };
  search?: string | undefined;
  role?: Role | undefined;
  status?: UserStatus | undefined;
  tenantId?: string | undefined;
  pending?: 'approval' | 'confirmation' | undefined;
  /** A column of USER_ORDER, descending after a minus sign; newest first without one. */
  sort?: string | undefined;
  limit: number;
  offset: number;
};

/** The users list's sorts by a column (contract: USER_SORT_KEYS): a bank's few users, sorted as they are read. */
const USER_ORDER: Record<string, string> = {
  email: 'lower(u.email)',
  company: 'c.name',
  created_at: 'u.created_at',
};

/**
 * The sorts by a code the screen shows by its label (Rol, Estado): the codes in their Spanish labels' order (Admin
 * Banco, Admin Sistema, Auditor…; Activo, Inactivo, Suspendido), as the cheque, custody and discount lists sort their
 * statuses (platform/db/grouped-sort.ts).
 */
const USER_LABEL_ORDER: Record<string, { column: string; codes: string[] }> = {
  role: { column: 'u.role', codes: statusesByLabel(ROLE_LABELS) },
  status: { column: 'u.status', codes: statusesByLabel(USER_STATUS_LABELS) },
};

/**
 * The ORDER BY of a sort, `param` adding a parameter and returning its placeholder. A column sorts with the id as
 * tiebreaker; a label sort ranks the codes by label, newest first within one (the lists' default order). Every order
 * ends on the id, so the pages of one order neither repeat nor skip a user.
 */
function orderOf(sort: string | undefined, param: (value: unknown) => string): string {
  const desc = Boolean(sort?.startsWith('-'));
  const key = (desc ? sort?.slice(1) : sort) ?? '';
  const dir = desc ? 'desc' : 'asc';
  const byLabel = USER_LABEL_ORDER[key];
  if (byLabel) {
    const rank = `array_position(${param(byLabel.codes)}::text[], ${byLabel.column}::text)`;
    return `${rank} ${dir}, u.created_at desc, u.id desc`;
  }
  const col = USER_ORDER[key];
  if (!col) return 'u.created_at desc, u.id desc';
  return `${col} ${dir} nulls last, u.id ${dir}`;
}

/** One page of users in the asked order (newest first by default) and the total matching the filter. */
export async function listUsers(db: Queryable, f: UserListFilter): Promise<{ rows: UserRow[]; total: number }> {
  const where = [f.scope.sql];
  const params = [...f.scope.params];
  const add = (sql: (n: number) => string, value: unknown) => {
    params.push(value);
    where.push(sql(params.length));
  };
  if (f.search) {
    add((n) => `(u.email ilike $${n} escape '\\' or c.name ilike $${n} escape '\\')`, likePattern(f.search));
  }
  if (f.role) add((n) => `u.role = $${n}`, f.role);
  if (f.status) add((n) => `u.status = $${n}`, f.status);
  if (f.tenantId) add((n) => `u.tenant_id = $${n}`, f.tenantId);
  if (f.pending === 'approval') where.push("c.approval = 'PENDING'");
  if (f.pending === 'confirmation') where.push('not u.confirmed');
  const cond = where.join(' and ');
  const count = await db.query<{ total: number }>(
    `select count(*)::int as total from users u left join companies c on c.id = u.company_id where ${cond}`,
    params,
  );
  const pageParams = [...params];
  const param = (value: unknown) => {
    pageParams.push(value);
    return `$${pageParams.length}`;
  };
  const order = orderOf(f.sort, param);
  const rows = await db.query<UserRow>(
    `${USER_SELECT} where ${cond} order by ${order} ${pageLimit(f.limit)} offset ${param(f.offset)}`,
    pageParams,
  );
  return { rows: rows.rows, total: count.rows[0]?.total ?? 0 };
}
