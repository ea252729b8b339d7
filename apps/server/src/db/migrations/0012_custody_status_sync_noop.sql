-- A change to custody that leaves the cheque's custody status as it was (a cheque inserted already IN_CUSTODY with
-- its deposit, a custody record's date corrected) writes nothing to the cheque: an update of no rows would still
-- fire the cheque's statement-level report trigger.
create or replace function echeq_custody_status_sync(target uuid) returns void language plpgsql as $$
declare
  current text;
  latest text;
begin
  -- The cheque's row first: a concurrent change to the same cheque's custody waits here until it commits, and both
  -- this read (locking reads see the latest committed version) and the one below (a statement of its own, so a
  -- fresh snapshot) see it.
  select e.custody_status into current from echeqs e where e.id = target for no key update;
  if not found then
    return;
  end if;
  select cu.status into latest from custody cu where cu.echeq_id = target
    order by cu.custody_date desc, cu.id desc limit 1;
  if latest is distinct from current then
    update echeqs set custody_status = latest where id = target;
  end if;
end $$;
