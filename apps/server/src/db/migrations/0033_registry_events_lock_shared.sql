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

-- A bank's events after its cursor, up to the horizon: the highest event id below which no id can still become
-- visible. The lock is held only to read the horizon (a session lock, released before the read, so a pooled
-- connection keeps nothing and no writer waits for the read); each query takes a snapshot of its own (a volatile
-- function's queries do, in READ COMMITTED), after the lock, so they see every writer it waited for. One round trip.
create function registry_events_after(p_bank_code text, p_cursor bigint, p_limit integer)
returns table (id bigint, cheque_id text, operation text, state text, cuits text[], bank_code text,
  at timestamptz, payload jsonb)
language plpgsql volatile as $$
declare
  horizon bigint;
begin
  -- The horizon is read under the lock: once it is let go, a new writer may commit a larger id before a smaller one.
  perform pg_advisory_lock(727201);
  select coalesce(max(e.id), 0) into horizon from registry_events e;
  perform pg_advisory_unlock(727201);
  return query
    select e.id, e.cheque_id, e.operation, e.state, e.cuits, e.bank_code, e.at, e.payload
    from registry_event_banks b join registry_events e on e.id = b.event_id
    where b.bank_code = p_bank_code and b.event_id > p_cursor and b.event_id <= horizon
    order by b.event_id limit p_limit;
end
$$;
