import { randomInt as cryptoRandomInt } from 'node:crypto';
import {
  apply,
  chequeIdSchema,
  generateChequeId,
  type LifecycleOperation,
  refusalMessages as msg,
  type OperationType,
  partyCuitsOf,
  type RegistryCheque,
  refusal,
} from '@echeq/contract';
import type { Queryable } from '../../../platform/db/db';
import { outsideReply } from './outside';
import { issueRequesterRefusal, operateRequesterRefusal } from './requester';
import {
  answerKey,
  chequeIdFree,
  claimKey,
  eventsAfter,
  insertAdherents,
  insertCheque,
  insertEvents,
  lockCheque,
  readCheque,
  requestHash,
  saveCheque,
  takeNumber,
} from './store';
import type {
  RegistryContext,
  RegistryEvent,
  RegistryIssueRequest,
  RegistryOutcome,
  RegistryRefusal,
  RegistryRequest,
  RegistryRequester,
} from './types';

/**
 * The registry's engine (README.md beside this file): every operation of LIFECYCLE §3 applied with the contract's
 * `apply`, which checks every rule again on its own, under an idempotency key, with one event per change. Each
 * function runs in the caller's transaction (`q` must be one): a refusal changes no cheque, number or event (it is
 * recorded as the key's answer only), and nothing is visible to others before the caller commits.
 */

export const KEY_RE = /^[\x21-\x7e]{1,255}$/;

export const inputRefusal = (message: string, field: string): RegistryRefusal & { replayed: boolean } => ({
  ...refusal('INPUT', message, field),
  replayed: false,
});

/** The key's earlier answer, or the mismatch refusal; null when this transaction claimed the key. */
export async function claimOperation(
  q: Queryable,
  key: string,
  body: unknown,
  op: OperationType,
  chequeId: string | null,
  at: string,
): Promise<RegistryOutcome | null> {
  const hash = requestHash(body);
  const claim = await claimKey(q, key, hash, op, chequeId, at);
  if (claim.claimed) return null;
  if (claim.hash !== hash || !claim.outcome) {
    return {
      ok: false,
      code: 'IDEMPOTENCY_MISMATCH',
      reason: 'IDEMPOTENCY',
      message: msg.idempotencyMismatch(),
      replayed: false,
    };
  }
  return { ...claim.outcome, replayed: true };
}

/** An event not written yet: the change of one applied operation (see `writeEvents`). */
type PendingEvent = Parameters<typeof insertEvents>[1][number];

/** The event of one applied operation, to be written by `writeEvents` at the end of the transaction. */
function eventOf(cheque: RegistryCheque, op: LifecycleOperation, key: string | null): PendingEvent {
  const { type, caller, at, ...input } = op;
  const { cheque: _draft, account: _account, ...rest } = input as Record<string, unknown>;
  return { operation: type, cuits: partyCuitsOf(cheque), at, payload: { cheque, caller, input: rest, key } };
}

/**
 * Records an operation's events (written with their ids when the transaction commits: store.ts, insertEvents) and
 * its key's answer: the cheque and the operations recorded, in order (the operation, then what outside parties did
 * at once in reply).
 */
async function writeEvents(
  q: Queryable,
  key: string | null,
  chequeId: string,
  cheque: RegistryCheque,
  pending: PendingEvent[],
): Promise<RegistryOutcome> {
  await insertEvents(q, pending);
  const outcome: RegistryOutcome = { ok: true, cheque, events: pending.map((e) => e.operation), replayed: false };
  if (key !== null) await answerKey(q, key, chequeId, outcome);
  return outcome;
}

/**
 * What outside parties do at once after a change (LIFECYCLE §6): a company off the platform accepts what is issued
 * or endorsed to it, a paying bank off the platform pays or rejects what is presented to it. Each reply goes through
 * `apply` and is its own event (written with the operation's, in the same transaction).
 */
async function playOutside(
  q: Queryable,
  cheque: RegistryCheque,
  at: string,
  ctx: RegistryContext,
  events: PendingEvent[],
): Promise<RegistryCheque> {
  let current = cheque;
  for (let step = 0; step < 3; step++) {
    const reply = await outsideReply(q, current, ctx.directory);
    if (!reply) break;
    const op = { ...reply, at } as LifecycleOperation;
    const result = apply(current, op, ctx.options);
    if (!result.ok) break;
    current = result.cheque;
    events.push(eventOf(current, op, null));
  }
  return current;
}

/**
 * Issues a cheque under a key its caller claimed (the answer is the caller's to record): gives it its id, checks
 * ISSUE's rules with `apply`, takes its number on the account (refused when used, also by a concurrent issue) and
 * records it EMITIDO-PENDIENTE; a beneficiary off the platform accepts at once.
 */
export async function issueClaimed(
  q: Queryable,
  key: string,
  req: Omit<RegistryIssueRequest, 'key'>,
  at: string,
  ctx: RegistryContext,
): Promise<RegistryOutcome> {
  const random = ctx.randomInt ?? cryptoRandomInt;
  let chequeId = generateChequeId(random);
  while (!(await chequeIdFree(q, chequeId))) chequeId = generateChequeId(random);
  const op: LifecycleOperation = {
    type: 'ISSUE',
    caller: req.caller,
    at,
    cheque: { ...req.cheque, cheque_id: chequeId },
    account: req.account,
  };
  const result = apply(null, op, ctx.options);
  if (!result.ok) return { ...result, replayed: false };
  const issued = result.cheque;
  if (!(await takeNumber(q, issued.issuer.cbu, issued.number, chequeId))) {
    const message = msg.numberUsed(issued.number);
    return { ok: false, code: 'DUPLICATE', reason: 'NUMBER', message, field: 'number', replayed: false };
  }
  if (!(await insertCheque(q, issued, at))) throw new Error(`registry: el ECHEQ ${chequeId} ya existe`);
  const events = [eventOf(issued, op, key)];
  const cheque = await playOutside(q, issued, at, ctx, events);
  if (cheque !== issued) await saveCheque(q, cheque, at);
  return writeEvents(q, null, chequeId, cheque, events);
}

