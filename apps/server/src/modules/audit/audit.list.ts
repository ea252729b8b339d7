import type { AuditEntry, AuditFacets, listAuditQuerySchema, Page } from '@echeq/contract';
import type { z } from 'zod';
import { type Ctx, scopeOf } from '../../platform/auth/actor';
import { addDays } from '../../platform/clock';
import type { Deps } from '../../platform/deps';
import { notFound } from '../../platform/http/app-error';
import { toAuditEntryDto } from './audit.mapper';
import { auditFacets, findAudit, listAudit } from './audit.queries';

type ListQuery = z.output<typeof listAuditQuerySchema>;

/** Start of a calendar day in Buenos Aires (UTC−3 all year round). */
const startOfDayBA = (date: string) => new Date(`${date}T00:00:00-03:00`);

/** The tenant a reader is confined to: none for a system admin, its own for bank roles. */
function confinedTenant(ctx: Ctx): string | null {
  const scope = scopeOf(ctx.actor);
  return scope.kind === 'all' ? null : scope.tenantId;
}

/** The audit trail, newest first: every tenant for a system admin, its own tenant's records for the others. */
export async function listAuditPage({
  deps,
  ctx,
  query,
}: {
  deps: Pick<Deps, 'db'>;
  ctx: Ctx;
  query: ListQuery;
}): Promise<Page<AuditEntry>> {
  const { rows, total } = await listAudit(deps.db, {
    tenantId: confinedTenant(ctx),
    entity: query.entity || undefined,
    action: query.action || undefined,
    actorId: query.actor_id,
    from: query.from ? startOfDayBA(query.from) : undefined,
    until: query.to ? startOfDayBA(addDays(query.to, 1)) : undefined,
    sort: query.sort,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { data: rows.map(toAuditEntryDto), page: query.page, limit: query.limit, total };
}

/** One record of the trail, with the list's permission and scope: another bank's record is a 404. */
export async function getAuditEntry({ deps, ctx, id }: { deps: Pick<Deps, 'db'>; ctx: Ctx; id: string }) {
  const row = await findAudit(deps.db, id, confinedTenant(ctx));
  if (!row) throw notFound('Registro de auditoría no encontrado');
  return toAuditEntryDto(row);
}

export async function getAuditFacets({ deps, ctx }: { deps: Pick<Deps, 'db'>; ctx: Ctx }): Promise<AuditFacets> {
  return auditFacets(deps.db, confinedTenant(ctx));
}
