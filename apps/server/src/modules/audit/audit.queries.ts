import type { Queryable } from '../../platform/db/db';
import { pageLimit } from '../../platform/db/page-limit';

export type AuditRow = {
  id: string;
  at: Date | string;
  actor_id: string | null;
  actor_email: string | null;
  actor_role: string | null;
  tenant_id: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  request_id: string | null;
};

export type AuditFilter = {
  /** Tenant the caller is confined to; null for every tenant. */
  tenantId: string | null;
  entity?: string | undefined;
  action?: string | undefined;
  actorId?: string | undefined;
  /** Inclusive lower and exclusive upper bound of `at`. */
  from?: Date | undefined;
  until?: Date | undefined;
};

function whereOf(f: AuditFilter): { sql: string; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (n: number) => string, value: unknown) => {
    params.push(value);
    where.push(sql(params.length));
  };
  if (f.tenantId) add((n) => `a.tenant_id = $${n}`, f.tenantId);
  if (f.entity) add((n) => `a.entity = $${n}`, f.entity);
  if (f.action) add((n) => `(a.action = $${n} or starts_with(a.action, $${n} || '.'))`, f.action);
  if (f.actorId) add((n) => `a.actor_id = $${n}`, f.actorId);
  if (f.from) add((n) => `a.at >= $${n}`, f.from);
  if (f.until) add((n) => `a.at < $${n}`, f.until);
  return { sql: where.length ? where.join(' and ') : 'true', params };
}

/**
 * The trail's orders (contract: AUDIT_SORT_KEYS), each one of its indexes read forwards or backwards: by date
 * (at, id), by action (action, then newest first; descending, the same index backwards).
 */
function orderOf(sort: string | undefined): string {
  if (sort === 'at') return 'a.at asc, a.id asc';
  if (sort === 'action') return 'a.action asc, a.at desc, a.id desc';
  if (sort === '-action') return 'a.action desc, a.at asc, a.id asc';
  return 'a.at desc, a.id desc';
}

/** One page of the trail in the asked order (newest first by default) and the total matching the filter. */
export async function listAudit(
  db: Queryable,
  f: AuditFilter & { limit: number; offset: number; sort?: string | undefined },
): Promise<{ rows: AuditRow[]; total: number }> {
  const { sql, params } = whereOf(f);
  const count = await db.query<{ total: number }>(
    `select count(*)::int as total from audit_log a where ${sql}`,
    params,
  );
  const rows = await db.query<AuditRow>(
    `select a.id::text as id, a.at, a.actor_id, a.actor_email, a.actor_role, a.tenant_id, a.action, a.entity,
            a.entity_id, a.before, a.after, a.request_id
     from audit_log a where ${sql}
     order by ${orderOf(f.sort)} ${pageLimit(f.limit)} offset $${params.length + 1}`,
    [...params, f.offset],
  );
  return { rows: rows.rows, total: count.rows[0]?.total ?? 0 };
}

/** One record of the trail, within the tenant the caller is confined to (null when missing or foreign). */
export async function findAudit(db: Queryable, id: string, tenantId: string | null): Promise<AuditRow | null> {
  const r = await db.query<AuditRow>(
    `select a.id::text as id, a.at, a.actor_id, a.actor_email, a.actor_role, a.tenant_id, a.action, a.entity,
            a.entity_id, a.before, a.after, a.request_id
     from audit_log a where a.id = $1::bigint and ($2::uuid is null or a.tenant_id = $2::uuid)`,
    [id, tenantId],
  );
  return r.rows[0] ?? null;
}

/** Distinct entities, actions and actors in the part of the trail the caller may read. */
export async function auditFacets(
  db: Queryable,
  tenantId: string | null,
): Promise<{ entities: string[]; actions: string[]; actors: { id: string; email: string | null }[] }> {
  const { sql, params } = whereOf({ tenantId });
  const [entities, actions, actors] = await Promise.all([
    db.query<{ v: string }>(`select distinct a.entity as v from audit_log a where ${sql} order by 1`, params),
    db.query<{ v: string }>(`select distinct a.action as v from audit_log a where ${sql} order by 1`, params),
    db.query<{ id: string; email: string | null }>(
      `select a.actor_id as id, max(a.actor_email) as email from audit_log a
       where ${sql} and a.actor_id is not null group by a.actor_id order by 2 nulls last limit 500`,
      params,
    ),
  ]);
  return {
    entities: entities.rows.map((r) => r.v),
    actions: actions.rows.map((r) => r.v),
    actors: actors.rows,
  };
}
