import type { AuditEntry, AuditFacets, ListAuditQuery } from '@echeq/contract';
import { queryOptions } from '@tanstack/react-query';
import { pagedQuery } from '../../components/paged-query';
import { api } from '../../lib/api-client';
import { queryKeys as keys } from '../../lib/query-keys';

/** GET /audit: paged and filtered on the server, newest first. */
export const auditQuery = (q: ListAuditQuery) =>
  pagedQuery<AuditEntry, ListAuditQuery>(keys.audit.list(q), '/audit', q);

/** GET /audit/:id: one record, for a link that names it (its list page need not be the one on screen). */
export const auditEntryQuery = (id: string) =>
  queryOptions({
    queryKey: keys.audit.one(id),
    queryFn: ({ signal }) => api.get<AuditEntry>(`/audit/${id}`, { signal }),
  });

/** GET /audit/facets: entities, actions and actors present in what the caller may read. */
export const auditFacetsQuery = () =>
  queryOptions({
    queryKey: keys.audit.facets(),
    queryFn: ({ signal }) => api.get<AuditFacets>('/audit/facets', { signal }),
    staleTime: 60_000,
  });
