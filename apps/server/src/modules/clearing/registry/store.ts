import { createHash } from 'node:crypto';
import { type ChequeState, centsToDecimal, type OperationType, type RegistryCheque, toCents } from '@echeq/contract';
import type { Queryable } from '../../../platform/db/db';
import type { RegistryEventPayload, RegistryOutcome } from './types';

/**
 * The registry's SQL for its cheques, numbers, keys and pending events (migrations 0018 and 0030; the events as read
 * and the adherents: event-store.ts). Each function runs on the caller's query handle, which must be a transaction:
 * the row lock, the event's lock and the operation's record hold until it ends.
 */

/** JSON with sorted keys: one body hashes the same whatever the order of its fields. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(body: unknown): string {
  return createHash('sha256').update(canonical(body)).digest('hex');
}

export type Claim = { claimed: true } | { claimed: false; hash: string; outcome: RegistryOutcome | null };

/** What the claim's statement checks for the requesting bank before it claims (requester.ts, RequesterGate). */
export type ClaimGate = { bankCode: string | null; adherents: readonly string[]; drawnOn: string | null };

/**
 * What `claimKey` found: the cheque (locked), the gate's facts (the CUITs that are not the bank's adherents, whether
 * the cheque is drawn on the bank) and, when the gate let it through, the key's claim (null: not attempted).
 */
export type Claimed = {
  cheque: RegistryCheque | null;
  missing: string[];
  drawn: boolean;
  claim: Claim | null;
};

/**
 * One round trip for what an operation does before `apply`: locks the cheque `chequeId` (none for an issue), reads
 * what the requester's gate needs and, only when it lets the request through, claims the idempotency key for this
 * transaction. The cheque's lock comes first (the CTE `c`, read by `ok`, read by `claim`'s insert): every operation
 * takes its cheque's lock before its key, so two of them never wait for each other the other way round. A
 * concurrent transaction with the same key (and cheque) waits for the cheque's lock until this one ends, then finds
 * the key taken (the primary key's insert does nothing) and reads its answer in a second statement (the first one's
 * snapshot predates that commit); if this one rolls back, the other claims it. A gate's refusal claims nothing: the
 * right bank may still send that key.
 */
export async function claimKey(
  q: Queryable,
  input: {
    key: string;
    hash: string;
    operation: OperationType;
    chequeId: string | null;
    at: string;
    gate: ClaimGate;
  },
): Promise<Claimed> {
  const { key, hash, operation, chequeId, at, gate } = input;
  const r = await q.query<{ cheque: RegistryCheque | null; missing: string[]; drawn: boolean; claimed: boolean }>(
    `with c as materialized (
       select cheque, bank_code from registry_cheques where cheque_id = $4 for update
     ), ok as materialized (
       select c.cheque,
         array(select u.cuit from unnest($6::text[]) as u (cuit)
               where not exists (select 1 from registry_adherents a where a.cuit = u.cuit and a.bank_code = $7))
           as missing,
         ($8::text is null or c.bank_code is null or c.bank_code = $8) as drawn
       from (values (1)) as one (x) left join c on true
     ), claim as (
       insert into registry_operations (idempotency_key, request_hash, operation, cheque_id, created_at)
       select $1, $2, $3, $4, $5 from ok where cardinality(ok.missing) = 0 and ok.drawn
       on conflict (idempotency_key) do nothing
       returning idempotency_key
     )
     select ok.cheque, ok.missing, ok.drawn, exists (select 1 from claim) as claimed from ok`,
    [key, hash, operation, chequeId, at, gate.adherents, gate.bankCode, gate.drawnOn],
  );
  const row = r.rows[0];
  if (!row) throw new Error(`registry: la clave ${key} no se pudo tomar`);
  const found = { cheque: row.cheque, missing: row.missing, drawn: row.drawn };
  if (row.missing.length > 0 || !row.drawn) return { ...found, claim: null };
  if (row.claimed) return { ...found, claim: { claimed: true } };
  const before = await q.query<{ request_hash: string; outcome: RegistryOutcome | null }>(
    'select request_hash, outcome from registry_operations where idempotency_key = $1',
    [key],
  );
  const taken = before.rows[0];
  if (!taken) throw new Error(`registry: la clave ${key} no se pudo tomar ni leer`);
  return { ...found, claim: { claimed: false, hash: taken.request_hash, outcome: taken.outcome } };
}

