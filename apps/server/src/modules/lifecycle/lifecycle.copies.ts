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
export type CopyRow = { id: string; company_id: string; state: string; bank_copy: boolean; last_event: string | null };

/**
 * Writes the company's copy of the cheque as the registry says it after event `eventId`: inserted the first time
 * (the bank copy when the bank has none yet), else updated, never back to an older event. `syncing` is cleared when
 * the event answers the operation the copy awaited (`key`).
 */
export async function upsertCopy(
  tx: Queryable,
  c: { tenantId: string; party: Party; cheque: RegistryCheque; eventId: string; key: string | null; at: string },
): Promise<CopyRow | null> {
  const ch = c.cheque;
  const today = buenosAiresDateOf(c.at);
  const tray = trayOf(ch, c.party.cuit);
  const awaiting = isPending(ch, { cuit: c.party.cuit }, today);
  const r = await tx.query<CopyRow>(
    `insert into echeqs as e (tenant_id, company_id, origin, cheque_id, number, amount, currency, issue_date, due_date,
       issuer, issuer_cuit, beneficiary, beneficiary_cuit, status, validation_status, validated_at, state, registry,
       tipo, caracter, concepto, payment_date, holder_cuit, endorsements, tray, awaiting, bank_copy, last_event,
       created_at, updated_at)
     values ($1, $2, 'REGISTRY', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'VALIDATED', $14, $15, $16, $17, $18,
       $19, $8, $20, $21, $22, $23,
       not exists (select 1 from echeqs b where b.tenant_id = $1 and b.cheque_id = $3 and b.bank_copy),
       $24, $25, $25)
     on conflict (company_id, cheque_id) where cheque_id is not null do update set
       status = excluded.status, state = excluded.state, registry = excluded.registry,
       holder_cuit = excluded.holder_cuit, endorsements = excluded.endorsements, tray = excluded.tray,
       awaiting = excluded.awaiting, last_event = excluded.last_event, updated_at = $25, version = e.version + 1,
       syncing = e.syncing and e.pending_key is distinct from $26::text,
       pending_key = case when e.pending_key = $26::text then null else e.pending_key end
     where e.last_event is null or e.last_event < excluded.last_event
     returning id, company_id, state, bank_copy, last_event::text`,
    [
      c.tenantId,
      c.party.id,
      ch.cheque_id,
      ch.number,
      ch.amount,
      ch.currency,
      ch.issue_date,
      ch.payment_date,
      ch.issuer.name,
      ch.issuer.cuit,
      ch.beneficiary.name ?? ch.beneficiary.cuit,
      ch.beneficiary.cuit,
      specStatusOf(ch.state),
      ch.issued_at,
      ch.state,
      JSON.stringify(ch),
      ch.tipo,
      ch.caracter,
      ch.concepto,
      ch.holder_cuit,
      acceptedEndorsementCount(ch),
      tray,
      awaiting,
      c.eventId,
      c.at,
      c.key,
    ],
  );
  return r.rows[0] ?? null;
}

/** One line of a bank's history of a cheque: a registry event as the bank tells it. */
export type HistoryLine = {
  tenantId: string;
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

/** Records lines of the bank's history, in one statement (an event already recorded is left as it is). */
export async function insertHistory(tx: Queryable, lines: readonly HistoryLine[]): Promise<void> {
  if (lines.length === 0) return;
  await tx.query(
    `insert into echeq_history (tenant_id, cheque_id, event_id, at, event, state, party_cuit, party_name, bank, details)
     select h."tenantId", h."chequeId", h."eventId", h.at, h.event, h.state, h."partyCuit", h."partyName", h.bank,
            h.details
     from jsonb_to_recordset($1::jsonb) as h("tenantId" uuid, "chequeId" text, "eventId" bigint, at timestamptz,
       event text, state text, "partyCuit" text, "partyName" text, bank text, details jsonb)
     order by h."eventId"
     on conflict (tenant_id, event_id) do nothing`,
    [JSON.stringify(lines)],
  );
}

/**
 * The bank's inbox cursor, created at 0 the first time; read under the bank's inbox lock, in one statement: the
 * insert answers the row it created, the select the row that was there (both see the statement's snapshot, taken
 * after the lock: whoever created the row before committed it while holding the lock).
 */
export async function readCursor(tx: Queryable, tenantId: string): Promise<string> {
  const r = await tx.query<{ cursor: string }>(
    `with created as (
       insert into echeq_inbox_cursors (tenant_id) values ($1) on conflict do nothing returning cursor::text as cursor
     )
     select cursor from created
     union all
     select cursor::text as cursor from echeq_inbox_cursors where tenant_id = $1`,
    [tenantId],
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

export async function moveCursor(tx: Queryable, tenantId: string, cursor: string, at: Date): Promise<void> {
  await tx.query('update echeq_inbox_cursors set cursor = $2, updated_at = $3 where tenant_id = $1', [
    tenantId,
    cursor,
    at,
  ]);
}
