import {
  DISCOUNT_STATUS_LABELS,
  type Discount,
  type DiscountStatus,
  discountStatusSchema,
  divRoundHalfUp,
  toCents,
} from '@echeq/contract';
import { statusMap } from '../../components/status-chip';
import { formatPercent, formatRate } from '../../lib/format';

export const DISCOUNT_STATUSES: readonly DiscountStatus[] = discountStatusSchema.options;

export const DISCOUNT_STATUS_MAP = statusMap<DiscountStatus>(DISCOUNT_STATUS_LABELS, {
  PENDING: 'warning',
  APPROVED: 'info',
  REJECTED: 'error',
  CANCELLED: 'default',
  COMPLETED: 'success',
});

/** The specification's error messages for this screen (§8). */
export const DISCOUNT_ERRORS = {
  load: 'Error al cargar los datos',
  approve: 'Error al aprobar el descuento',
  reject: 'Error al rechazar el descuento',
  cancel: 'Error al cancelar el descuento',
  complete: 'Error al completar el descuento',
  save: 'Error al guardar el descuento',
} as const;

/** A discount id as shown in lists: its first 8 characters and an ellipsis. */
export function shortId(id: string): string {
  return `${id.slice(0, 8)}...`;
}

/** What the list's 'Tasa' is, said where the list is read (its header's tooltip and the caption under it). */
export const RATE_MEANING = 'monto aprobado ÷ monto solicitado';
export const RATE_CAPTION_ID = 'discount-rate-caption';

/**
 * The list's 'Tasa': approved amount divided by requested amount, as a percentage with 2 decimals (specification
 * §9), computed on integer cents (half-up), '-' while not approved.
 */
export function listRate(d: Pick<Discount, 'approved_amount' | 'requested_amount'>): string {
  if (d.approved_amount === null || d.requested_amount <= 0) return '-';
  const hundredths = divRoundHalfUp(toCents(d.approved_amount) * 10_000n, toCents(d.requested_amount));
  return formatPercent(Number(hundredths) / 100, 2);
}

/** The details' applied rate: the annual rate (a fraction) × 100 with 2 decimals, '-' when none was applied. */
export function appliedRate(rate: number | null): string {
  return rate === null ? '-' : formatRate(rate, 2);
}

/** Amounts are typed as in the cheque forms ('1.234,56', '1234.56'). */
export { parseAmount } from '../../components/cheque-form';
