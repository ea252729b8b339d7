import { buenosAiresDateOf, isPending, type RegistryCheque } from '@echeq/contract';
import type { Queryable } from '../../platform/db/db';
import type { Job } from '../../platform/jobs';

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
 */
async function refreshAwaiting(
  tx: Queryable,
  today: string,
  after: string | null,
): Promise<{ read: number; changed: number; last: string | null }> {
  const r = await tx.query<{ id: string; registry: RegistryCheque; cuit: string; awaiting: boolean }>(
    `select e.id, e.registry, btrim(co.cuit) as cuit, e.awaiting
     from echeqs e join companies co on co.id = e.company_id
     where e.cheque_id is not null and e.deleted_at is null and e.payment_date <= $1::date
       and e.state not in ('PAGADO', 'ANULADO', 'REPUDIADO', 'CADUCADO', 'RECHAZADO')
       and e.id > $2::uuid
     order by e.id limit ${BATCH}`,
    [today, after ?? '00000000-0000-0000-0000-000000000000'],
  );
  const flip = r.rows.filter((row) => isPending(row.registry, { cuit: row.cuit }, today) !== row.awaiting);
  if (flip.length > 0) {
    await tx.query('update echeqs set awaiting = not awaiting where id = any($1::uuid[])', [flip.map((x) => x.id)]);
  }
  return { read: r.rows.length, changed: flip.length, last: r.rows.at(-1)?.id ?? null };
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
