import type { Queryable } from '../../../platform/db/db';
import type { RegistryEvent } from './types';

/**
 * The registry's events as the banks read them and its adherents (tables of migrations 0018, 0027 and 0030), and the
 * lock that keeps the events' ids visible in order. Like store.ts, every function runs on the caller's query handle.
 */

/**
 * The advisory lock that keeps the events' ids visible in order (jobs use 727_1xx, the migrations 727_001; migrations
 * 0030 and 0033 write the number in their functions). Why: ids come from a sequence when the insert runs, but
 * transactions commit in any order, so a reader could see id 6 committed, move its cursor to 6, and later find id 5
 * committed. Every writer of events takes it shared before its insert and holds it to the end of its transaction (a
 * deferred trigger inside its COMMIT: store.ts recordChange, migrations 0030 and 0033), so writers never wait for each
 * other and their commits' flushes run together. A reader takes it exclusively for an instant
 * (`registry_events_after`, migration 0033): that waits for every writer that took an id to have committed or rolled back
 * (PostgreSQL makes a commit visible before it releases the transaction's locks), and the highest id committed then
 * is the horizon: every smaller id that will ever be visible already is. The reader reads up to it only. An adhesion
 * takes it exclusively to its commit (`insertAdherents`).
 */
const REGISTRY_EVENTS_LOCK = 727_201;

/**
 * Adheres `cuits` (sorted, once each: two adhesions of overlapping lists insert in one order and cannot deadlock) to
 * the bank: answers the CUITs that were not its adherents yet. For those, the events already written that name them
 * are tagged for the bank too, under REGISTRY_EVENTS_LOCK: an event written at the same time either committed before
 * the lock was taken here (found by this statement) or takes the lock after this transaction committed (and reads the
 * new adherents). The bank sees those of them after its cursor, as it would have had the company adhered earlier.
 */
export async function insertAdherents(
  q: Queryable,
  bankCode: string,
  cuits: readonly string[],
  at: string,
): Promise<string[]> {
  const r = await q.query<{ cuit: string }>(
    `insert into registry_adherents (cuit, bank_code, adhered_at)
     select c, $2::text, $3::timestamptz from unnest($1::text[]) with ordinality as u(c, n) order by n
     on conflict (cuit, bank_code) do nothing returning cuit`,
    [cuits, bankCode, at],
  );
  const added = r.rows.map((x) => x.cuit);
  if (added.length === 0) return added;
  await q.query('select pg_advisory_xact_lock($1)', [REGISTRY_EVENTS_LOCK]);
  await q.query(
    `insert into registry_event_banks (bank_code, event_id)
     select $1::text, e.id from registry_events e where e.cuits && $2::text[]
     on conflict (bank_code, event_id) do nothing`,
    [bankCode, added],
  );
  return added;
}

type EventRow = Omit<RegistryEvent, 'at'> & { at: string | Date };

/**
 * The events after `cursor` that concern the bank (registry_event_banks), in id order, up to the horizon (see
 * REGISTRY_EVENTS_LOCK; migration 0033's `registry_events_after`: the lock, then the read, in one call).
 */
export async function eventsAfter(
  q: Queryable,
  cursor: string,
  bankCode: string,
  limit: number,
): Promise<RegistryEvent[]> {
  const r = await q.query<EventRow>(
    `select id::text as id, cheque_id, operation, state, cuits, bank_code, at, payload
     from registry_events_after($1, $2::bigint, $3::integer)`,
    [bankCode, cursor, limit],
  );
  return r.rows.map((e) => ({ ...e, at: new Date(e.at).toISOString() }));
}
