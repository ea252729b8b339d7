import type {
  Caller,
  ChequeDraft,
  ChequeState,
  IssueAccount,
  LifecycleOperation,
  LifecycleOptions,
  OperationType,
  Refusal,
  RefusalReason,
  RegistryCheque,
} from '@echeq/contract';
import type { Queryable } from '../../../platform/db/db';

/**
 * Which parties are on the platform (LIFECYCLE §6). The registry plays every other one: a company it does not know
 * accepts at once what is issued or endorsed to it, a paying bank it does not know answers at once when presented.
 * Both are asked with the registry's query handle (the caller's transaction), never another connection.
 */
export type RegistryDirectory = {
  knowsCuit(q: Queryable, cuit: string): Promise<boolean>;
  knowsBank(q: Queryable, bankCode: string): Promise<boolean>;
};

/** What every registry function needs besides its query handle and input. */
export type RegistryContext = {
  directory: RegistryDirectory;
  /** The lifecycle's settings: presentation days N (30), endorsement limit, calendar, cut-off. */
  options?: LifecycleOptions;
  /** A uniform integer in [0, max) for new cheque ids; `crypto.randomInt` unless a test passes a seeded one. */
  randomInt?: (max: number) => number;
};

/**
 * A refusal of the registry: the contract's (state, party, window, rule, input; its Spanish message and code) or one
 * of the registry's own: an idempotency key used with another body (IDEMPOTENCY_MISMATCH), a cheque number
 * already used on its account (DUPLICATE) or a bank asking for what is not its to ask (FORBIDDEN: a company that is
 * not its adherent, a cheque not drawn on it, an account not its own).
 */
export type RegistryRefusal = Omit<Refusal, 'code' | 'reason'> & {
  code: Refusal['code'] | 'IDEMPOTENCY_MISMATCH' | 'DUPLICATE' | 'FORBIDDEN';
  reason: RefusalReason | 'IDEMPOTENCY' | 'NUMBER' | 'REQUESTER';
};

/**
 * Who asks the registry for an operation. A participant bank is known by its channel (the built-in sandbox: the
 * tenant the port was built for; HTTP: the bank its api key belongs to), never by what its request says, and the
 * registry checks it against the operation (requester.ts): FORBIDDEN when it may not ask for it. The registry's own
 * work is no bank's and is not checked: its jobs, the replies of the parties off the platform it plays, the
 * sandbox's "Simular ECHEQ recibido".
 */
export type RegistryRequester = { kind: 'bank'; bankCode: string } | { kind: 'registry' };

/**
 * The answer to an operation: the cheque after it (and after what outside parties did at once in reply) with the
 * operations it recorded as events, in order (e.g. ISSUE then ACCEPT when a beneficiary off the platform accepts at
 * once; the events' ids are given when the transaction commits, and read from the events), or the refusal. `replayed` is true when the key had been answered before and this
 * is that first answer again (nothing applied this time).
 */
export type RegistryOutcome =
  | { ok: true; cheque: RegistryCheque; events: OperationType[]; replayed: boolean }
  | (RegistryRefusal & { replayed: boolean });

type WithoutAt<T> = T extends unknown ? Omit<T, 'at'> : never;

/**
 * An operation on an existing cheque as a bank (or a job) sends it: its idempotency key, the cheque, the operation
 * with its caller and input (LifecycleOperation without `at`: the registry stamps its own instant).
 */
export type RegistryRequest = { key: string; cheque_id: string } & WithoutAt<
  Exclude<LifecycleOperation, { type: 'ISSUE' }>
>;

/** The port's name for an operation on an existing cheque (the same request). */
export type RegistryOperateRequest = RegistryRequest;

/** An issue as the issuing bank sends it: the cheque without its id (the registry gives it) and the account. */
export type RegistryIssueRequest = {
  key: string;
  caller: Caller;
  cheque: Omit<ChequeDraft, 'cheque_id'>;
  account: IssueAccount;
};

/** One event of the registry, as a bank's inbox pulls it. Ids are decimal strings (bigint). */
export type RegistryEvent = {
  id: string;
  cheque_id: string;
  operation: OperationType;
  state: ChequeState;
  cuits: string[];
  bank_code: string;
  at: string;
  payload: RegistryEventPayload;
};

/** The cheque after the event, who did it and with what input (motivo, endorsee), and the key it came under. */
export type RegistryEventPayload = {
  cheque: RegistryCheque;
  caller: Caller;
  input: Record<string, unknown>;
  key: string | null;
};
