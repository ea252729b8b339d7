import type { CustodyStatus, DiscountStatus } from '@echeq/contract';

/** One colour per status, shared by the tables' dots and the charts (theme tones, readable on white). */
export const CUSTODY_COLORS: Record<CustodyStatus, string> = {
  IN_CUSTODY: '#0b3a75',
  RELEASED: '#1b6e3a',
  EXPIRED: '#a35a00',
  CANCELLED: '#8a94a6',
};

export const DISCOUNT_COLORS: Record<DiscountStatus, string> = {
  PENDING: '#a35a00',
  APPROVED: '#0a5d8f',
  REJECTED: '#b3261e',
  CANCELLED: '#8a94a6',
  COMPLETED: '#1b6e3a',
};

const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];

/** '2026-03' → 'mar 2026'. */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-');
  return `${MONTHS[Number(m) - 1] ?? m} ${y}`;
}
