import { centsToDecimal, discountedCents, rateToPpm, toCents } from '@echeq/contract';
import { daysBetween } from '../../platform/clock';

export type DiscountPrice = {
  /** Calendar days from the approval date to the due date. */
  days: number;
  /** The annual nominal rate applied, as stored (numeric(8,6) text, e.g. "0.450000"). */
  rate: string;
  /** approved_amount as a decimal string with two decimals. */
  approvedAmount: string;
  approvedCents: bigint;
};

export type PriceRefusal = 'DUE' | 'NOTHING_LEFT';

/**
 * approved = requested × (1 − rate × days / 365), rounded half-up to cents, in integers only (CONTRACT §5).
 * `approvalDate` and `dueDate` are calendar dates (YYYY-MM-DD); the approval date is Buenos Aires's today.
 * A cheque due today or earlier cannot be discounted ('DUE'); a rate and term that leave nothing ('NOTHING_LEFT')
 * neither.
 */
export function priceDiscount(input: {
  requestedAmount: string | number;
  annualRate: string | number;
  approvalDate: string;
  dueDate: string;
}): { ok: true; price: DiscountPrice } | { ok: false; reason: PriceRefusal } {
  const days = daysBetween(input.approvalDate, input.dueDate);
  if (days <= 0) return { ok: false, reason: 'DUE' };
  const ppm = rateToPpm(input.annualRate);
  const approvedCents = discountedCents(toCents(input.requestedAmount), ppm, days);
  if (approvedCents <= 0n) return { ok: false, reason: 'NOTHING_LEFT' };
  return {
    ok: true,
    price: { days, rate: ppmToDecimal(ppm), approvedAmount: centsToDecimal(approvedCents), approvedCents },
  };
}

/** Parts per million to the column's text form with six decimals (450000n → "0.450000"). */
function ppmToDecimal(ppm: bigint): string {
  return `${ppm / 1_000_000n}.${(ppm % 1_000_000n).toString().padStart(6, '0')}`;
}