/** Records the first answer to a claimed key (a refusal too: the same request gets it again). */
export async function answerKey(q: Queryable, key: string, chequeId: string | null, outcome: RegistryOutcome) {
  const { replayed: _, ...stored } = outcome;
  await q.query(
    'update registry_operations set outcome = $2, cheque_id = coalesce(cheque_id, $3) where idempotency_key = $1',
    [key, JSON.stringify(stored), chequeId],
  );
}

/**
 * Places a new cheque, in one statement: unless its id is taken (`idTaken`: the caller draws another), takes its
 * number on the account (`numberUsed` when used, also by a transaction that committed meanwhile: nothing is written)
 * and inserts it. A concurrent insert of the same id (the number taken, the cheque not) is an error.
 */
export async function placeCheque(
  q: Queryable,
  c: RegistryCheque,
  at: string,
): Promise<'placed' | 'idTaken' | 'numberUsed'> {
  const r = await q.query<{ free: boolean; numbered: boolean; inserted: boolean }>(
    `with free as materialized (
       select not exists (select 1 from registry_cheques where cheque_id = $1) as free
     ), num as (
       insert into registry_numbers (cbu, number, cheque_id) select $8, $10, $1 from free where free.free
       on conflict (cbu, number) do nothing returning number
     ), ch as (
       insert into registry_cheques (cheque_id, cheque, state, holder_cuit, clearing_date, payment_date, issuer_cuit,
         issuer_cbu, bank_code, number, amount, currency, issued_at, updated_at)
       select $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13 where exists (select 1 from num)
       on conflict (cheque_id) do nothing returning cheque_id
     )
     select (select free from free) as free, exists (select 1 from num) as numbered,
       exists (select 1 from ch) as inserted`,
    [
      ...columns(c),
      c.payment_date,
      c.issuer.cuit,
      c.issuer.cbu,
      c.issuer.bank_code,
      c.number,
      centsToDecimal(toCents(c.amount)),
      c.currency,
      at,
    ],
  );
  const row = r.rows[0];
  if (!row?.free) return 'idTaken';
  if (!row.numbered) return 'numberUsed';
  if (!row.inserted) throw new Error(`registry: el ECHEQ ${c.cheque_id} ya existe`);
  return 'placed';
}

/** The highest number used on an account (the outside companies' chequebooks), or 0. */
export async function lastNumber(q: Queryable, cbu: string): Promise<number> {
  const r = await q.query<{ n: string | null }>('select max(number) as n from registry_numbers where cbu = $1', [cbu]);
  return Number(r.rows[0]?.n ?? 0);
}

function columns(c: RegistryCheque) {
  return [c.cheque_id, JSON.stringify(c), c.state, c.holder_cuit, c.deposit?.clearing_date ?? null];
}

export async function readCheque(q: Queryable, chequeId: string): Promise<RegistryCheque | null> {
  const r = await q.query<{ cheque: RegistryCheque }>('select cheque from registry_cheques where cheque_id = $1', [
    chequeId,
  ]);
  return r.rows[0]?.cheque ?? null;
}

/** An event not written yet: the change of one applied operation. */
export type PendingEvent = { operation: OperationType; cuits: string[]; at: string; payload: RegistryEventPayload };

