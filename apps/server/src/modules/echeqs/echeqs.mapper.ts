import { type ActionType, actionsFor, buenosAiresDateOf, decimalToNumber, type Echeq } from '@echeq/contract';
import type { Ctx } from '../../platform/auth/actor';
import type { Queryable } from '../../platform/db/db';
import { toIso, toIsoOrNull } from '../../platform/timestamps';
import { bankCodeOf } from '../accounts';
import type { ClearingEcheq } from '../clearing';
import type { EcheqRow } from './echeqs.queries';

/** Row to wire: the allow-list of what leaves the server about a cheque (amount exact, timestamps ISO). */
export function toEcheqDto(row: EcheqRow): Echeq {
  const base = toSpecDto(row);
  if (row.origin !== 'REGISTRY') return base;
  return {
    ...base,
    origin: 'REGISTRY',
    cheque_id: row.cheque_id ?? null,
    state: row.state ?? null,
    syncing: row.syncing ?? false,
    sync_error: row.sync_error ?? null,
    tipo: row.tipo ?? null,
    caracter: row.caracter ?? null,
    concepto: row.concepto ?? null,
    payment_date: row.payment_date ?? null,
    holder_cuit: row.holder_cuit ?? null,
    endorsements: row.endorsements ?? null,
  };
}

function toSpecDto(row: EcheqRow): Echeq {
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

/** The caller's actions on a registry copy (LIFECYCLE §8): its company by CUIT, or the bank the cheque is drawn on. */
export async function actionsOn(q: Queryable, ctx: Ctx, row: EcheqRow, now: Date): Promise<ActionType[]> {
  if (!row.registry) return [];
  const cheque = { ...row.registry, syncing: row.syncing ?? false };
  const today = buenosAiresDateOf(now);
  if (ctx.actor.companyId) return actionsFor(cheque, { cuit: row.company_cuit ?? '' }, today);
  const role = ctx.actor.role;
  if ((role === 'BANK_OPERATOR' || role === 'BANK_ADMIN') && ctx.actor.tenantId) {
    const code = await bankCodeOf(q, ctx.actor.tenantId);
    if (code && code === row.registry.issuer.bank_code) return actionsFor(cheque, { payingBank: true }, today);
  }
  return [];
}
