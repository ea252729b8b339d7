import type { CoelsaStatus } from '@echeq/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  coelsaStatus: () => [...dashboardKeys.all, 'coelsa-status'] as const,
};

/** `GET /integration/coelsa/status`: the link with the clearing house as the dashboard's card shows it. */
export const coelsaStatusQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.coelsaStatus(),
    queryFn: ({ signal }) => api.get<CoelsaStatus>('/integration/coelsa/status', { signal }),
    staleTime: 0,
    refetchInterval: 60_000,
  });
