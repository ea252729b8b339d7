import { decimalToNumber, type Echeq } from '@echeq/contract';
import { toIso, toIsoOrNull } from '../../platform/timestamps';
import type { ClearingEcheq } from '../clearing';
import type { EcheqRow } from './echeqs.queries';

/** Row to wire: the allow-list of what leaves the server about a cheque (amount exact, timestamps ISO). */
export function toEcheqDto(row: EcheqRow): Echeq {
  return {
    id: row.id,
    number: row.number,
    amount: decimalToNumber(row.amount),
    currency: row.currency.trim() === 'USD' ? 'USD' : 'ARS',
    issue_date: row.issue_date,
    due_date: row.due_date,
    issuer: row.issuer,
    issuer_cuit: row.issuer_cuit,
    beneficiary: row.beneficiary,
    beneficiary_cuit: row.beneficiary_cuit,
    status: row.status,
    validation_status: row.validation_status,
    validation_message: row.validation_message,
    validated_at: toIsoOrNull(row.validated_at),
    customer_id: row.company_id,
    company_name: row.company_name,
    tenant_id: row.tenant_id,
    custody_status: row.custody_status,
    discounted_at: toIsoOrNull(row.discounted_at),
    version: row.version,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

/** Row to the clearing house: the cheque as it validates and registers it (amount as the database's exact text). */
export function toClearingEcheq(row: EcheqRow): ClearingEcheq {
  return {
    id: row.id,
    number: row.number,
    amount: row.amount,
    currency: row.currency.trim(),
    issue_date: row.issue_date,
    due_date: row.due_date,
    issuer: row.issuer,
    issuer_cuit: row.issuer_cuit,
    beneficiary: row.beneficiary,
    beneficiary_cuit: row.beneficiary_cuit,
  };
}
