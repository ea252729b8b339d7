import {
  actionsFor,
  buenosAiresDateOf,
  type Caller,
  type ChequeCaracter,
  type ChequeConcepto,
  type ChequeTipo,
  type Echeq,
  type RegistryCheque,
} from '@echeq/contract';
import type { Ctx } from '../../platform/auth/actor';
import type { Queryable } from '../../platform/db/db';
import { type JsonFields, jsonObject } from '../../platform/db/json-page';
import { keyText } from '../../platform/db/keyset';
import { notFound } from '../../platform/http/app-error';
import { bankCodeOf } from '../accounts';
import { ACTION_FACTS, type EcheqRow, SPEC_FIELDS, toEcheqDto } from '../echeqs';

/** A bank's copy of a cheque with what the lifecycle adds to the specification's row. */
export type CopyView = EcheqRow & {
  origin: 'MANUAL' | 'REGISTRY';
  cheque_id: string | null;
  state: string | null;
  syncing: boolean;
  sync_error: string | null;
  registry: RegistryCheque | null;
  tipo: ChequeTipo | null;
  caracter: ChequeCaracter | null;
  concepto: ChequeConcepto | null;
  payment_date: string | null;
  holder_cuit: string | null;
  endorsements: number | null;
  company_cuit: string;
};

/** Every copy's columns, over `e` joined to its company `co` (`key_at`: created_at as a cursor's exact text). */
export const COPY_SELECT = `select e.id, e.tenant_id, e.company_id, e.number, e.amount, e.currency, e.issue_date, e.due_date,
  e.issuer, e.issuer_cuit, e.beneficiary, e.beneficiary_cuit, e.status, e.validation_status, e.validation_message,
  e.validated_at, e.created_at, e.updated_at, e.version, co.name as company_name, e.custody_status, e.discounted_at,
  ${keyText('e.created_at')} as key_at, e.origin, e.cheque_id, e.state, e.syncing, e.sync_error, e.registry, e.tipo, e.caracter, e.concepto,
  e.payment_date, btrim(e.holder_cuit) as holder_cuit, e.endorsements, btrim(co.cuit) as company_cuit
  from echeqs e join companies co on co.id = e.company_id`;

/**
 * The caller's copy of a cheque by the platform's id: a company's own row, or a row of the bank's (the tenant's) for
 * bank roles; null when the caller does not see it.
 */
export async function findCopy(q: Queryable, ctx: Ctx, id: string): Promise<CopyView | null> {
  const a = ctx.actor;
  const params: unknown[] = [id];
  let where = 'e.id = $1 and e.deleted_at is null';
  if (a.role !== 'SYSTEM_ADMIN') {
    params.push(a.tenantId);
    where += ` and e.tenant_id = $${params.length}`;
    if (a.companyId) {
      params.push(a.companyId);
      where += ` and e.company_id = $${params.length}`;
    }
  }
  const r = await q.query<CopyView>(`${COPY_SELECT} where ${where}`, params);
  return r.rows[0] ?? null;
}

/** The company's copy of a registry cheque, by the registry's id (after the inbox applied it). */
export async function findCompanyCopy(q: Queryable, companyId: string, chequeId: string): Promise<CopyView | null> {
  const r = await q.query<CopyView>(`${COPY_SELECT} where e.company_id = $1 and e.cheque_id = $2`, [
    companyId,
    chequeId,
  ]);
  return r.rows[0] ?? null;
}

/** Who the caller is on a cheque: its company by CUIT, or the paying bank for the bank the cheque is drawn on. */
export async function callerOn(q: Queryable, ctx: Ctx, row: CopyView): Promise<Caller> {
  if (ctx.actor.companyId) return { cuit: row.company_cuit };
  const role = ctx.actor.role;
  if ((role === 'BANK_OPERATOR' || role === 'BANK_ADMIN') && row.registry && ctx.actor.tenantId) {
    const code = await bankCodeOf(q, ctx.actor.tenantId);
    if (code && row.registry.issuer.bank_code === code) return { payingBank: true };
  }
  return {};
}

/**
 * The cheque as every lifecycle answer carries it (LIFECYCLE §8), with the caller's actions today. A page passes
 * `today` once for all its rows (the date in Buenos Aires costs a time-zone conversion).
 */
export function toCopyDto(row: CopyView, caller: Caller, now: Date, today = buenosAiresDateOf(now)): Echeq {
  const registry = row.registry;
  const lifecycle = registry ? { ...registry, syncing: row.syncing } : null;
  return {
    ...toEcheqDto(row),
    origin: row.origin,
    cheque_id: row.cheque_id,
    state: row.state,
    syncing: row.syncing,
    sync_error: row.sync_error,
    tipo: row.tipo,
    caracter: row.caracter,
    concepto: row.concepto,
    payment_date: row.payment_date,
    holder_cuit: row.holder_cuit,
    endorsements: row.endorsements,
    actions: lifecycle ? actionsFor(lifecycle, caller, today) : [],
  };
}

/**
 * A copy as toCopyDto answers it, key for key and byte for byte, written by the database as JSON over `e` joined to
 * `co` (decision 013): what a page of the trays or the paying bank's queue sends as it comes. Its `actions` are the
 * state machine's facts (ACTION_FACTS) until actionsInPage puts the caller's actions in their place, so they are
 * still the contract's actionsFor, worked out in the server. The amount is written as a JSON number is (`1500`,
 * `1500.5`: trim_scale), not as numeric's text (`1500.00`), as JSON.stringify of decimalToNumber wrote it; the
 * registry's document is read only for a pending endorsement and the drawee bank (ACTION_FACTS).
 */
export const COPY_FIELDS = {
  ...SPEC_FIELDS,
  // The amount as `toEcheqDto` writes it (1500, 1500.5), and the currency as its schema reads it.
  amount: ['number', 'trim_scale(e.amount)'],
  currency: ['code', `case when btrim(e.currency) = 'USD' then 'USD' else 'ARS' end`],
  origin: ['code', 'e.origin'],
  cheque_id: ['code', 'e.cheque_id'],
  state: ['code', 'e.state'],
  syncing: ['json', `case when e.syncing then 'true' else 'false' end`],
  sync_error: ['text', 'e.sync_error'],
  tipo: ['code', 'e.tipo'],
  caracter: ['code', 'e.caracter'],
  concepto: ['code', 'e.concepto'],
  payment_date: ['date', 'e.payment_date'],
  holder_cuit: ['code', 'btrim(e.holder_cuit)'],
  endorsements: ['number', 'e.endorsements'],
  actions: ['json', `case when e.registry is null then '[]' else ${ACTION_FACTS} end`],
} as const satisfies JsonFields;

/** The copy's JSON (COPY_FIELDS), its actions still to be put in by actionsInPage. */
export const COPY_DOC = jsonObject(COPY_FIELDS);

export const chequeNotFound = () => notFound('ECHEQ no encontrado');
