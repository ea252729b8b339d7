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
import { eventsAfter, insertAdherents } from './event-store';
import { outsideReply } from './outside';
import { gateRefusal, issueGate, operateGate, type RequesterGate } from './requester';
import {
  answerKey,
  type Claim,
  claimKey,
  type PendingEvent,
  placeCheque,
  readCheque,
  recordChange,
  requestHash,
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

/** The answer to a key this transaction did not claim: its earlier answer, or the mismatch refusal. */
function replayOf(claim: Extract<Claim, { claimed: false }>, hash: string): RegistryOutcome {
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

const NO_GATE: RequesterGate = { bankCode: null, adherents: [], drawnOn: null };

/**
 * Claims the key for this transaction (store.ts, claimKey: one statement with the cheque's lock, when `chequeId` is
 * given, and the requester's gate). Answers the refusal or the key's earlier answer, or null with the locked cheque
 * when this transaction claimed the key.
 */
export async function claimOperation(
  q: Queryable,
  key: string,
  body: unknown,
  op: OperationType,
  chequeId: string | null,
  at: string,
  gate: RequesterGate = NO_GATE,
): Promise<{ before: RegistryOutcome } | { before: null; cheque: RegistryCheque | null }> {
  const hash = requestHash(body);
  const { adherents, bankCode, drawnOn } = gate;
  const found = await claimKey(q, {
    key,
    hash,
    operation: op,
    chequeId,
    at,
    gate: { bankCode, drawnOn, adherents: adherents.map((a) => a.cuit) },
  });
  const forbidden = gateRefusal(gate, found);
  if (forbidden) return { before: forbidden };
  if (!found.claim) throw new Error(`registry: la clave ${key} no se intentó tomar`);
  if (!found.claim.claimed) return { before: replayOf(found.claim, hash) };
  return { before: null, cheque: found.cheque };
}

/** The event of one applied operation, to be written by `recordChange` at the end of the transaction. */
function eventOf(cheque: RegistryCheque, op: LifecycleOperation, key: string | null): PendingEvent {
  const { type, caller, at, ...input } = op;
  const { cheque: _draft, account: _account, ...rest } = input as Record<string, unknown>;
  return { operation: type, cuits: partyCuitsOf(cheque), at, payload: { cheque, caller, input: rest, key } };
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
 * Issues a cheque under a key its caller claimed: gives it its id, checks ISSUE's rules with `apply`, takes its
 * number on the account (refused when used, also by a concurrent issue) and records it EMITIDO-PENDIENTE; a
 * beneficiary off the platform accepts at once. With `answer`, an applied issue records the key's answer with its
 * events (one statement); a refusal's answer, and every answer without it, is the caller's to record.
 */
export async function issueClaimed(
  q: Queryable,
  key: string,
  req: Omit<RegistryIssueRequest, 'key'>,
  at: string,
  ctx: RegistryContext,
  answer = false,
): Promise<RegistryOutcome> {
  const random = ctx.randomInt ?? cryptoRandomInt;
  for (;;) {
    const chequeId = generateChequeId(random);
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
    const placed = await placeCheque(q, issued, at);
    if (placed === 'idTaken') continue;
    if (placed === 'numberUsed') {
      const message = msg.numberUsed(issued.number);
      return { ok: false, code: 'DUPLICATE', reason: 'NUMBER', message, field: 'number', replayed: false };
    }
    const events = [eventOf(issued, op, key)];
    const cheque = await playOutside(q, issued, at, ctx, events);
    const outcome: RegistryOutcome = { ok: true, cheque, events: events.map((e) => e.operation), replayed: false };
    await recordChange(q, {
      save: cheque === issued ? null : { cheque, at },
      events,
      answer: answer ? { key, chequeId, outcome } : null,
    });
    return outcome;
  }
}

/**
 * Issues a cheque (see issueClaimed) under the request's idempotency key, when `requester` may ask for it
 * (requester.ts: checked by the statement that claims the key; a refusal leaves nothing, not even the key's answer).
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
  const gate = issueGate(requester, body);
  if ('ok' in gate) return gate;
  const { before } = await claimOperation(q, key, { type: 'ISSUE', ...body }, 'ISSUE', null, at, gate);
  if (before) return before;
  const outcome = await issueClaimed(q, key, body, at, ctx, true);
  // An issue applied recorded its answer with its events; a refusal is recorded here.
  if (!outcome.ok) await answerKey(q, key, null, outcome);
  return outcome;
}

/**
 * Applies an operation of LIFECYCLE §3 to a cheque: locks it, applies with the contract's `apply` (every rule
 * checked again), saves and records the event; then what outside parties do at once in reply. A refusal changes
 * nothing but the key's answer. Whether `requester` may ask for it (requester.ts) is read by the statement that
 * locks the cheque and claims the key, and decided before the claim: that refusal leaves nothing at all. Round trips:
 * that statement, the directory's questions for outside parties (outside.ts, only where one may reply), and one
 * statement that saves the cheque, its events and the key's answer (then the commit writes the events).
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
  const gate = operateGate(requester, unkeyed);
  if ('ok' in gate) return gate;
  const { cheque_id, ...input } = unkeyed;
  const claimed = await claimOperation(q, key, { cheque_id, ...input }, req.type, cheque_id, at, gate);
  if (claimed.before) return claimed.before;
  const op = { ...input, at } as LifecycleOperation;
  const result = apply(claimed.cheque, op, ctx.options);
  if (!result.ok) {
    const outcome: RegistryOutcome = { ...result, replayed: false };
    await answerKey(q, key, cheque_id, outcome);
    return outcome;
  }
  const events = [eventOf(result.cheque, op, key)];
  const cheque = await playOutside(q, result.cheque, at, ctx, events);
  const outcome: RegistryOutcome = { ok: true, cheque, events: events.map((e) => e.operation), replayed: false };
  await recordChange(q, { save: { cheque, at }, events, answer: { key, chequeId: cheque_id, outcome } });
  return outcome;
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
