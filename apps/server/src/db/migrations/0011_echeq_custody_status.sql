-- Each cheque's custody status (its latest custody record's, by custody date then id; null if never in custody), kept
-- on the cheque itself by a trigger in the same transaction as every change to custody. The cheque lists read it with
-- the row instead of looking up the custody records of every row of the page (about a quarter of a page's cost).
alter table echeqs add column custody_status text;

create function echeq_custody_status_sync(target uuid) returns void language plpgsql as $$
declare
  latest text;
begin
  -- The cheque's row first: a concurrent change to the same cheque's custody waits here until it commits, and the
  -- read below (a statement of its own, so a fresh snapshot) sees it.
  perform 1 from echeqs where id = target for no key update;
  select cu.status into latest from custody cu where cu.echeq_id = target
    order by cu.custody_date desc, cu.id desc limit 1;
  update echeqs set custody_status = latest where id = target and custody_status is distinct from latest;
end $$;

create function echeq_custody_status_trg() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' then
    perform echeq_custody_status_sync(old.echeq_id);
  end if;
  if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.echeq_id <> old.echeq_id) then
    perform echeq_custody_status_sync(new.echeq_id);
  end if;
  return null;
end $$;

create trigger echeq_custody_status after insert or delete or update of echeq_id, status, custody_date on custody
  for each row execute function echeq_custody_status_trg();

create function echeq_custody_status_clear() returns trigger language plpgsql as $$
begin
  update echeqs set custody_status = null where custody_status is not null;
  return null;
end $$;

create trigger echeq_custody_status_truncate after truncate on custody
  for each statement execute function echeq_custody_status_clear();

-- Backfill from the custody records that exist already.
update echeqs e set custody_status = l.status
from (
  select distinct on (cu.echeq_id) cu.echeq_id, cu.status from custody cu
  order by cu.echeq_id, cu.custody_date desc, cu.id desc
) l
where l.echeq_id = e.id;
