import { isValidCuit, normalizeCuit } from '../cuit';
import { clearingDate } from './calendar';
import {
  type ChequeDraft,
  chequeDraftSchema,
  type Endorsement,
  type LifecycleCheque,
  type RegistryCheque,
} from './cheque';
import { buenosAiresDateOf } from './dates';
import { checkIssue, checkOperation, type IssueAccount, type Refusal, refusal } from './guards';
import { refusalMessages as msg } from './messages';
import { ACTION_TYPES, type ActionType, OPERATION_TYPES, type OperationType } from './operations';
import { type Caller, pendingEndorsement } from './positions';
import type { LifecycleOptions } from './rules';
import { TRANSITIONS } from './rules';

type Base<T extends OperationType> = {
  type: T;
  caller: Caller;
  /** The instant the registry takes the operation (ISO timestamp); its Buenos Aires date is the rules' "today". */
  at: string;
};

/**
 * An operation as the registry applies it: who, when, and its input. For ISSUE the registry has put its `cheque_id`
 * in the draft the issuing bank sent.
 */
export type LifecycleOperation =
  | (Base<'ISSUE'> & { cheque: ChequeDraft; account: IssueAccount })
  | (Base<'REPUDIATE' | 'ANNUL' | 'REPUDIATE_ENDORSEMENT' | 'REJECT' | 'REQUEST_RETURN'> & { motivo: string })
  | (Base<'ENDORSE'> & { endorsee_cuit: string; endorsee_name?: string | null })
  | Base<
      | 'ACCEPT'
      | 'ACCEPT_ENDORSEMENT'
      | 'ANNUL_ENDORSEMENT'
      | 'CUSTODY'
      | 'RESCUE'
      | 'DEPOSIT'
      | 'PRESENT'
      | 'PAY'
      | 'EXPIRE'
      | 'AUTO_DEPOSIT'
      | 'ACCEPT_RETURN'
      | 'REPUDIATE_RETURN'
      | 'ANNUL_RETURN'
    >;

export type ApplyResult = { ok: true; cheque: RegistryCheque } | Refusal;

/**
 * The operations `caller` may do on `cheque` today (a Buenos Aires date), in OPERATION_TYPES order. None while the
 * cheque is syncing. For a company or the paying bank these are the cheque's `actions`; for the registry they are
 * PRESENT, EXPIRE and AUTO_DEPOSIT when due.
 */
export function allowedActions(
  cheque: LifecycleCheque,
  caller: Caller,
  today: string,
  options: LifecycleOptions = {},
): OperationType[] {
  if (cheque.syncing) return [];
  return OPERATION_TYPES.filter((op) => op !== 'ISSUE' && checkOperation(cheque, op, caller, today, options) === null);
}

/** `allowedActions` narrowed to what a cheque's `actions` lists on the wire (never the registry's own steps). */
export function actionsFor(
  cheque: LifecycleCheque,
  caller: Caller,
  today: string,
  options: LifecycleOptions = {},
): ActionType[] {
  return allowedActions(cheque, caller, today, options).filter((op): op is ActionType =>
    (ACTION_TYPES as readonly string[]).includes(op),
  );
}

/** The CADUCADO test: true when the expiry job must turn the cheque CADUCADO today. */
export function isDueToExpire(cheque: LifecycleCheque, today: string, options: LifecycleOptions = {}): boolean {
  return checkOperation(cheque, 'EXPIRE', { registry: true }, today, options) === null;
}

function issued(draft: ChequeDraft, at: string): RegistryCheque {
  return {
    ...draft,
    state: 'EMITIDO-PENDIENTE',
    holder_cuit: null,
    endorsements: [],
    issued_at: at,
    annulment: null,
    repudiation: null,
    deposit: null,
    presented_at: null,
    paid_at: null,
    rejection: null,
    expired_at: null,
  };
}

function inputRefusal(message: string, path: readonly PropertyKey[]): Refusal {
  return refusal('INPUT', message, path.map(String).join('.') || undefined);
}

/** The Buenos Aires date of the operation's instant, or null when `at` is not a valid timestamp. */
function todayOf(at: unknown): string | null {
  if (typeof at !== 'string' && !(at instanceof Date)) return null;
  try {
    return buenosAiresDateOf(at);
  } catch {
    return null;
  }
}

/**
 * Applies an operation: the new cheque, or the refusal (nothing changes). `cheque` is null for ISSUE. Every rule of
 * the lifecycle is checked here, and so is the shape of the input the operation brings (the issued cheque, the
 * endorsee's CUIT, the motivo), so the registry enforces them on its own whatever it is sent.
 */
