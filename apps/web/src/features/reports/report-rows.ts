import {
  CUSTODY_REPORT_LABELS,
  type CustodyReport,
  type CustodyStatus,
  DISCOUNT_REPORT_LABELS,
  type DiscountReport,
  type DiscountStatus,
} from '@echeq/contract';
import { CUSTODY_COLORS, DISCOUNT_COLORS } from './status-colors';
import type { StatusRow } from './status-table';

const CUSTODY_ORDER: CustodyStatus[] = ['IN_CUSTODY', 'RELEASED', 'EXPIRED', 'CANCELLED'];
/** The screen's order (Pendientes, Aprobados, Rechazados, Completados), then the cancelled ones. */
const DISCOUNT_ORDER: DiscountStatus[] = ['PENDING', 'APPROVED', 'REJECTED', 'COMPLETED', 'CANCELLED'];

export function custodyRows(report: CustodyReport): StatusRow[] {
  return CUSTODY_ORDER.map((status) => {
    const c = report.statusCounts.find((s) => s.status === status);
    return {
      status,
      label: CUSTODY_REPORT_LABELS[status],
      count: c?.count ?? 0,
      amount: c?.amount ?? 0,
      color: CUSTODY_COLORS[status],
    };
  });
}

export function discountRows(report: DiscountReport): StatusRow[] {
  return DISCOUNT_ORDER.map((status) => {
    const c = report.statusCounts.find((s) => s.status === status);
    return {
      status,
      label: DISCOUNT_REPORT_LABELS[status],
      count: c?.count ?? 0,
      amount: c?.amount ?? 0,
      color: DISCOUNT_COLORS[status],
    };
  });
}
