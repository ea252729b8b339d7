import {
  type ActionType,
  actionsFor,
  buenosAiresDateOf,
  type Caller,
  type ChequeState,
  type Endorsement,
  type LifecycleCheque,
} from '@echeq/contract';
import type { Ctx } from '../../platform/auth/actor';
import type { Queryable } from '../../platform/db/db';
import { bankCodeOf } from '../accounts';

/** The mark around a registry cheque's facts in a list page's JSON (see ACTION_FACTS in echeqs.list.ts). */
const MARK = '\u0001';

type Link = Pick<Endorsement, 'from_cuit' | 'to_cuit' | 'status'>;
/** An endorsement that took effect: the state machine only counts them (the limit of 100). */
const ACCEPTED: Link = { from_cuit: '', to_cuit: '', status: 'ACCEPTED' };

/** A registry cheque as the state machine reads it, from its facts, and the CUIT of the company whose copy it is. */
function chequeOf(facts: string): { cheque: LifecycleCheque; drawnOn: string; companyCuit: string } {
  const [state, syncing, caracter, paymentDate, holder, issuer, beneficiary, accepted, from, to, drawnOn, company] =
    facts.split('|');
  const endorsements: Link[] = Array.from({ length: Number(accepted) || 0 }, () => ACCEPTED);
  if (from && to) endorsements.push({ from_cuit: from, to_cuit: to, status: 'PENDING' });
  return {
    cheque: {
      state: state as ChequeState,
      syncing: syncing === 't',
      caracter: caracter === 'NO_A_LA_ORDEN' ? 'NO_A_LA_ORDEN' : 'A_LA_ORDEN',
      payment_date: paymentDate ?? '',
      holder_cuit: holder || null,
      issuer: { cuit: issuer ?? '' },
      beneficiary: { cuit: beneficiary ?? '' },
      endorsements,
    },
    drawnOn: drawnOn ?? '',
    companyCuit: company ?? '',
  };
}

/** The caller's bank code when it may pay or reject (a bank operator or administrator), else null. */
async function payingBankCode(q: Queryable, ctx: Ctx): Promise<string | null> {
  const { role, tenantId } = ctx.actor;
  if ((role !== 'BANK_OPERATOR' && role !== 'BANK_ADMIN') || !tenantId) return null;
  return bankCodeOf(q, tenantId);
}

/**
 * A list page's JSON with each registry cheque's facts replaced by the caller's `actions` today, the same the
 * cheque's detail and the trays answer (actionsFor): a company's by its CUIT on the cheque, the bank's it is drawn
 * on as the paying bank, none for anyone else. One pass over the page's text; a page with no registry cheque is
 * returned as it is.
 */
export async function withListActions(q: Queryable, ctx: Ctx, entries: string, now: Date): Promise<string> {
  if (!entries.includes(MARK)) return entries;
  const parts = entries.split(MARK);
  const today = buenosAiresDateOf(now);
  const company = Boolean(ctx.actor.companyId);
  const bankCode = company ? null : await payingBankCode(q, ctx);
  for (let i = 1; i < parts.length; i += 2) {
    const { cheque, drawnOn, companyCuit } = chequeOf(parts[i] ?? '');
    const caller: Caller = company ? { cuit: companyCuit } : { payingBank: bankCode !== null && drawnOn === bankCode };
    const actions: ActionType[] = actionsFor(cheque, caller, today);
    parts[i] = JSON.stringify(actions);
  }
  return parts.join('');
}
