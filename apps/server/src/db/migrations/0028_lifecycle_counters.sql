-- The lifecycle's counters (decision 040): a company's count per tray and the paying bank's queue totals, kept by
-- triggers in the same transaction as every change of `echeqs`, as the reports' counters are (0006, 0008), so a tray
-- page or a queue page reads a few counter rows instead of every registry copy of the company or every queued row.

-- Per company and tray: `total`, the copies in the tray, and `pending`, those of them that await the company today
-- (`awaiting`), over exactly the rows the trays count: registry copies (`cheque_id`) not deleted that have a tray.
create table lifecycle_tray_counters (
  company_id uuid not null,
  tray text not null,
  total bigint not null default 0,
  pending bigint not null default 0,
  primary key (company_id, tray)
);

-- Per bank (tenant), drawee bank code and currency: the bank copies PRESENTADO and the sum of their amounts, over
-- exactly the rows the paying bank's queue selects but its last condition (the issuer's bank code is the bank's).
-- The code is a key instead: the trigger needs no lookup of the bank's own code (another module's table, read on
-- every write), and the queue reads the row of its bank's code. A copy drawn on another bank (the bank's client
-- deposited it there) is counted under that bank's code and never read by this bank's queue.
create table lifecycle_presented_counters (
  tenant_id uuid not null,
  bank_code text not null,
  currency char(3) not null,
  count bigint not null default 0,
  amount numeric(24, 2) not null default 0,
  primary key (tenant_id, bank_code, currency)
);

