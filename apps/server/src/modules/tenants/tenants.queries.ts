import type { Queryable } from '../../platform/db/db';

export type TenantRow = {
  id: string;
  nombre: string;
  codigo: string;
  cuit: string;
  tipo: 'BANCO' | 'FINANCIERA' | 'EMPRESA';
  estado: 'ACTIVO' | 'INACTIVO';
  discount_rate: string;
  created_at: Date | string;
  users_count: number;
  /** coelsa_configs (written by the clearing capability), null columns when the bank has none. */
  has_coelsa: boolean;
  environment: 'sandbox' | 'staging' | 'production' | null;
  base_url: string | null;
  timeout_ms: number | null;
  max_retries: number | null;
  has_api_key: boolean;
  has_api_secret: boolean;
  test_status: 'success' | 'failed' | 'untested' | null;
  tested_at: Date | string | null;
  test_message: string | null;
};

export type TenantUserRow = { id: string; tenant_id: string; email: string; role: string; status: string };

const TENANT_SELECT = `
  select t.id, t.nombre, t.codigo, t.cuit, t.tipo, t.estado, t.discount_rate::text as discount_rate, t.created_at,
         (select count(*)::int from users u where u.tenant_id = t.id) as users_count,
         (cc.tenant_id is not null) as has_coelsa, cc.environment, cc.base_url, cc.timeout_ms, cc.max_retries,
         coalesce(cc.api_key_enc is not null, false) as has_api_key,
         coalesce(cc.api_secret_enc is not null, false) as has_api_secret,
         cc.test_status, cc.tested_at, cc.test_message
  from tenants t
  left join coelsa_configs cc on cc.tenant_id = t.id`;

/** How many of a tenant's users the admin list carries (the count is always complete). */
const TENANT_USERS_SHOWN = 50;

export async function listTenantRows(db: Queryable): Promise<TenantRow[]> {
  const r = await db.query<TenantRow>(`${TENANT_SELECT} order by t.created_at, t.nombre`);
  return r.rows;
}

export async function findTenantRow(db: Queryable, id: string): Promise<TenantRow | null> {
  const r = await db.query<TenantRow>(`${TENANT_SELECT} where t.id = $1`, [id]);
  return r.rows[0] ?? null;
}

/** The first users of each tenant (oldest first), at most TENANT_USERS_SHOWN per tenant. */
export async function tenantUsers(db: Queryable, tenantIds: string[]): Promise<TenantUserRow[]> {
  if (tenantIds.length === 0) return [];
  const r = await db.query<TenantUserRow>(
    `select id, tenant_id, email, role, status from (
       select u.id, u.tenant_id, u.email, u.role, u.status,
              row_number() over (partition by u.tenant_id order by u.created_at, u.id) as n
       from users u where u.tenant_id = any($1::uuid[])
     ) x where n <= $2 order by tenant_id, n`,
    [tenantIds, TENANT_USERS_SHOWN],
  );
  return r.rows;
}

export async function adminStats(
  db: Queryable,
): Promise<{ totalTenants: number; activeTenants: number; totalUsers: number; coelsaConfigs: number }> {
  const r = await db.query<{ totalTenants: number; activeTenants: number; totalUsers: number; coelsaConfigs: number }>(
    `select (select count(*)::int from tenants) as "totalTenants",
            (select count(*)::int from tenants where estado = 'ACTIVO') as "activeTenants",
            (select count(*)::int from users) as "totalUsers",
            (select count(*)::int from coelsa_configs) as "coelsaConfigs"`,
  );
  return r.rows[0]!;
}

/** A tenant's own fields (its discount rate as the column's exact text). */
export type TenantCore = { id: string; nombre: string; codigo: string; estado: string; discount_rate: string };

/** The tenant's core row, or null; `forUpdate` locks it for the rest of the transaction. */
export async function findTenant(
  q: Queryable,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<TenantCore | null> {
  const r = await q.query<TenantCore>(
    `select id, nombre, codigo, estado, discount_rate::text as discount_rate from tenants where id = $1${
      opts.forUpdate ? ' for update' : ''
    }`,
    [id],
  );
  return r.rows[0] ?? null;
}

/** The tenant's core row, locked for the rest of the transaction. */
export const lockTenant = (tx: Queryable, id: string) => findTenant(tx, id, { forUpdate: true });

/** Users of the tenant holding at least one live session (whose sessions must close when it is deactivated). */
export async function usersWithLiveSessions(tx: Queryable, tenantId: string, now: Date): Promise<string[]> {
  const r = await tx.query<{ user_id: string }>(
    `select distinct s.user_id from sessions s join users u on u.id = s.user_id
     where u.tenant_id = $1 and s.revoked_at is null and s.expires_at > $2`,
    [tenantId, now],
  );
  return r.rows.map((x) => x.user_id);
}
