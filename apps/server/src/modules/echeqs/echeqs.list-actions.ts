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

/** The mark around a registry cheque's facts in a page's JSON (ACTION_FACTS). */
const MARK = '\u0001';

/**
 * What a registry cheque's `actions` are worked out from, written in its place between two U+0001 marks (a character
 * JSON text never holds unescaped) for the server to replace with the caller's actions (actionsInPage): the columns
 * the state machine reads, the pending endorsement's two CUITs (an ACTIVO-PENDIENTE cheque's last endorsement) and the
 * bank a PRESENTADO cheque is drawn on (only those rows read the registry's document), and the row company's CUIT.
 */
export const ACTION_FACTS = `concat(chr(1), e.state, '|', case when e.syncing then 't' else 'f' end, '|', e.caracter, '|',
  to_char(e.payment_date, 'YYYY-MM-DD'), '|', btrim(e.holder_cuit), '|', btrim(e.issuer_cuit), '|',
  btrim(e.beneficiary_cuit), '|', e.endorsements, '|',
  case when e.state = 'ACTIVO-PENDIENTE' and e.registry -> 'endorsements' -> -1 ->> 'status' = 'PENDING'
    then concat(e.registry -> 'endorsements' -> -1 ->> 'from_cuit', '|', e.registry -> 'endorsements' -> -1 ->> 'to_cuit')
    else '|' end, '|',
  case when e.state = 'PRESENTADO' then e.registry -> 'issuer' ->> 'bank_code' end, '|', btrim(co.cuit), chr(1))`;

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
 * A page's JSON with each registry cheque's facts replaced by its `actions` today for the caller `callerOf` names
 * from the facts (the bank it is drawn on when PRESENTADO, the CUIT of the company whose copy it is): the contract's
 * actionsFor, the same the cheque's detail answers. One pass over the page's text; a page with no facts is returned
 * as it is.
 */
export function actionsInPage(
  entries: string,
  today: string,
  callerOf: (row: { drawnOn: string; companyCuit: string }) => Caller,
): string {
  if (!entries.includes(MARK)) return entries;
  const parts = entries.split(MARK);
  for (let i = 1; i < parts.length; i += 2) {
    const { cheque, drawnOn, companyCuit } = chequeOf(parts[i] ?? '');
    const actions: ActionType[] = actionsFor(cheque, callerOf({ drawnOn, companyCuit }), today);
    parts[i] = JSON.stringify(actions);
  }
  return parts.join('');
}

/**
 * A list page's JSON with each registry cheque's facts replaced by the caller's `actions` today, the same the
 * cheque's detail and the trays answer (actionsFor): a company's by its CUIT on the cheque, the bank's it is drawn
 * on as the paying bank, none for anyone else.
 */
export async function withListActions(q: Queryable, ctx: Ctx, entries: string, now: Date): Promise<string> {
  if (!entries.includes(MARK)) return entries;
  const today = buenosAiresDateOf(now);
  if (ctx.actor.companyId) return actionsInPage(entries, today, ({ companyCuit }) => ({ cuit: companyCuit }));
  const bankCode = await payingBankCode(q, ctx);
  return actionsInPage(entries, today, ({ drawnOn }) => ({ payingBank: bankCode !== null && drawnOn === bankCode }));
}