export function apply(
  cheque: RegistryCheque | null,
  op: LifecycleOperation,
  options: LifecycleOptions = {},
): ApplyResult {
  const today = todayOf(op.at);
  if (!today) return inputRefusal('Fecha y hora de la operación inválidas', ['at']);
  if (op.type === 'ISSUE') {
    if (cheque) return refusal('STATE', msg.alreadyIssued());
    const draft = chequeDraftSchema.safeParse(op.cheque);
    if (!draft.success) {
      const issue = draft.error.issues[0];
      return inputRefusal(issue?.message ?? 'ECHEQ inválido', ['cheque', ...(issue?.path ?? [])]);
    }
    const refused = checkIssue(draft.data, op.account, op.caller, today);
    if (refused) return refused;
    return { ok: true, cheque: issued(draft.data, op.at) };
  }
  if (!cheque) return refusal('STATE', 'El ECHEQ no existe');
  const refused = checkOperation(cheque, op.type, op.caller, today, options);
  if (refused) return refused;
  if ('motivo' in op && (typeof op.motivo !== 'string' || !op.motivo.trim())) {
    return refusal('RULE', msg.motivoRequired(), 'motivo');
  }
  if (op.type !== 'ENDORSE')
    return { ok: true, cheque: { ...effect(cheque, op, options), state: TRANSITIONS[op.type].to } };
  const endorsee = typeof op.endorsee_cuit === 'string' ? normalizeCuit(op.endorsee_cuit) : null;
  if (!endorsee || !isValidCuit(endorsee)) return inputRefusal('CUIT del endosatario inválido', ['endorsee_cuit']);
  if (endorsee === cheque.holder_cuit) return refusal('RULE', msg.endorseToSelf(), 'endorsee_cuit');
  const endorsed = effect(cheque, { ...op, endorsee_cuit: endorsee }, options);
  return { ok: true, cheque: { ...endorsed, state: TRANSITIONS.ENDORSE.to } };
}

function answerPending(cheque: RegistryCheque, status: Endorsement['status'], motivo: string | null): Endorsement[] {
  const pending = pendingEndorsement(cheque);
  return cheque.endorsements.map((e) => (e === pending ? { ...e, status, motivo } : e));
}

/** What an operation changes besides the state (the state comes from TRANSITIONS). */
function effect(c: RegistryCheque, op: Exclude<LifecycleOperation, { type: 'ISSUE' }>, options: LifecycleOptions) {
  const at = op.at;
  switch (op.type) {
    case 'ACCEPT':
      return { ...c, holder_cuit: c.beneficiary.cuit };
    case 'REPUDIATE':
      return { ...c, repudiation: { motivo: op.motivo.trim(), at } };
    case 'ANNUL':
      return { ...c, annulment: { motivo: op.motivo.trim(), at } };
    case 'ENDORSE': {
      const link: Endorsement = {
        from_cuit: c.holder_cuit as string,
        to_cuit: op.endorsee_cuit,
        to_name: op.endorsee_name ?? null,
        at,
        status: 'PENDING',
        motivo: null,
      };
      return { ...c, endorsements: [...c.endorsements, link] };
    }
    case 'ACCEPT_ENDORSEMENT':
      return {
        ...c,
        holder_cuit: pendingEndorsement(c)?.to_cuit ?? c.holder_cuit,
        endorsements: answerPending(c, 'ACCEPTED', null),
      };
    case 'REPUDIATE_ENDORSEMENT':
      return { ...c, endorsements: answerPending(c, 'REPUDIATED', op.motivo.trim()) };
    case 'ANNUL_ENDORSEMENT':
      return { ...c, endorsements: answerPending(c, 'ANNULLED', null) };
    case 'DEPOSIT':
    case 'AUTO_DEPOSIT':
      return {
        ...c,
        deposit: {
          at,
          automatic: op.type === 'AUTO_DEPOSIT',
          clearing_date: clearingDate(at, options.calendar, options.cutoff),
        },
      };
    case 'PRESENT':
      return { ...c, presented_at: at };
    case 'PAY':
      return { ...c, paid_at: at };
    case 'REJECT':
      return { ...c, rejection: { motivo: op.motivo.trim(), at } };
    case 'EXPIRE':
      return { ...c, expired_at: at, endorsements: answerPending(c, 'EXPIRED', null) };
    default:
      // CUSTODY, RESCUE: the state is the whole change. Part 2's operations never get here (not available).
      return c;
  }
}
