import type { AuditEntry, AuditFacets, Page } from '@echeq/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export type AuditListParams = {
  page: number;
  limit: number;
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
  queryOptions({
    queryKey: auditKeys.list(p),
    queryFn: ({ signal }) =>
      api.get<Page<AuditEntry>>('/audit', {
        query: {
          page: p.page,
          limit: p.limit,
          entity: p.entity || undefined,
          action: p.action?.trim() || undefined,
          actor_id: p.actor_id || undefined,
          from: p.from || undefined,
          to: p.to || undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

/** GET /audit/facets: entities, actions and actors present in what the caller may read. */
export const auditFacetsQuery = () =>
  queryOptions({
    queryKey: auditKeys.facets(),
    queryFn: ({ signal }) => api.get<AuditFacets>('/audit/facets', { signal }),
    staleTime: 60_000,
  });
