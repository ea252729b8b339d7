import { hasPerformanceDetail, type ReportRange } from '@echeq/contract';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import PercentOutlined from '@mui/icons-material/PercentOutlined';
import SpeedOutlined from '@mui/icons-material/SpeedOutlined';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useQueries } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingState } from '../../components/loading-state';
import { Money } from '../../components/money';
import { StatCard } from '../../components/stat-card';
import { formatAmount, formatCount, formatNumber, formatPercent } from '../../lib/format';
import { custodyReportQuery, discountReportQuery, performanceReportQuery } from './api';
import { DateRangeFilter } from './date-range-filter';
import { ExportButtons } from './export-buttons';
import { formatMs, PerformanceBlock } from './performance-block';
import { custodyRows, discountRows } from './report-rows';
import { StatusTable } from './status-table';

// The charts chunk (MUI X Charts) is downloaded only here, after the figures are on screen.
const StatusDonut = lazy(() => import('./report-charts').then((m) => ({ default: m.StatusDonut })));
const MonthlyVolumeChart = lazy(() => import('./report-charts').then((m) => ({ default: m.MonthlyVolumeChart })));
const HourlyTrendChart = lazy(() => import('./report-charts').then((m) => ({ default: m.HourlyTrendChart })));

const chartFallback = (height: number) => <Skeleton variant="rounded" height={height} aria-hidden />;

function Row({ children, columns }: { children: ReactNode; columns: Record<string, string> }) {
  return <Box sx={{ display: 'grid', gap: 2, mb: 2, gridTemplateColumns: columns }}>{children}</Box>;
}

/** 'Reportes y Analytics': the three reports loaded together, with a date range, charts and exports. */
export function ReportsView() {
  // The filter hands over only whole, possible ranges.
  const [applied, setApplied] = useState<ReportRange>({});

  const [custodyQ, discountsQ, performanceQ] = useQueries({
    queries: [custodyReportQuery(applied), discountReportQuery(applied), performanceReportQuery()],
  });
  const all = [custodyQ, discountsQ, performanceQ];

  if (all.some((q) => q.isError)) {
    return (
      <ErrorAlert
        message="Error al cargar los reportes"
        onRetry={() => {
          for (const q of all) void q.refetch();
        }}
      />
    );
  }
  const custody = custodyQ.data;
  const discounts = discountsQ.data;
  const performance = performanceQ.data;
  if (!custody || !discounts || !performance) return <LoadingState label="Cargando reportes..." />;

  // The Reportes screen is for roles that read reports: the platform's or their bank's figures, with the breakdown.
  const detail = hasPerformanceDetail(performance) ? performance : null;
  const cRows = custodyRows(custody);
  const dRows = discountRows(discounts);
  const refreshing = custodyQ.isPlaceholderData || discountsQ.isPlaceholderData;

  return (
    <Box aria-busy={refreshing} sx={{ opacity: refreshing ? 0.7 : 1, transition: 'opacity 150ms' }}>
      <DateRangeFilter value={applied} onChange={setApplied} />

      <Row columns={{ xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' }}>
        <StatCard
          title="Total en Custodia"
          icon={<Inventory2Outlined />}
          value={formatCount(custody.total, 'ECHEQ', 'ECHEQs')}
          caption={
            <>
              <Money amount={custody.totalAmount} />
              {custody.otherCurrencies.map((c) => (
                <Box key={c.currency}>
                  + {formatAmount(c.amount, c.currency)} ({formatNumber(c.count)})
                </Box>
              ))}
            </>
          }
        />
        <StatCard
          title="Descuentos"
          icon={<PercentOutlined />}
          tone="secondary"
          value={formatNumber(discounts.total)}
          caption={
            <>
              Solicitado: <Money amount={discounts.totalAmount} />
            </>
          }
        />
        <StatCard
          title="Rendimiento"
          icon={<SpeedOutlined />}
          tone="success"
          value={formatPercent(performance.availability)}
          caption={`Disponibilidad · ${formatMs(performance.responseTime)} de respuesta`}
        />
        <StatCard
          title="Tasa de Error (24h)"
          icon={<ErrorOutline />}
          tone={performance.errorRate > 1 ? 'error' : 'info'}
          value={formatPercent(performance.errorRate)}
          caption={
            detail
              ? `${formatCount(detail.serverErrors, 'error', 'errores')} en ${formatCount(detail.requests, 'solicitud', 'solicitudes')}`
              : 'Respuestas 5xx'
          }
        />
      </Row>

      <Row columns={{ xs: '1fr', md: 'minmax(0, 7fr) minmax(0, 5fr)' }}>
        <StatusTable
          title="Custodia por Estado"
          rows={cRows}
          action={<ExportButtons kind="custody" range={applied} />}
        />
        <Suspense fallback={chartFallback(300)}>
          <StatusDonut title="Distribución de custodia" rows={cRows} />
        </Suspense>
      </Row>

      <Row columns={{ xs: '1fr', md: 'minmax(0, 7fr) minmax(0, 5fr)' }}>
        <StatusTable
          title="Descuentos por Estado"
          rows={dRows}
          amountLabel="Solicitado (ARS)"
          action={<ExportButtons kind="discounts" range={applied} />}
        />
        <Suspense fallback={chartFallback(300)}>
          <StatusDonut title="Distribución de descuentos" rows={dRows} />
        </Suspense>
      </Row>

      <Box sx={{ mb: 2 }}>
        <Suspense fallback={chartFallback(380)}>
          <MonthlyVolumeChart custody={custody.series} discounts={discounts.series} />
        </Suspense>
      </Box>

      {detail ? (
        <PerformanceBlock
          report={detail}
          action={<ExportButtons kind="performance" range={{}} />}
          chart={
            <Suspense fallback={chartFallback(220)}>
              <HourlyTrendChart hourly={detail.hourly} />
            </Suspense>
          }
        />
      ) : null}
    </Box>
  );
}
