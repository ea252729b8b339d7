import { useQueries } from '@tanstack/react-query';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingState } from '../../components/loading-state';
import { PageHeader } from '../../components/page-header';
import { useAuth } from '../../features/auth/auth-context';
import { coelsaStatusQuery } from '../../features/clearing/api';
import { ClearingConfigAlert } from '../../features/clearing/clearing-config-alert';
import { connectionLabel } from '../../features/clearing/clearing-state';
import { DashboardView } from '../../features/dashboard/dashboard-view';
import { custodyReportQuery, performanceReportQuery } from '../../features/reports/api';

/**
 * 'Dashboard': the clearing configuration alert, four cards, custody details and performance. The three data sets
 * load in parallel; if any fails the whole dashboard is replaced by one error alert.
 */
export function DashboardPage() {
  const { user } = useAuth();
  const [custody, performance, coelsa] = useQueries({
    queries: [custodyReportQuery(), performanceReportQuery(), coelsaStatusQuery()],
  });
  const all = [custody, performance, coelsa];

  if (all.some((q) => q.isError)) {
    return (
      <ErrorAlert
        message="Error al cargar los datos del dashboard"
        onRetry={() => {
          for (const q of all) void q.refetch();
        }}
      />
    );
  }
  if (!user || !custody.data || !performance.data || !coelsa.data) return <LoadingState />;

  return (
    <>
      <PageHeader title="Dashboard" subtitle={user.company_name || user.email} />
      <ClearingConfigAlert />
      <DashboardView
        data={{
          custody: custody.data,
          performance: performance.data,
          coelsa: { ...coelsa.data, ...connectionLabel(coelsa.data.status, coelsa.data.connected) },
        }}
        user={user}
      />
    </>
  );
}