-- The triggers are per statement, over the statement's transition tables: one upsert per affected counter row,
-- whether the statement touched one copy or a hundred thousand (the awaiting pass, a bulk load). An insert adds its
-- rows, a delete subtracts them, an update adds (new − old) per key and skips the keys whose delta is zero, so the
-- many updates that change nothing counted (`syncing`, the registry document of a copy that stays where it is, a
-- hand-registered cheque) write no counter. `insert … on conflict do update` (the inbox's upsert of a copy) fires
-- the insert trigger with the rows it inserted and the update trigger with those it updated.
-- Concurrency-safe: every write is an upsert that adds (total = total + excluded.total), so concurrent transactions
-- never lose each other's increments; a statement writes its counter rows in key order, so two statements never wait
-- on each other in a cycle. Rows are never deleted by the triggers (a zero row is harmless and avoids races); readers
-- skip zero rows. The rows are not split in shards as the bank-wide report counters are (0008): the writers of
-- these columns are a bank's inbox, which holds the bank's advisory lock for its transaction anyway, and the daily
-- awaiting pass, so two transactions rarely want the same counter row.

create function lifecycle_counters_ins() returns trigger language plpgsql as $$
begin
  insert into lifecycle_tray_counters as c (company_id, tray, total, pending)
  select n.company_id, n.tray, count(*), count(*) filter (where n.awaiting)
  from new_rows n
  where n.cheque_id is not null and n.deleted_at is null and n.tray is not null
  group by 1, 2
  order by 1, 2
  on conflict (company_id, tray)
  do update set total = c.total + excluded.total, pending = c.pending + excluded.pending;

  insert into lifecycle_presented_counters as c (tenant_id, bank_code, currency, count, amount)
  select n.tenant_id, n.registry -> 'issuer' ->> 'bank_code', n.currency, count(*), sum(n.amount)
  from new_rows n
  where n.state = 'PRESENTADO' and n.bank_copy and n.cheque_id is not null and n.deleted_at is null
    and (n.registry -> 'issuer' ->> 'bank_code') is not null
  group by 1, 2, 3
  order by 1, 2, 3
  on conflict (tenant_id, bank_code, currency)
  do update set count = c.count + excluded.count, amount = c.amount + excluded.amount;
  return null;
end $$;

create function lifecycle_counters_del() returns trigger language plpgsql as $$
begin
  insert into lifecycle_tray_counters as c (company_id, tray, total, pending)
  select o.company_id, o.tray, -count(*), -count(*) filter (where o.awaiting)
  from old_rows o
  where o.cheque_id is not null and o.deleted_at is null and o.tray is not null
  group by 1, 2
  order by 1, 2
  on conflict (company_id, tray)
  do update set total = c.total + excluded.total, pending = c.pending + excluded.pending;

  insert into lifecycle_presented_counters as c (tenant_id, bank_code, currency, count, amount)
  select o.tenant_id, o.registry -> 'issuer' ->> 'bank_code', o.currency, -count(*), -sum(o.amount)
  from old_rows o
  where o.state = 'PRESENTADO' and o.bank_copy and o.cheque_id is not null and o.deleted_at is null
    and (o.registry -> 'issuer' ->> 'bank_code') is not null
  group by 1, 2, 3
  order by 1, 2, 3
  on conflict (tenant_id, bank_code, currency)
  do update set count = c.count + excluded.count, amount = c.amount + excluded.amount;
  return null;
end $$;

create function lifecycle_counters_upd() returns trigger language plpgsql as $$
begin
  insert into lifecycle_tray_counters as c (company_id, tray, total, pending)
  select x.company_id, x.tray, sum(x.n), sum(x.p)
  from (
    select n.company_id, n.tray, 1 as n, case when n.awaiting then 1 else 0 end as p
    from new_rows n
    where n.cheque_id is not null and n.deleted_at is null and n.tray is not null
    union all
    select o.company_id, o.tray, -1, case when o.awaiting then -1 else 0 end
    from old_rows o
    where o.cheque_id is not null and o.deleted_at is null and o.tray is not null
  ) x
  group by 1, 2
  having sum(x.n) <> 0 or sum(x.p) <> 0
  order by 1, 2
  on conflict (company_id, tray)
  do update set total = c.total + excluded.total, pending = c.pending + excluded.pending;

  insert into lifecycle_presented_counters as c (tenant_id, bank_code, currency, count, amount)
  select x.tenant_id, x.bank_code, x.currency, sum(x.n), sum(x.amount)
  from (
    select n.tenant_id, n.registry -> 'issuer' ->> 'bank_code' as bank_code, n.currency, 1 as n, n.amount
    from new_rows n
    where n.state = 'PRESENTADO' and n.bank_copy and n.cheque_id is not null and n.deleted_at is null
      and (n.registry -> 'issuer' ->> 'bank_code') is not null
    union all
    select o.tenant_id, o.registry -> 'issuer' ->> 'bank_code', o.currency, -1, -o.amount
    from old_rows o
    where o.state = 'PRESENTADO' and o.bank_copy and o.cheque_id is not null and o.deleted_at is null
      and (o.registry -> 'issuer' ->> 'bank_code') is not null
  ) x
  group by 1, 2, 3
  having sum(x.n) <> 0 or sum(x.amount) <> 0
  order by 1, 2, 3
  on conflict (tenant_id, bank_code, currency)
  do update set count = c.count + excluded.count, amount = c.amount + excluded.amount;
  return null;
end $$;

create trigger lifecycle_counters_ins after insert on echeqs
  referencing new table as new_rows for each statement execute function lifecycle_counters_ins();
create trigger lifecycle_counters_del after delete on echeqs
  referencing old table as old_rows for each statement execute function lifecycle_counters_del();
create trigger lifecycle_counters_upd after update on echeqs
  referencing old table as old_rows new table as new_rows for each statement execute function lifecycle_counters_upd();

-- Emptying the cheques empties their counters.
create function lifecycle_counters_truncate() returns trigger language plpgsql as $$
begin
  delete from lifecycle_tray_counters;
  delete from lifecycle_presented_counters;
  return null;
end $$;
create trigger lifecycle_counters_truncate after truncate on echeqs
  for each statement execute function lifecycle_counters_truncate();

-- Backfill from the rows that exist already (the same conditions as the triggers').
insert into lifecycle_tray_counters (company_id, tray, total, pending)
select e.company_id, e.tray, count(*), count(*) filter (where e.awaiting)
from echeqs e
where e.cheque_id is not null and e.deleted_at is null and e.tray is not null
group by 1, 2;

insert into lifecycle_presented_counters (tenant_id, bank_code, currency, count, amount)
select e.tenant_id, e.registry -> 'issuer' ->> 'bank_code', e.currency, count(*), sum(e.amount)
from echeqs e
where e.state = 'PRESENTADO' and e.bank_copy and e.cheque_id is not null and e.deleted_at is null
  and (e.registry -> 'issuer' ->> 'bank_code') is not null
group by 1, 2, 3;
