import { buenosAiresDateOf, isPending, type RegistryCheque } from '@echeq/contract';
import type { Queryable } from '../../platform/db/db';
import type { Job } from '../../platform/jobs';
import { INBOX_LOCK } from './lifecycle.pass';

/** Copies read and written at a time. */
const BATCH = 500;

/**
 * Whether a copy awaits its company (`awaiting`, the trays' `pending`) is worked out when an event is applied, on
 * the event's date; but the windows move with the date: an acceptance window closes after the payment date, the
 * deposit window opens on it and closes after payment date + N. Between the event and today nothing else changes, so
 * only copies in a state that is not final (PAGADO, ANULADO, REPUDIADO, CADUCADO, and RECHAZADO, which offers nothing
 * yet) whose payment date has come can answer otherwise (before it, every window is as it was on the event's day).
 * Their `awaiting` is worked out again for `today`, a batch of copies after `after` (by id); answers how many it read,
 * how many it changed and the last id.
 *
 * The copies it changes are written under their banks' inbox locks (decision 040): a bank's inbox writes its copies,
 * and through the triggers its companies' tray counters, statement by statement in the events' order, while this
 * statement writes the counter rows of many companies at once in key order; without the lock the two could each
 * hold a counter row the other waits for. The locks are taken in one order, before any row is written, and a copy an
 * inbox changed between the read and the lock (its `last_event` moved) keeps what the inbox worked out for it.
 */
async function refreshAwaiting(
  tx: Queryable,
  today: string,
  after: string | null,
): Promise<{ read: number; changed: number; last: string | null }> {
  const r = await tx.query<{
    id: string;
    tenant_id: string;
    registry: RegistryCheque;
    cuit: string;
    awaiting: boolean;
    last_event: string | null;
  }>(
    `select e.id, e.tenant_id, e.registry, btrim(co.cuit) as cuit, e.awaiting, e.last_event::text
     from echeqs e join companies co on co.id = e.company_id
     where e.cheque_id is not null and e.deleted_at is null and e.payment_date <= $1::date
       and e.state not in ('PAGADO', 'ANULADO', 'REPUDIADO', 'CADUCADO', 'RECHAZADO')
       and e.id > $2::uuid
     order by e.id limit ${BATCH}`,
    [today, after ?? '00000000-0000-0000-0000-000000000000'],
  );
  const flip = r.rows.filter((row) => isPending(row.registry, { cuit: row.cuit }, today) !== row.awaiting);
  for (const bank of [...new Set(flip.map((x) => x.tenant_id))].sort()) {
    await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [INBOX_LOCK, bank]);
  }
  let changed = 0;
  if (flip.length > 0) {
    const u = await tx.query(
      `update echeqs e set awaiting = not e.awaiting
       from unnest($1::uuid[], $2::bigint[]) as f(id, last_event)
       where e.id = f.id and e.last_event is not distinct from f.last_event`,
      [flip.map((x) => x.id), flip.map((x) => x.last_event)],
    );
    changed = u.rowCount;
  }
  return { read: r.rows.length, changed, last: r.rows.at(-1)?.id ?? null };
}

/**
 * Keeps `awaiting` true for the day: at start and on the first run of every Buenos Aires day, a pass over the copies
 * whose answer may have changed (refreshAwaiting), a batch per run (the job's lock: one process at a time; a pass
 * that two processes both make writes the same values). Each process remembers the day it finished.
 */
export function awaitingJob(): Job {
  let done: string | null = null;
  let pass: { today: string; after: string | null } | null = null;
  return {
    id: 727_122,
    name: 'echeq-awaiting',
    everyMs: 60_000,
    async run({ tx, now }) {
      const today = buenosAiresDateOf(now);
      if (done === today) return { more: false, changed: 0 };
      if (pass?.today !== today) pass = { today, after: null };
      const batch = await refreshAwaiting(tx, today, pass.after);
      pass.after = batch.last;
      const more = batch.read === BATCH;
      if (!more) {
        done = today;
        pass = null;
      }
      return { more, changed: batch.changed };
    },
    again: (result) => (result as { more: boolean }).more,
  };
}
