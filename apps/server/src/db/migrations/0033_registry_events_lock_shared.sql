-- The registry's events without one commit after another (decision 041). Until now every writer of events took the
-- events' lock (727201, REGISTRY_EVENTS_LOCK in the registry's event-store.ts) exclusively at commit and held it to
-- the end of its COMMIT, so the commits' WAL flushes ran one at a time and most of a COMMIT's time under load was the
-- queue for that lock. Now writers take it shared: their commits run together (and share their flushes). The order a
-- reader needs comes from the reader's side: it takes the lock exclusively for an instant, which waits for every
-- writer that took an id to have committed or rolled back, reads the highest id committed then (the horizon), lets
-- go, and reads only up to that id. An id above the horizon may be committed before a smaller one; below it, every
-- id that will ever be visible already is. Adhesions still take it exclusively to their commit (event-store.ts,
-- insertAdherents): a writer either committed before and is tagged there, or reads the new adherents.

create or replace function registry_publish_pending_event() returns trigger language plpgsql as $$
begin
  perform pg_advisory_xact_lock_shared(727201);
  with moved as (
    delete from registry_pending_events where seq = new.seq
    returning cheque_id, operation, state, cuits, bank_code, at, payload
  ), ev as (
    insert into registry_events (cheque_id, operation, state, cuits, bank_code, at, payload)
    select cheque_id, operation, state, cuits, bank_code, at, payload from moved
    returning id, bank_code, cuits
  )
  insert into registry_event_banks (bank_code, event_id)
  select ev.bank_code, ev.id from ev
  union
  select a.bank_code, ev.id from ev join registry_adherents a on a.cuit = any (ev.cuits);
  return null;
end
$$;

-- The horizon: the highest event id below which no id can still become visible. Taken and let go within the call (a
-- session lock, released before it returns, so a pooled connection keeps nothing); the caller reads the events up to
-- it in a later statement, whose snapshot sees every writer the lock waited for. Its own statement reads after the
-- lock (a volatile function's query takes a new snapshot).
create function registry_events_horizon() returns bigint language plpgsql volatile as $$
declare
  horizon bigint;
begin
  perform pg_advisory_lock(727201);
  select coalesce(max(id), 0) into horizon from registry_events;
  perform pg_advisory_unlock(727201);
  return horizon;
end
$$;
