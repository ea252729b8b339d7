import { useQueries } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingState } from '../../components/loading-state';
import { PageHeader } from '../../components/page-header';
import { useAuth } from '../../features/auth/auth-context';
import { coelsaConfigCheckQuery } from '../../features/clearing/api';
import { ClearingConfigAlert } from '../../features/clearing/clearing-config-alert';
import { connectionLabel } from '../../features/clearing/clearing-state';
import { type DashboardData, DashboardView } from '../../features/dashboard/dashboard-view';
import { PendingStrip } from '../../features/dashboard/pending-strip';
import { dashboardQueries, dashboardShown } from '../dashboard-data';

/**
 * 'Dashboard': the clearing configuration alert, what awaits the user (PendingStrip), four cards, custody details and performance. The three data sets
 * load in parallel; if any fails the whole dashboard is replaced by one error alert. The page appears whole, once
 * the data sets and the alert's configuration check have answered, so nothing moves after it is drawn; a check that
 * takes longer than ALERT_WAIT_MS does not hold the page: it appears with the alert's "verifying" state.
 */
const ALERT_WAIT_MS = 1_500;

export function DashboardPage() {
  const { user } = useAuth();
  const [custody, performance, coelsa, configCheck] = useQueries({
    queries: [...dashboardQueries(), coelsaConfigCheckQuery()],
  });
  const all = [custody, performance, coelsa];
  useEffect(dashboardShown, []);
  const [alertWaited, setAlertWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setAlertWaited(true), ALERT_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);

  const data = useMemo<DashboardData | null>(
    () =>
      custody.data && performance.data && coelsa.data
        ? {
            custody: custody.data,
            performance: performance.data,
            coelsa: { ...coelsa.data, ...connectionLabel(coelsa.data.status, coelsa.data.connected) },
          }
        : null,
    [custody.data, performance.data, coelsa.data],
  );
  // The first drawing of the cards is rendered in the background, in small steps, so input is never held up by it.
  const shown = useDeferredValue(configCheck.isPending && !alertWaited ? null : data);

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
  if (!user || !shown) return <LoadingState />;

  return (
    <>
      <PageHeader title="Dashboard" subtitle={user.company_name || user.email} />
      <ClearingConfigAlert />
      <PendingStrip />
      <DashboardView data={shown} user={user} />
    </>
  );
}