/**
 * Issues a cheque (see issueClaimed) under the request's idempotency key, when `requester` may ask for it
 * (requester.ts: checked before the key is claimed; a refusal leaves nothing, not even the key's answer).
 */
export async function registryIssue(
  q: Queryable,
  req: RegistryIssueRequest,
  at: string,
  ctx: RegistryContext,
  requester: RegistryRequester,
): Promise<RegistryOutcome> {
  if (typeof req.key !== 'string' || !KEY_RE.test(req.key)) return inputRefusal(msg.operationKey(), 'key');
  const { key, ...body } = req;
  const forbidden = await issueRequesterRefusal(q, requester, body);
  if (forbidden) return forbidden;
  const before = await claimOperation(q, key, { type: 'ISSUE', ...body }, 'ISSUE', null, at);
  if (before) return before;
  const outcome = await issueClaimed(q, key, body, at, ctx);
  await answerKey(q, key, outcome.ok ? outcome.cheque.cheque_id : null, outcome);
  return outcome;
}

/**
 * Applies an operation of LIFECYCLE §3 to a cheque: locks it, applies with the contract's `apply` (every rule
 * checked again), saves and records the event; then what outside parties do at once in reply. A refusal changes
 * nothing but the key's answer. First, whether `requester` may ask for it (requester.ts), before the key is claimed:
 * that refusal leaves nothing at all.
 */
export async function registryOperate(
  q: Queryable,
  req: RegistryRequest,
  at: string,
  ctx: RegistryContext,
  requester: RegistryRequester,
): Promise<RegistryOutcome> {
  if (typeof req.key !== 'string' || !KEY_RE.test(req.key)) return inputRefusal(msg.operationKey(), 'key');
  if (!chequeIdSchema.safeParse(req.cheque_id).success) {
    return inputRefusal('Identificador de ECHEQ inválido: 15 letras mayúsculas o dígitos', 'cheque_id');
  }
  const { key, ...unkeyed } = req;
  const forbidden = await operateRequesterRefusal(q, requester, unkeyed);
  if (forbidden) return forbidden;
  const { cheque_id, ...input } = unkeyed;
  const before = await claimOperation(q, key, { cheque_id, ...input }, req.type, cheque_id, at);
  if (before) return before;
  const stored = await lockCheque(q, cheque_id);
  const op = { ...input, at } as LifecycleOperation;
  const result = apply(stored, op, ctx.options);
  if (!result.ok) {
    const outcome: RegistryOutcome = { ...result, replayed: false };
    await answerKey(q, key, cheque_id, outcome);
    return outcome;
  }
  const events = [eventOf(result.cheque, op, key)];
  const cheque = await playOutside(q, result.cheque, at, ctx, events);
  await saveCheque(q, cheque, at);
  return writeEvents(q, key, cheque_id, cheque, events);
}

/** The registry's cheque, or null when it has no cheque with that id. */
export async function registryCheque(q: Queryable, chequeId: string): Promise<RegistryCheque | null> {
  if (!chequeIdSchema.safeParse(chequeId).success) return null;
  return readCheque(q, chequeId);
}

/**
 * What a bank's inbox pulls: the events after `cursor` (an event id; '0' from the start) that concern the bank
 * `bankCode` (drawn on it, or naming a CUIT that adhered through it: registry_event_banks), in id order, at most
 * `limit`. A reader that moved its cursor to c never later finds a committed event with id ≤ c (see
 * REGISTRY_EVENTS_LOCK: an event's banks are written with it).
 */
export async function registryEventsAfter(
  q: Queryable,
  input: { cursor: string | number | bigint; bankCode: string; limit?: number },
): Promise<RegistryEvent[]> {
  const cursor = String(input.cursor);
  if (!/^\d{1,19}$/.test(cursor)) throw new RangeError(`Cursor de eventos inválido: ${cursor}`);
  if (!/^\d{3}$/.test(input.bankCode)) throw new RangeError(`Código de banco inválido: ${input.bankCode}`);
  const limit = Math.min(Math.max(Math.trunc(input.limit ?? 500), 1), 5000);
  return eventsAfter(q, cursor, input.bankCode, limit);
}

/**
 * A bank's client companies adhere to ECHEQ through it (as COELSA records each adherent's bank): from now on every
 * event naming one of `cuits` is the bank's too, and so are those already written (the bank reads those after its
 * cursor). Idempotent: adhering again changes nothing. Answers how many CUITs were new for the bank. `q` must be a
 * transaction.
 */
export async function registryAdhere(
  q: Queryable,
  input: { bankCode: string; cuits: readonly string[] },
  at: string,
): Promise<{ adhered: number }> {
  if (!/^\d{3}$/.test(input.bankCode)) throw new RangeError(`Código de banco inválido: ${input.bankCode}`);
  const cuits = [...new Set(input.cuits)].sort();
  for (const c of cuits) if (!/^\d{11}$/.test(c)) throw new RangeError(`CUIT inválida: ${c}`);
  if (cuits.length === 0) return { adhered: 0 };
  return { adhered: (await insertAdherents(q, input.bankCode, cuits, at)).length };
}
