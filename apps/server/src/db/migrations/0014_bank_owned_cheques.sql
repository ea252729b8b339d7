-- Issue 20, item 1. A cheque the bank has paid out on is the bank's, and a cheque number is used once per bank.

-- When a discount on the cheque was approved (null: never). Set in the approval's transaction and never cleared: an
-- approved discount only moves on to COMPLETED, so from that moment to the end of its life the cheque and its custody
-- cannot be edited, cancelled, deleted or released by the company. Kept on the cheque (not looked up in discounts)
-- so the lists can show it and every check reads it from the row it has already locked.
alter table echeqs add column discounted_at timestamptz;

update echeqs e set discounted_at = d.approved_at
from (
  select echeq_id, min(coalesce(approved_at, completed_at, updated_at)) as approved_at
  from discounts where status in ('APPROVED', 'COMPLETED') group by echeq_id
) d
where d.echeq_id = e.id;

-- A deleted cheque keeps its number: the bank's unique index no longer leaves deleted cheques out. Numbers that were
-- already registered again before this migration (a deleted cheque and a later one with the same number) stay as
-- they are: all but the live one of each group (or the newest, when all are deleted) are marked and left out of the
-- index. Nothing else ever sets the mark.
alter table echeqs add column number_reissued boolean not null default false;

update echeqs e set number_reissued = true
where e.deleted_at is not null
  and exists (
    select 1 from echeqs o
    where o.tenant_id = e.tenant_id and o.number = e.number and o.id <> e.id
      and (o.deleted_at is null or (o.created_at, o.id) > (e.created_at, e.id))
  );

drop index echeqs_tenant_number_key;
create unique index echeqs_tenant_number_key on echeqs (tenant_id, number) where not number_reissued;
