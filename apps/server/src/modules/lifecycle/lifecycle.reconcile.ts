import { isDeepStrictEqual } from 'node:util';
import { acceptedEndorsementCount, type RegistryCheque } from '@echeq/contract';
import type { Db, Queryable } from '../../platform/db/db';
import { bankCodeOf } from '../accounts';
import type { RegistryEvent } from '../clearing';
import { partiesOf } from './lifecycle.copies';
import type { RegistryLink } from './lifecycle.link';

/** One way a bank's copies differ from what the registry's events say. */
type CopyMismatch = {
  cheque_id: string;
  company_id: string | null;
  /** `state`, `holder_cuit`, `endorsements`, `last_event`, `registry`, `missing`, `extra`, `bank_copy`, `history`. */
  field: string;
  copy: unknown;
  registry: unknown;
};

export type Reconciliation = { cursor: string; events: number; cheques: number; mismatches: CopyMismatch[] };

type Copy = {
  cheque_id: string;
  company_id: string;
  state: string;
  holder_cuit: string | null;
  endorsements: number;
  last_event: string;
  bank_copy: boolean;
  registry: RegistryCheque;
};

const PAGE = 1000;

/** Every registry event the bank's inbox has applied (up to its cursor), in order. */
async function appliedEvents(q: Queryable, link: RegistryLink, tenantId: string, until: bigint) {
  const bankCode = await bankCodeOf(q, tenantId);
  const events: RegistryEvent[] = [];
  if (!bankCode) return events;
  let cursor = '0';
  for (;;) {
    const page = await link.events(tenantId, { cursor, bankCode, limit: PAGE });
    for (const ev of page.events) if (BigInt(ev.id) <= until) events.push(ev);
    if (page.events.length < PAGE || BigInt(page.cursor) >= until) return events;
    cursor = page.cursor;
  }
}

/**
 * Compares a bank's copies and history with the registry's events it applied (those up to its inbox cursor): each
 * client company that is a party to a cheque has one copy whose state, holder, accepted endorsements, registry record
 * and last event are the cheque's after its last event; no other copy; one bank copy per cheque; every event in the
 * bank's history once. Read-only (the bank's side in one repeatable-read transaction); run it outside any
 * transaction (the link calls the registry). An empty `mismatches` means the bank agrees with the registry.
 */
export async function reconcileBank(db: Db, link: RegistryLink, tenantId: string): Promise<Reconciliation> {
  // The cursor, the copies and the history as of one moment: a pass of the inbox (or a job's event it applies) between
  // two reads would show a copy ahead of the cursor read before it. The events up to the cursor never change: they
  // are read afterwards, through the link, outside the transaction.
  const seen = await db.transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read');
    const cur = await tx.query<{ cursor: string }>(
      'select cursor::text as cursor from echeq_inbox_cursors where tenant_id = $1',
      [tenantId],
    );
    const rows = await tx.query<Copy>(
      `select cheque_id, company_id, state, holder_cuit, endorsements, last_event::text as last_event, bank_copy,
              registry
       from echeqs where tenant_id = $1 and origin = 'REGISTRY' and deleted_at is null`,
      [tenantId],
    );
    const h = await tx.query<{ event_id: string; n: number }>(
      'select event_id::text as event_id, count(*)::int as n from echeq_history where tenant_id = $1 group by event_id',
      [tenantId],
    );
    return { cursor: cur.rows[0]?.cursor ?? '0', rows: rows.rows, history: h.rows };
  });
  const cursor = seen.cursor;
  const events = await appliedEvents(db, link, tenantId, BigInt(cursor));
  const latest = new Map<string, RegistryEvent>();
  for (const ev of events) latest.set(ev.cheque_id, ev);
  const mismatches: CopyMismatch[] = [];
  const miss = (cheque_id: string, company_id: string | null, field: string, copy: unknown, registry: unknown) =>
    mismatches.push({ cheque_id, company_id, field, copy, registry });
  const copies = new Map<string, Copy>();
  for (const c of seen.rows) copies.set(`${c.cheque_id}|${c.company_id}`, c);
  const expected = new Set<string>();
  const lastEvents = [...latest.values()];
  const partiesOfEach = await partiesOf(db, tenantId, lastEvents);
  for (const [i, ev] of lastEvents.entries()) {
    const id = ev.cheque_id;
    const cheque = ev.payload.cheque;
    const parties = partiesOfEach[i]!;
    for (const p of parties) {
      expected.add(`${id}|${p.id}`);
      const c = copies.get(`${id}|${p.id}`);
      if (!c) {
        miss(id, p.id, 'missing', null, ev.id);
        continue;
      }
      if (c.state !== cheque.state) miss(id, p.id, 'state', c.state, cheque.state);
      if (c.holder_cuit !== cheque.holder_cuit) miss(id, p.id, 'holder_cuit', c.holder_cuit, cheque.holder_cuit);
      const endorsements = acceptedEndorsementCount(cheque);
      if (c.endorsements !== endorsements) miss(id, p.id, 'endorsements', c.endorsements, endorsements);
      if (c.last_event !== ev.id) miss(id, p.id, 'last_event', c.last_event, ev.id);
      if (!isDeepStrictEqual(c.registry, cheque)) miss(id, p.id, 'registry', c.registry, cheque);
    }
    const banks = seen.rows.filter((c) => c.cheque_id === id && c.bank_copy).length;
    if (parties.length > 0 && banks !== 1) miss(id, null, 'bank_copy', banks, 1);
  }
  for (const [k, c] of copies) if (!expected.has(k)) miss(c.cheque_id, c.company_id, 'extra', c.last_event, null);
  const heard = new Map(seen.history.map((r) => [r.event_id, r.n]));
  for (const ev of events) {
    const n = heard.get(ev.id) ?? 0;
    if (n !== 1) miss(ev.cheque_id, null, 'history', n, ev.id);
    heard.delete(ev.id);
  }
  for (const [id, n] of heard) miss('', null, 'history', n, `evento ${id} no aplicado`);
  return { cursor, events: events.length, cheques: latest.size, mismatches };
}
