import type { Currency } from '../common';
import { presentationWindowEnd } from './calendar';
import { parseCbu } from './cbu';
import type { ChequeDraft, ChequeTipo, LifecycleCheque } from './cheque';
import { daysBetween } from './dates';
import { parseCmc7 } from './identity';
import { refusalMessages as msg } from './messages';
import type { OperationType } from './operations';
import { acceptedEndorsementCount, type Caller, positionsOf } from './positions';
import { LIFECYCLE_DEFAULTS, type LifecycleOptions, TRANSITIONS, type TransitionRule } from './rules';

/**
 * Why an operation was refused, in the order the guards check: the first that fails is the one reported. INPUT is
 * malformed input that the wire schemas would have refused (the registry checks it again on its own).
 */
export type RefusalReason = 'NOT_AVAILABLE' | 'STATE' | 'PARTY' | 'WINDOW' | 'RULE' | 'INPUT';

/**
 * A refusal: the API answers `code` (409 INVALID_TRANSITION; 400 VALIDATION_ERROR for INPUT) with the Spanish
 * `message`; `field` names the input at fault.
 */
export type Refusal = {
  ok: false;
  code: 'INVALID_TRANSITION' | 'VALIDATION_ERROR';
  reason: RefusalReason;
  message: string;
  field?: string;
};

export function refusal(reason: RefusalReason, message: string, field?: string): Refusal {
  const code = reason === 'INPUT' ? 'VALIDATION_ERROR' : 'INVALID_TRANSITION';
  return field ? { ok: false, code, reason, message, field } : { ok: false, code, reason, message };
}

function windowRefusal(
  op: OperationType,
  rule: TransitionRule,
  paymentDate: string,
  today: string,
  presentationDays: number,
): string | null {
  const end = presentationWindowEnd(paymentDate, presentationDays);
  switch (rule.window) {
    case 'NONE':
      return null;
    case 'UNTIL_PAYMENT_DATE':
      return today <= paymentDate ? null : msg.paymentDatePassed(op, paymentDate);
    case 'BEFORE_PAYMENT_DATE':
      return today < paymentDate ? null : msg.onlyBeforePaymentDate(op, paymentDate);
    case 'PRESENTATION':
      if (today < paymentDate) return msg.notBeforePaymentDate(op, paymentDate);
      return today <= end ? null : msg.presentationOver(end);
    case 'UNTIL_PRESENTATION_END':
      return today <= end ? null : msg.presentationOver(end);
    case 'FROM_PAYMENT_DATE':
      return today >= paymentDate ? null : msg.notBeforePaymentDate(op, paymentDate);
    case 'AFTER_PRESENTATION_END':
      return today > end ? null : msg.presentationNotOver(end);
  }
}

/**
 * Whether `caller` may do `op` on `cheque` on `today` (a Buenos Aires date), before looking at the operation's own
 * input: availability, state, position, window, then the cheque's own conditions (carácter, endorsement limit).
 * Returns the refusal, or null when allowed. ISSUE is checked by `checkIssue`.
 */
export function checkOperation(
  cheque: LifecycleCheque,
  op: OperationType,
  caller: Caller,
  today: string,
  options: LifecycleOptions = {},
): Refusal | null {
  const rule = TRANSITIONS[op];
  if (!rule.available) return refusal('NOT_AVAILABLE', msg.notAvailable(op));
  if (op === 'ISSUE') return refusal('STATE', msg.alreadyIssued());
  if (!rule.from.includes(cheque.state)) return refusal('STATE', msg.state(cheque.state, op));
  if (!positionsOf(cheque, caller).includes(rule.by)) return refusal('PARTY', msg.party(op));
  const presentationDays = options.presentationDays ?? LIFECYCLE_DEFAULTS.presentationDays;
  const late = windowRefusal(op, rule, cheque.payment_date, today, presentationDays);
  if (late) return refusal('WINDOW', late);
  if (rule.conditions.includes('A_LA_ORDEN') && cheque.caracter !== 'A_LA_ORDEN') {
    return refusal('RULE', msg.notALaOrden());
  }
  const max = options.maxEndorsements ?? LIFECYCLE_DEFAULTS.maxEndorsements;
  if (rule.conditions.includes('ENDORSEMENT_LIMIT') && acceptedEndorsementCount(cheque) >= max) {
    return refusal('RULE', msg.endorsementLimit(max));
  }
  return null;
}

/** The payment date a tipo allows: COMUN on the issue date, DIFERIDO 1–360 days after it. Null when right. */
export function issueDateProblem(input: { tipo: ChequeTipo; issueDate: string; paymentDate: string }): string | null {
  const days = daysBetween(input.issueDate, input.paymentDate);
  if (input.tipo === 'COMUN') return days === 0 ? null : msg.comunPaymentDate(input.issueDate);
  return days >= 1 && days <= LIFECYCLE_DEFAULTS.maxTermDays
    ? null
    : msg.diferidoPaymentDate(LIFECYCLE_DEFAULTS.maxTermDays);
}

/** The CMC7 line carries the issuer's bank, branch and account (from its CBU) and the cheque's number. */
function cmc7Matches(draft: ChequeDraft): boolean {
  const line = parseCmc7(draft.cmc7);
  const cbu = parseCbu(draft.issuer.cbu);
  return (
    line.bankCode === cbu.bankCode &&
    line.branch === cbu.branch.slice(1) &&
    line.account === cbu.account.slice(2) &&
    line.number === draft.number
  );
}

/** The issuing bank's account the cheque is drawn on, as it asserts it to the registry. */
export type IssueAccount = { cbu: string; currency: Currency; active: boolean };

/**
 * ISSUE's guards (LIFECYCLE §3): the caller is the issuer, the account is active and the cheque carries its CBU and
 * currency, the CMC7 line matches the account and number, the beneficiary is not the issuer, the issue date is today and the payment date fits the tipo.
 */
export function checkIssue(draft: ChequeDraft, account: IssueAccount, caller: Caller, today: string): Refusal | null {
  if (!caller.cuit || caller.cuit !== draft.issuer.cuit) return refusal('PARTY', msg.party('ISSUE'));
  if (!account.active) return refusal('RULE', msg.accountInactive(), 'account_id');
  if (account.cbu !== draft.issuer.cbu) return refusal('RULE', msg.accountCbu(), 'account_id');
  if (account.currency !== draft.currency) return refusal('RULE', msg.accountCurrency(account.currency), 'account_id');
  if (!cmc7Matches(draft)) return refusal('RULE', msg.cmc7(), 'cmc7');
  if (draft.beneficiary.cuit === draft.issuer.cuit) return refusal('RULE', msg.issueToSelf(), 'beneficiary_cuit');
  if (draft.issue_date !== today) return refusal('RULE', msg.issueDate(today), 'issue_date');
  const dates = issueDateProblem({ tipo: draft.tipo, issueDate: draft.issue_date, paymentDate: draft.payment_date });
  return dates ? refusal('RULE', dates, 'payment_date') : null;
}
