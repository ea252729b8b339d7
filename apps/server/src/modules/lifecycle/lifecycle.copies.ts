import {
  acceptedEndorsementCount,
  buenosAiresDateOf,
  isPending,
  type RegistryCheque,
  specStatusOf,
  trayOf,
} from '@echeq/contract';
import type { Queryable } from '../../platform/db/db';
import { tenantOfBankCode } from '../accounts';
import { banksOfCuits, type ClientCompany, clientsByCuit } from '../users';

/** A client company of the bank that is or was a party to a cheque. */
export type Party = ClientCompany;

/**
 * The bank's client companies that are parties to each of `events` (its `cuits`), read in one statement for all of
 * them: the parties of event i are `partiesOf(...)[i]`.
 */
export async function partiesOf(q: Queryable, tenantId: string, events: { cuits: string[] }[]): Promise<Party[][]> {
  const clients = await clientsByCuit(q, tenantId, [...new Set(events.flatMap((e) => e.cuits))]);
  return events.map((e) => {
    const cuits = new Set(e.cuits);
    return clients.filter((c) => cuits.has(c.cuit));
  });
}

/**
 * The banks a cheque concerns: those with a client company that is or was a party to it (issuer, beneficiary,
 * holder, either side of an endorsement), and the bank it is drawn on (its issuer's bank code).
 */
export async function banksConcerned(q: Queryable, cheque: RegistryCheque): Promise<string[]> {
  const cuits = [
    cheque.issuer.cuit,
    cheque.beneficiary.cuit,
    ...cheque.endorsements.flatMap((e) => [e.from_cuit, e.to_cuit]),
  ];
  if (cheque.holder_cuit) cuits.push(cheque.holder_cuit);
  const withClients = await banksOfCuits(q, [...new Set(cuits)]);
  const drawnOn = await tenantOfBankCode(q, cheque.issuer.bank_code);
  return [...new Set([...withClients, ...(drawnOn ? [drawnOn] : [])])];
}

/** A bank's copy of a registry cheque as the inbox keeps it. */
export type CopyRow = {
  id: string;
  company_id: string;
  cheque_id: string;
  state: string;
  bank_copy: boolean;
  last_event: string | null;
};

/**
 * What a pass writes of one company's copy of a cheque: the cheque as the registry says it after event `eventId`, the
 * newest of the pass's events on it (at `at`), the instant of the first of them (`firstAt`: a new copy's creation)
 * and the keys of all of them (`keys`, null for an event no request made).
 */
export type CopyWrite = {
  party: Party;
  cheque: RegistryCheque;
  eventId: string;
  at: string;
  firstAt: string;
  keys: (string | null)[];
};

/**
 * Writes the copies of a pass in one statement (`writes` in the order the bank heard them, at most one per company
 * and cheque): each inserted the first time, else updated, never back to an older event. Exactly one of a bank's
 * copies of a cheque is its bank copy: a new copy is it when the bank has none of that cheque yet and it is the
 * first new copy of the cheque in `writes`. `syncing` is cleared when one of the events answers the operation the
 * copy awaited (its `pending_key` among `keys`). Answers the copies written.
 */
