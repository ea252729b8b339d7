-- The registry writes its events at commit (decision 041). Event ids must become visible in order with no gap a
-- reader could skip (0018): each writer takes REGISTRY_EVENTS_LOCK before its insert and holds it to its commit.
-- Until now the lock was taken by a statement of the operation's transaction, and from there every later statement
-- and the COMMIT were round trips between the server process and the database: under load, each waited its turn in
-- the process's event loop while every other operation of every bank waited for the lock. Now an operation inserts
-- its events into registry_pending_events; a deferred trigger moves them into registry_events when the transaction
-- commits, inside the COMMIT statement: the lock is held for the trigger and the commit's own work only.

-- An operation's events until its commit, in the order written (seq). Never visible to another transaction: every
-- row is deleted by the trigger in the transaction that inserted it.
create table registry_pending_events (
  seq bigint generated always as identity primary key,
  cheque_id text not null,
  operation text not null,
  state text not null,
  cuits text[] not null,
  bank_code text not null,
  at timestamptz not null,
  payload jsonb not null
);

-- One pending event, at commit: takes the events' lock (727201, REGISTRY_EVENTS_LOCK in the registry's store), writes
-- the event with the banks it concerns (its paying bank and every bank that has one of its parties as adherent, read
-- under the lock as before: see insertAdherents) and deletes the pending row. Deferred row triggers fire in the order
-- their rows were inserted, so a transaction's events keep their order.
create function registry_publish_pending_event() returns trigger language plpgsql as $$
begin
  perform pg_advisory_xact_lock(727201);
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

create constraint trigger registry_pending_events_publish
  after insert on registry_pending_events
  deferrable initially deferred
  for each row execute function registry_publish_pending_event();
