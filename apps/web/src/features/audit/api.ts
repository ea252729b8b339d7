import type { AuditEntry, AuditFacets } from '@echeq/contract';
import { queryOptions } from '@tanstack/react-query';
import { type PageParams, pagedQuery } from '../../components/paged-query';
import { api } from '../../lib/api-client';

export type AuditListParams = PageParams & {
  entity?: string;
  action?: string;
  actor_id?: string;
  from?: string;
  to?: string;
};

const auditKeys = {
  all: ['audit'] as const,
  list: (p: AuditListParams) => [...auditKeys.all, 'list', p] as const,
  facets: () => [...auditKeys.all, 'facets'] as const,
};

/** GET /audit: paged and filtered on the server, newest first. */
export const auditQuery = (p: AuditListParams) =>
  pagedQuery<AuditEntry, AuditListParams>(auditKeys.list(p), '/audit', p);

/** GET /audit/facets: entities, actions and actors present in what the caller may read. */
export const auditFacetsQuery = () =>
  queryOptions({
    queryKey: auditKeys.facets(),
    queryFn: ({ signal }) => api.get<AuditFacets>('/audit/facets', { signal }),
    staleTime: 60_000,
  });
