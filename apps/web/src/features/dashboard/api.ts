import type { DashboardPending } from '@echeq/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys as keys } from '../../lib/query-keys';

/** What awaits the user (GET /dashboard/pending): bounded counts, asked again each time the dashboard is shown. */
export const dashboardPendingQuery = () =>
  queryOptions({
    queryKey: keys.reports.pending(),
    queryFn: ({ signal }) => api.get<DashboardPending>('/dashboard/pending', { signal }),
    staleTime: 0,
  });
