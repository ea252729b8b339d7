import type {
  CustodyReport,
  DiscountReport,
  ExportFormat,
  PerformanceReport,
  ReportKind,
  ReportRange,
} from '@echeq/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';
import { cleanRange, queryKeys as keys } from '../../lib/query-keys';

/**
 * Reports are figures that move with the book: always asked again when a screen shows them (staleTime 0), and a
 * new range keeps the previous figures on screen until the new ones arrive.
 */
export const custodyReportQuery = (range: ReportRange = {}) =>
  queryOptions({
    queryKey: keys.reports.custody(range),
    queryFn: ({ signal }) => api.get<CustodyReport>('/reports/custody', { query: cleanRange(range), signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const discountReportQuery = (range: ReportRange = {}) =>
  queryOptions({
    queryKey: keys.reports.discounts(range),
    queryFn: ({ signal }) => api.get<DiscountReport>('/reports/discounts', { query: cleanRange(range), signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

/** Measured over the last 24 h; refreshed every minute while shown. */
export const performanceReportQuery = () =>
  queryOptions({
    queryKey: keys.reports.performance(),
    queryFn: ({ signal }) => api.get<PerformanceReport>('/reports/performance', { signal }),
    staleTime: 0,
    refetchInterval: 60_000,
  });

/** Downloads an export with the session's token and saves it under the server's file name. */
export async function downloadReport(kind: ReportKind, format: ExportFormat, range: ReportRange = {}): Promise<string> {
  const query = kind === 'performance' ? {} : cleanRange(range);
  return downloadFile(`/reports/${kind}.${format}`, `reporte-${kind}.${format}`, query);
}