export async function upsertCopies(tx: Queryable, tenantId: string, writes: readonly CopyWrite[]): Promise<CopyRow[]> {
  if (writes.length === 0) return [];
  const rows = writes.map((w, ord) => {
    const ch = w.cheque;
    return {
      ord,
      company_id: w.party.id,
      cheque_id: ch.cheque_id,
      number: ch.number,
      amount: ch.amount,
      currency: ch.currency,
      issue_date: ch.issue_date,
      payment_date: ch.payment_date,
      issuer: ch.issuer.name,
      issuer_cuit: ch.issuer.cuit,
      beneficiary: ch.beneficiary.name ?? ch.beneficiary.cuit,
      beneficiary_cuit: ch.beneficiary.cuit,
      status: specStatusOf(ch.state),
      issued_at: ch.issued_at,
      state: ch.state,
      registry: ch,
      tipo: ch.tipo,
      caracter: ch.caracter,
      concepto: ch.concepto,
      holder_cuit: ch.holder_cuit,
      endorsements: acceptedEndorsementCount(ch),
      tray: trayOf(ch, w.party.cuit),
      awaiting: isPending(ch, { cuit: w.party.cuit }, buenosAiresDateOf(w.at)),
      last_event: w.eventId,
      at: w.at,
      first_at: w.firstAt,
      keys: w.keys,
    };
  });
  // The statement's snapshot decides which copies are new (the inbox's lock keeps others from writing meanwhile).
  const r = await tx.query<CopyRow>(
    `with w as (
       select * from jsonb_to_recordset($2::jsonb) as w(ord integer, company_id uuid, cheque_id text, number text,
         amount numeric, currency text, issue_date date, payment_date date, issuer text, issuer_cuit text,
         beneficiary text, beneficiary_cuit text, status text, issued_at timestamptz, state text, registry jsonb,
         tipo text, caracter text, concepto text, holder_cuit text, endorsements integer, tray text, awaiting boolean,
         last_event bigint, at timestamptz, first_at timestamptz, keys jsonb)
     ),
     new as (
       select w.ord, row_number() over (partition by w.cheque_id order by w.ord) = 1 as first
       from w
       where not exists (select 1 from echeqs x where x.company_id = w.company_id and x.cheque_id = w.cheque_id)
     )
     insert into echeqs as e (tenant_id, company_id, origin, cheque_id, number, amount, currency, issue_date, due_date,
       issuer, issuer_cuit, beneficiary, beneficiary_cuit, status, validation_status, validated_at, state, registry,
       tipo, caracter, concepto, payment_date, holder_cuit, endorsements, tray, awaiting, bank_copy, last_event,
       created_at, updated_at)
     select $1, w.company_id, 'REGISTRY', w.cheque_id, w.number, w.amount, w.currency, w.issue_date, w.payment_date,
       w.issuer, w.issuer_cuit, w.beneficiary, w.beneficiary_cuit, w.status, 'VALIDATED', w.issued_at, w.state,
       w.registry, w.tipo, w.caracter, w.concepto, w.payment_date, w.holder_cuit, w.endorsements, w.tray, w.awaiting,
       coalesce(new.first, false)
         and not exists (select 1 from echeqs b where b.tenant_id = $1 and b.cheque_id = w.cheque_id and b.bank_copy),
       w.last_event, w.first_at, w.at
     from w left join new on new.ord = w.ord
     order by w.ord
     on conflict (company_id, cheque_id) where cheque_id is not null do update set
       status = excluded.status, state = excluded.state, registry = excluded.registry,
       holder_cuit = excluded.holder_cuit, endorsements = excluded.endorsements, tray = excluded.tray,
       awaiting = excluded.awaiting, last_event = excluded.last_event, updated_at = excluded.updated_at,
       version = e.version + 1,
       syncing = e.syncing and not exists (
         select 1 from w, jsonb_array_elements_text(w.keys) as k(key)
         where w.company_id = e.company_id and w.cheque_id = e.cheque_id and k.key is not distinct from e.pending_key),
       pending_key = case when e.pending_key in (
         select k.key from w, jsonb_array_elements_text(w.keys) as k(key)
         where w.company_id = e.company_id and w.cheque_id = e.cheque_id) then null else e.pending_key end
     where e.last_event is null or e.last_event < excluded.last_event
     returning id, company_id, cheque_id, state, bank_copy, last_event::text`,
    [tenantId, JSON.stringify(rows)],
  );
  return r.rows;
}

/** One line of a bank's history of a cheque: a registry event as the bank tells it. */
export type HistoryLine = {
  chequeId: string;
  eventId: string;
  at: string;
  event: string;
  state: string;
  partyCuit: string | null;
  partyName: string | null;
  bank: string | null;
  details: Record<string, unknown>;
};

/**
 * Records lines of the bank's history (an event already recorded is left as it is) and moves the bank's inbox cursor
 * forward to `cursor` (never back; null: it stays), in one statement.
 */
export async function recordPass(
  tx: Queryable,
  tenantId: string,
  lines: readonly HistoryLine[],
  cursor: string | null,
  at: Date,
): Promise<void> {
  if (lines.length === 0 && cursor === null) return;
  await tx.query(
    `with moved as (
       update echeq_inbox_cursors set cursor = $3::bigint, updated_at = $4
       where tenant_id = $1 and $3::bigint is not null and cursor < $3::bigint
     )
     insert into echeq_history (tenant_id, cheque_id, event_id, at, event, state, party_cuit, party_name, bank, details)
     select $1, h."chequeId", h."eventId", h.at, h.event, h.state, h."partyCuit", h."partyName", h.bank, h.details
     from jsonb_to_recordset($2::jsonb) as h("chequeId" text, "eventId" bigint, at timestamptz, event text,
       state text, "partyCuit" text, "partyName" text, bank text, details jsonb)
     order by h."eventId"
     on conflict (tenant_id, event_id) do nothing`,
    [tenantId, JSON.stringify(lines), cursor, at],
  );
}

/**
 * Takes the bank's inbox lock and answers its cursor (created at 0 the first time), in one statement. The cursor must
 * be read after the lock is held, while the statement's snapshot is taken before it waits: so the row is read through
 * its own lock (an insert that conflicts locks the row and updates its newest version, which any pass that held the
 * inbox lock before has committed), not through the snapshot.
 */
export async function lockInbox(tx: Queryable, lock: number, tenantId: string): Promise<string> {
  const r = await tx.query<{ cursor: string }>(
    `insert into echeq_inbox_cursors as c (tenant_id)
     select $2::text::uuid from (select pg_advisory_xact_lock($1, hashtext($2::text))) as locked
     on conflict (tenant_id) do update set cursor = c.cursor
     returning cursor::text as cursor`,
    [lock, tenantId],
  );
  return r.rows[0]!.cursor;
}

/** The bank's inbox cursor as it stands ('0' before its first run), read without writing. */
export async function cursorOf(q: Queryable, tenantId: string): Promise<string> {
  const r = await q.query<{ cursor: string }>(
    'select cursor::text as cursor from echeq_inbox_cursors where tenant_id = $1',
    [tenantId],
  );
  return r.rows[0]?.cursor ?? '0';
}
