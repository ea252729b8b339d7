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

/** A copy's write as the pass function reads it (`echeq_inbox_pass`, migration 0034: its `w` record). */
function copyRecord(w: CopyWrite, ord: number) {
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

/** What a pass wrote: the cursor it found under the bank's inbox lock, and the copies it wrote. */
export type PassResult = { cursor: string; written: CopyRow[] };

/**
 * A pass of the bank's inbox in one call of `echeq_inbox_pass` (migration 0034): takes the bank's inbox lock, reads
 * the cursor once it is held (created at 0 the first time), and writes only what comes after it: the copies whose
 * newest event is after it (`writes` in the order the bank heard them, at most one per company and cheque: inserted
 * the first time, else updated, never back to an older event; a new copy is the bank copy when the bank has none of
 * that cheque and it is the cheque's first new copy in `writes`; `syncing` cleared when one of the events answers the
 * operation the copy awaited), the history lines after it (one already recorded is left as it is), and the cursor
 * moved forward to `cursor` (never back; null: it stays). Alone it is one statement and its own transaction; inside
 * the caller's, the lock is held to the caller's commit.
 */
export async function applyPass(
  q: Queryable,
  pass: {
    lock: number;
    tenantId: string;
    writes: readonly CopyWrite[];
    lines: readonly HistoryLine[];
    cursor: string | null;
    at: Date;
  },
): Promise<PassResult> {
  const r = await q.query<{ pass: PassResult }>(
    'select echeq_inbox_pass($1, $2, $3::jsonb, $4::jsonb, $5::bigint, $6) as pass',
    [
      pass.lock,
      pass.tenantId,
      JSON.stringify(pass.writes.map(copyRecord)),
      JSON.stringify(pass.lines),
      pass.cursor,
      pass.at,
    ],
  );
  return r.rows[0]!.pass;
}

/** The bank's inbox cursor as it stands ('0' before its first run), read without writing. */
export async function cursorOf(q: Queryable, tenantId: string): Promise<string> {
  const r = await q.query<{ cursor: string }>(
    'select cursor::text as cursor from echeq_inbox_cursors where tenant_id = $1',
    [tenantId],
  );
  return r.rows[0]?.cursor ?? '0';
}
