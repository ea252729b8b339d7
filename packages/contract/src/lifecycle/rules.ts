import { PRESENTATION_DAYS } from '../custody';
import type { BankCalendar } from './calendar';
import type { OperationType, Position } from './operations';
import type { ChequeState } from './states';

/**
 * When, relative to the cheque's payment date P and the presentation window's last day E = P + N, an operation may
 * be done ("until" includes the day; `today` is the Buenos Aires date of the operation):
 * - NONE: any day.
 * - UNTIL_PAYMENT_DATE: today ≤ P.
 * - BEFORE_PAYMENT_DATE: today < P.
 * - PRESENTATION: P ≤ today ≤ E.
 * - UNTIL_PRESENTATION_END: today ≤ E.
 * - FROM_PAYMENT_DATE: today ≥ P.
 * - AFTER_PRESENTATION_END: today > E.
 */
export type WindowRule =
  | 'NONE'
  | 'UNTIL_PAYMENT_DATE'
  | 'BEFORE_PAYMENT_DATE'
  | 'PRESENTATION'
  | 'UNTIL_PRESENTATION_END'
  | 'FROM_PAYMENT_DATE'
  | 'AFTER_PRESENTATION_END';

/** Conditions besides state, party and window, named here and checked by the guards. */
export type RuleCondition =
  /** ENDORSE: carácter A_LA_ORDEN. */
  | 'A_LA_ORDEN'
  /** ENDORSE: fewer than `maxEndorsements` (100) accepted endorsements. */
  | 'ENDORSEMENT_LIMIT'
  /** ENDORSE: the endorsee is not the holder itself. */
  | 'NOT_TO_SELF'
  /** ISSUE: active account of the cheque's currency and CBU, beneficiary not the issuer, dates by tipo. */
  | 'ISSUE_CHECKS'
  /** The operation carries a non-empty motivo. */
  | 'MOTIVO';

export type TransitionRule = {
  /** The states the operation applies to (empty for ISSUE, which creates the cheque). */
  from: readonly ChequeState[];
  to: ChequeState;
  /** The position the caller must hold. */
  by: Position;
  window: WindowRule;
  conditions: readonly RuleCondition[];
  /** False for part 2's operations: refused as not available yet. */
  available: boolean;
};

/**
 * The state machine as data (LIFECYCLE §3): one rule per operation. Every (state, operation, party) combination
 * not allowed here is refused. Once the presentation window is over, the states the expiry job turns CADUCADO
 * accept only EXPIRE (every other rule from them ends at E), so what a party may do never depends on when the job
 * runs.
 */
export const TRANSITIONS: Readonly<Record<OperationType, TransitionRule>> = {
  ISSUE: rule([], 'EMITIDO-PENDIENTE', 'ISSUER', 'NONE', ['ISSUE_CHECKS']),
  ACCEPT: rule(['EMITIDO-PENDIENTE'], 'ACTIVO', 'BENEFICIARY', 'UNTIL_PAYMENT_DATE'),
  REPUDIATE: rule(['EMITIDO-PENDIENTE'], 'REPUDIADO', 'BENEFICIARY', 'UNTIL_PAYMENT_DATE', ['MOTIVO']),
  ANNUL: rule(['EMITIDO-PENDIENTE'], 'ANULADO', 'ISSUER', 'UNTIL_PRESENTATION_END', ['MOTIVO']),
  ENDORSE: rule(['ACTIVO'], 'ACTIVO-PENDIENTE', 'HOLDER', 'UNTIL_PRESENTATION_END', [
    'A_LA_ORDEN',
    'ENDORSEMENT_LIMIT',
    'NOT_TO_SELF',
  ]),
  ACCEPT_ENDORSEMENT: rule(['ACTIVO-PENDIENTE'], 'ACTIVO', 'ENDORSEE', 'UNTIL_PRESENTATION_END'),
  REPUDIATE_ENDORSEMENT: rule(['ACTIVO-PENDIENTE'], 'ACTIVO', 'ENDORSEE', 'UNTIL_PRESENTATION_END', ['MOTIVO']),
  ANNUL_ENDORSEMENT: rule(['ACTIVO-PENDIENTE'], 'ACTIVO', 'ENDORSER', 'UNTIL_PRESENTATION_END'),
  CUSTODY: rule(['ACTIVO'], 'CUSTODIA', 'HOLDER', 'BEFORE_PAYMENT_DATE'),
  RESCUE: rule(['CUSTODIA'], 'ACTIVO', 'HOLDER', 'BEFORE_PAYMENT_DATE'),
  DEPOSIT: rule(['ACTIVO'], 'DEPOSITADO', 'HOLDER', 'PRESENTATION'),
  PRESENT: rule(['DEPOSITADO'], 'PRESENTADO', 'REGISTRY', 'NONE'),
  PAY: rule(['PRESENTADO'], 'PAGADO', 'PAYING_BANK', 'NONE'),
  REJECT: rule(['PRESENTADO'], 'RECHAZADO', 'PAYING_BANK', 'NONE', ['MOTIVO']),
  EXPIRE: rule(
    ['EMITIDO-PENDIENTE', 'ACTIVO', 'ACTIVO-PENDIENTE', 'DEVOLUCION-PENDIENTE'],
    'CADUCADO',
    'REGISTRY',
    'AFTER_PRESENTATION_END',
  ),
  /** The custody bank deposits on the payment date; a late run (the job was down) still deposits. */
  AUTO_DEPOSIT: rule(['CUSTODIA'], 'DEPOSITADO', 'REGISTRY', 'FROM_PAYMENT_DATE'),
  REQUEST_RETURN: part2(['ACTIVO'], 'DEVOLUCION-PENDIENTE', 'ISSUER', ['MOTIVO']),
  ACCEPT_RETURN: part2(['DEVOLUCION-PENDIENTE'], 'ANULADO', 'HOLDER'),
  REPUDIATE_RETURN: part2(['DEVOLUCION-PENDIENTE'], 'ACTIVO', 'HOLDER'),
  ANNUL_RETURN: part2(['DEVOLUCION-PENDIENTE'], 'ACTIVO', 'ISSUER'),
};

function rule(
  from: readonly ChequeState[],
  to: ChequeState,
  by: Position,
  window: WindowRule,
  conditions: readonly RuleCondition[] = [],
): TransitionRule {
  return { from, to, by, window, conditions, available: true };
}

function part2(
  from: readonly ChequeState[],
  to: ChequeState,
  by: Position,
  conditions: readonly RuleCondition[] = [],
): TransitionRule {
  return { from, to, by, window: 'UNTIL_PRESENTATION_END', conditions, available: false };
}

/** Platform settings the rules read; every field has the default of `LIFECYCLE_DEFAULTS`. */
export type LifecycleOptions = {
  /** N, the presentation period in calendar days. */
  presentationDays?: number;
  maxEndorsements?: number;
  calendar?: BankCalendar;
  /** Clearing cut-off, `HH:MM` Buenos Aires. */
  cutoff?: string;
};

export const LIFECYCLE_DEFAULTS = {
  presentationDays: PRESENTATION_DAYS,
  maxEndorsements: 100,
  /** A DIFERIDO cheque is payable 1 to 360 days after issue. */
  maxTermDays: 360,
} as const;
