import { type Discount, decimalToNumber, ppmToRate, rateToPpm } from '@echeq/contract';
import { toIso, toIsoOrNull } from '../../platform/timestamps';
import type { DiscountDtoRow, DiscountRow } from './discounts.queries';

/** Row to wire: numeric strings to exact JSON numbers, timestamps to ISO; the rate keeps its six decimals. */
export function toDiscountDto(row: DiscountDtoRow): Discount {
  return {
    id: row.id,
    echeq_id: row.echeq_id,
    echeq:
      row.e_id && row.e_amount !== null
        ? {
            id: row.e_id,
            number: row.e_number ?? '',
            amount: decimalToNumber(row.e_amount),
            currency: (row.e_currency ?? 'ARS').trim(),
            due_date: row.e_due_date ?? '',
            issuer: row.e_issuer ?? '',
            beneficiary: row.e_beneficiary ?? '',
          }
        : null,
    requested_amount: decimalToNumber(row.requested_amount),
    approved_amount: row.approved_amount === null ? null : decimalToNumber(row.approved_amount),
    rate: row.rate === null ? null : ppmToRate(rateToPpm(row.rate)),
    days: row.days,
    status: row.status,
    requested_at: toIso(row.requested_at),
    approved_at: toIsoOrNull(row.approved_at),
    rejected_at: toIsoOrNull(row.rejected_at),
    cancelled_at: toIsoOrNull(row.cancelled_at),
    completed_at: toIsoOrNull(row.completed_at),
    notes: row.notes,
    rejection_reason: row.rejection_reason,
    company_name: row.company_name,
    tenant_id: row.tenant_id,
    version: row.version,
  };
}

/** What the audit trail and the clearing house hear about a discount. */
export function discountSnapshot(row: DiscountRow) {
  return {
    status: row.status,
    echeq_id: row.echeq_id,
    echeq_number: row.e_number,
    requested_amount: row.requested_amount,
    approved_amount: row.approved_amount,
    rate: row.rate,
    days: row.days,
    notes: row.notes,
    rejection_reason: row.rejection_reason,
    version: row.version,
  };
}
