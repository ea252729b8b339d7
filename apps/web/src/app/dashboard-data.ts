import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { coelsaConfigCheckQuery, coelsaStatusQuery } from '../features/clearing/api';
import { custodyReportQuery, performanceReportQuery } from '../features/reports/api';

// Set when the app asks for the dashboard's data while starting; cleared once the dashboard has been shown.
let startedAt: number | null = null;

/**
 * The dashboard's figures are asked again every time it is shown (staleTime 0), except the first time right after
 * the app asked for them while starting (`prefetchDashboard`): those answers are that showing's own.
 */
function refetchOnMount(query: { state: { dataUpdatedAt: number } }): boolean {
  return startedAt === null || query.state.dataUpdatedAt < startedAt;
}

/** The three data sets of the dashboard: custody report, performance report and the COELSA link. */
export function dashboardQueries() {
  return [
    queryOptions({ ...custodyReportQuery(), refetchOnMount }),
    queryOptions({ ...performanceReportQuery(), refetchOnMount }),
    queryOptions({ ...coelsaStatusQuery(), refetchOnMount }),
  ] as const;
}

/** Called by the dashboard once shown: from then on each showing asks again. */
export function dashboardShown(): void {
  startedAt = null;
}

/**
 * Asks for everything the dashboard shows (its data sets and the clearing configuration check of its alert) while
 * the app's code is still arriving. Resolves when all have answered (never rejects: a failure is the page's to show).
 */
export function prefetchDashboard(queryClient: QueryClient): Promise<void> {
  startedAt = Date.now();
  const [custody, performance, coelsa] = dashboardQueries();
  return Promise.all([
    queryClient.prefetchQuery(custody),
    queryClient.prefetchQuery(performance),
    queryClient.prefetchQuery(coelsa),
    queryClient.prefetchQuery(coelsaConfigCheckQuery()),
  ]).then(() => undefined);
}
