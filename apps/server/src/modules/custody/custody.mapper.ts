import { type Custody, decimalToNumber } from '@echeq/contract';
import { toIso, toIsoOrNull } from '../../platform/timestamps';
import type { CustodyRow } from './custody.queries';

/** Row to wire: a custody record with the cheque it holds. */
export function toCustodyDto(row: CustodyRow): Custody {
  return {
    id: row.id,
    status: row.status,
    custody_date: toIso(row.custody_date),
    release_date: toIsoOrNull(row.release_date),
    release_reason: row.release_reason,
    notes: row.notes,
    presentation_deadline: row.presentation_deadline,
    echeq_id: row.echeq_id,
    company_name: row.company_name,
    tenant_id: row.tenant_id,
    echeq: {
      id: row.echeq_id,
      number: row.number,
      amount: decimalToNumber(row.amount),
      currency: row.currency.trim(),
      issuer: row.issuer,
      beneficiary: row.beneficiary,
      issue_date: row.issue_date,
      due_date: row.due_date,
      status: row.echeq_status,
      validation_status: row.validation_status,
      discounted_at: toIsoOrNull(row.discounted_at),
    },
    version: row.version,
  };
}