/**
 * Records what an applied operation changed, in one statement (its data-modifying CTEs touch different tables): the
 * cheque as it now stands (`save`, when it was already stored), its events and the key's answer (`answer`, when the
 * caller does not record it itself).
 *
 * The events, in their order, are written at commit (migration 0030, 0033): each becomes a row of registry_events,
 * under REGISTRY_EVENTS_LOCK (event-store.ts: the lock), with the banks it concerns (registry_event_banks: the paying bank and every
 * bank that has one of its parties as adherent, read after the lock is taken, so an adhesion either committed before
 * and is read there, or finds the event when it commits; see `insertAdherents`). Nothing is written if the
 * transaction rolls back. Their ids are known only after the commit.
 */
export async function recordChange(
  q: Queryable,
  change: {
    save: { cheque: RegistryCheque; at: string } | null;
    events: readonly PendingEvent[];
    answer: { key: string; chequeId: string; outcome: RegistryOutcome } | null;
  },
): Promise<void> {
  const params: unknown[] = [];
  const p = (v: unknown) => `$${params.push(v)}`;
  const parts: string[] = [];
  if (change.save) {
    const [id, doc, state, holder, clearing] = columns(change.save.cheque);
    parts.push(
      `update registry_cheques set cheque = ${p(doc)}, state = ${p(state)}, holder_cuit = ${p(holder)},
         clearing_date = ${p(clearing)}::date, version = version + 1, updated_at = ${p(change.save.at)}::timestamptz
       where cheque_id = ${p(id)}`,
    );
  }
  if (change.events.length > 0) {
    const rows = change.events.map((e, n) => {
      const c = e.payload.cheque;
      return {
        cheque_id: c.cheque_id,
        operation: e.operation,
        state: c.state,
        cuits: e.cuits,
        bank_code: c.issuer.bank_code,
        at: e.at,
        payload: e.payload,
        n,
      };
    });
    // Rows in the events' order (their seq, and so the order the commit writes them in).
    parts.push(
      `insert into registry_pending_events (cheque_id, operation, state, cuits, bank_code, at, payload)
       select r.cheque_id, r.operation, r.state, r.cuits, r.bank_code, r.at, r.payload
       from jsonb_to_recordset(${p(JSON.stringify(rows))}::jsonb) as r(cheque_id text, operation text, state text,
         cuits text[], bank_code text, at timestamptz, payload jsonb, n int)
       order by r.n`,
    );
  }
  if (change.answer) {
    const { replayed: _, ...stored } = change.answer.outcome;
    parts.push(
      `update registry_operations set outcome = ${p(JSON.stringify(stored))}::jsonb,
         cheque_id = coalesce(cheque_id, ${p(change.answer.chequeId)}::text)
       where idempotency_key = ${p(change.answer.key)}`,
    );
  }
  const last = parts.pop();
  if (last === undefined) return;
  const ctes = parts.map((sql, n) => `w${n} as (${sql})`);
  await q.query(ctes.length > 0 ? `with ${ctes.join(', ')} ${last}` : last, params);
}

/**
 * Cheque ids in `states` whose `column` is on or before `date` (the jobs' candidates), oldest first. The states are
 * the contract's constants, written into the statement as literals (never input): with them in the text, a plan made
 * once for any parameters (the pool's generic plans) still matches the partial index of PRESENTADO cheques.
 */
export async function dueCheques(
  q: Queryable,
  states: readonly ChequeState[],
  column: 'payment_date' | 'clearing_date' | null,
  date: string | null,
  limit: number,
): Promise<string[]> {
  const inStates = states.map((state) => {
    if (!/^[A-Z-]+$/.test(state)) throw new Error(`registry: estado inválido ${state}`);
    return `'${state}'`;
  });
  const from = `select cheque_id from registry_cheques where state in (${inStates.join(', ')})`;
  const r = column
    ? await q.query<{ cheque_id: string }>(`${from} and ${column} <= $1::date order by ${column}, cheque_id limit $2`, [
        date,
        limit,
      ])
    : await q.query<{ cheque_id: string }>(`${from} order by updated_at, cheque_id limit $1`, [limit]);
  return r.rows.map((row) => row.cheque_id);
}
