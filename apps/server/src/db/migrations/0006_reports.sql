-- Reports read model: counters kept by triggers in the same transaction as every change to custody, discounts
-- or a cheque's amount, so the custody and discount reports read a few hundred rows instead of the whole book.
-- Plus the per-minute request/probe aggregates behind the performance report.

-- Months are calendar months in Buenos Aires (the bank's business day), as the first day of the month.
create function report_month(ts timestamptz) returns date
  language sql immutable parallel safe
  as $$ select (date_trunc('month', ts at time zone 'America/Argentina/Buenos_Aires'))::date $$;

-- One row per (tenant, company, status, currency, month of custody_date): how many custody records and the sum of
-- their cheques' amounts, over the cheques not deleted (as the custody lists count them). Rows are never deleted by the triggers (a zero row is harmless and avoids races).
create table report_custody_counters (
  tenant_id uuid not null,
  company_id uuid not null,
  status text not null,
  currency char(3) not null,
  month date not null,
  count bigint not null default 0,
  amount numeric(24, 2) not null default 0,
  primary key (tenant_id, company_id, status, currency, month)
);

-- The same for discounts by month of requested_at: count, requested and approved amounts.
create table report_discount_counters (
  tenant_id uuid not null,
  company_id uuid not null,
  status text not null,
  currency char(3) not null,
  month date not null,
  count bigint not null default 0,
  requested_amount numeric(24, 2) not null default 0,
  approved_amount numeric(24, 2) not null default 0,
  primary key (tenant_id, company_id, status, currency, month)
);

-- The triggers are per statement, over the statement's transition tables: one upsert per affected counter row,
-- whether the statement touched one record or a hundred thousand (the expiry job, a bulk load).
-- Concurrency-safe: every write is an upsert that adds (count = count + excluded.count), so concurrent transactions
-- never lose each other's increments; the counter rows are written in key order, so two statements never wait on
-- each other in a cycle. An update adds (new − old) per key and skips keys whose delta is zero, so an update that
-- changes no counted field writes nothing.

create function report_custody_ins() returns trigger language plpgsql as $$
begin
  insert into report_custody_counters as c (tenant_id, company_id, status, currency, month, count, amount)
  select n.tenant_id, n.company_id, n.status, e.currency, report_month(n.custody_date), count(*), sum(e.amount)
  from new_rows n join echeqs e on e.id = n.echeq_id and e.deleted_at is null
  group by 1, 2, 3, 4, 5
  order by 1, 2, 3, 4, 5
  on conflict (tenant_id, company_id, status, currency, month)
  do update set count = c.count + excluded.count, amount = c.amount + excluded.amount;
  return null;
end $$;

create function report_custody_del() returns trigger language plpgsql as $$
begin
  insert into report_custody_counters as c (tenant_id, company_id, status, currency, month, count, amount)
  select o.tenant_id, o.company_id, o.status, e.currency, report_month(o.custody_date), -count(*), -sum(e.amount)
  from old_rows o join echeqs e on e.id = o.echeq_id and e.deleted_at is null
  group by 1, 2, 3, 4, 5
  order by 1, 2, 3, 4, 5
  on conflict (tenant_id, company_id, status, currency, month)
  do update set count = c.count + excluded.count, amount = c.amount + excluded.amount;
  return null;
end $$;

create function report_custody_upd() returns trigger language plpgsql as $$
begin
  insert into report_custody_counters as c (tenant_id, company_id, status, currency, month, count, amount)
  select x.tenant_id, x.company_id, x.status, x.currency, x.month, sum(x.n), sum(x.amount)
  from (
    select n.tenant_id, n.company_id, n.status, e.currency, report_month(n.custody_date) as month,
           1 as n, e.amount
    from new_rows n join echeqs e on e.id = n.echeq_id and e.deleted_at is null
    union all
    select o.tenant_id, o.company_id, o.status, e.currency, report_month(o.custody_date), -1, -e.amount
    from old_rows o join echeqs e on e.id = o.echeq_id and e.deleted_at is null
  ) x
  group by 1, 2, 3, 4, 5
  having sum(x.n) <> 0 or sum(x.amount) <> 0
  order by 1, 2, 3, 4, 5
  on conflict (tenant_id, company_id, status, currency, month)
  do update set count = c.count + excluded.count, amount = c.amount + excluded.amount;
  return null;
end $$;

create trigger report_custody_ins after insert on custody
  referencing new table as new_rows for each statement execute function report_custody_ins();
create trigger report_custody_del after delete on custody
  referencing old table as old_rows for each statement execute function report_custody_del();
create trigger report_custody_upd after update on custody
  referencing old table as old_rows new table as new_rows for each statement execute function report_custody_upd();

create function report_discount_ins() returns trigger language plpgsql as $$
begin
  insert into report_discount_counters as c
    (tenant_id, company_id, status, currency, month, count, requested_amount, approved_amount)
  select n.tenant_id, n.company_id, n.status, e.currency, report_month(n.requested_at), count(*),
         sum(n.requested_amount), coalesce(sum(n.approved_amount), 0)
  from new_rows n join echeqs e on e.id = n.echeq_id
  group by 1, 2, 3, 4, 5
  order by 1, 2, 3, 4, 5
  on conflict (tenant_id, company_id, status, currency, month)
  do update set count = c.count + excluded.count,
    requested_amount = c.requested_amount + excluded.requested_amount,
    approved_amount = c.approved_amount + excluded.approved_amount;
  return null;
end $$;

create function report_discount_del() returns trigger language plpgsql as $$
begin
  insert into report_discount_counters as c
    (tenant_id, company_id, status, currency, month, count, requested_amount, approved_amount)
  select o.tenant_id, o.company_id, o.status, e.currency, report_month(o.requested_at), -count(*),
         -sum(o.requested_amount), -coalesce(sum(o.approved_amount), 0)
  from old_rows o join echeqs e on e.id = o.echeq_id
  group by 1, 2, 3, 4, 5
  order by 1, 2, 3, 4, 5
  on conflict (tenant_id, company_id, status, currency, month)
  do update set count = c.count + excluded.count,
    requested_amount = c.requested_amount + excluded.requested_amount,
    approved_amount = c.approved_amount + excluded.approved_amount;
  return null;
end $$;

create function report_discount_upd() returns trigger language plpgsql as $$
begin
  insert into report_discount_counters as c
    (tenant_id, company_id, status, currency, month, count, requested_amount, approved_amount)
  select x.tenant_id, x.company_id, x.status, x.currency, x.month, sum(x.n), sum(x.requested), sum(x.approved)
  from (
    select n.tenant_id, n.company_id, n.status, e.currency, report_month(n.requested_at) as month, 1 as n,
           n.requested_amount as requested, coalesce(n.approved_amount, 0) as approved
    from new_rows n join echeqs e on e.id = n.echeq_id
    union all
    select o.tenant_id, o.company_id, o.status, e.currency, report_month(o.requested_at), -1,
           -o.requested_amount, -coalesce(o.approved_amount, 0)
    from old_rows o join echeqs e on e.id = o.echeq_id
  ) x
  group by 1, 2, 3, 4, 5
  having sum(x.n) <> 0 or sum(x.requested) <> 0 or sum(x.approved) <> 0
  order by 1, 2, 3, 4, 5
  on conflict (tenant_id, company_id, status, currency, month)
  do update set count = c.count + excluded.count,
    requested_amount = c.requested_amount + excluded.requested_amount,
    approved_amount = c.approved_amount + excluded.approved_amount;
  return null;
end $$;

create trigger report_discount_ins after insert on discounts
  referencing new table as new_rows for each statement execute function report_discount_ins();
create trigger report_discount_del after delete on discounts
  referencing old table as old_rows for each statement execute function report_discount_del();
create trigger report_discount_upd after update on discounts
  referencing old table as old_rows new table as new_rows for each statement execute function report_discount_upd();

-- A cheque whose amount or currency changes: its custody records move by the difference, and its discounts move
-- between currencies. A soft-deleted cheque's custody records leave the counters (the custody lists leave them out
-- too) and come back if it is restored. Updates of other columns (validation, status) write nothing.
create function report_echeq_upd() returns trigger language plpgsql as $$
begin
  insert into report_custody_counters as c (tenant_id, company_id, status, currency, month, count, amount)
  select x.tenant_id, x.company_id, x.status, x.currency, x.month, sum(x.n), sum(x.amount)
  from (
    select k.tenant_id, k.company_id, k.status, n.currency, report_month(k.custody_date) as month, 1 as n, n.amount
    from new_rows n join old_rows o on o.id = n.id join custody k on k.echeq_id = n.id
    where n.deleted_at is null
      and (n.amount is distinct from o.amount or n.currency is distinct from o.currency or o.deleted_at is not null)
    union all
    select k.tenant_id, k.company_id, k.status, o.currency, report_month(k.custody_date), -1, -o.amount
    from new_rows n join old_rows o on o.id = n.id join custody k on k.echeq_id = n.id
    where o.deleted_at is null
      and (n.amount is distinct from o.amount or n.currency is distinct from o.currency or n.deleted_at is not null)
  ) x
  group by 1, 2, 3, 4, 5
  having sum(x.n) <> 0 or sum(x.amount) <> 0
  order by 1, 2, 3, 4, 5
  on conflict (tenant_id, company_id, status, currency, month)
  do update set count = c.count + excluded.count, amount = c.amount + excluded.amount;

  insert into report_discount_counters as c
    (tenant_id, company_id, status, currency, month, count, requested_amount, approved_amount)
  select x.tenant_id, x.company_id, x.status, x.currency, x.month, sum(x.n), sum(x.requested), sum(x.approved)
  from (
    select d.tenant_id, d.company_id, d.status, n.currency, report_month(d.requested_at) as month, 1 as n,
           d.requested_amount as requested, coalesce(d.approved_amount, 0) as approved
    from new_rows n join old_rows o on o.id = n.id join discounts d on d.echeq_id = n.id
    where n.currency is distinct from o.currency
    union all
    select d.tenant_id, d.company_id, d.status, o.currency, report_month(d.requested_at), -1,
           -d.requested_amount, -coalesce(d.approved_amount, 0)
    from new_rows n join old_rows o on o.id = n.id join discounts d on d.echeq_id = n.id
    where n.currency is distinct from o.currency
  ) x
  group by 1, 2, 3, 4, 5
  having sum(x.n) <> 0 or sum(x.requested) <> 0 or sum(x.approved) <> 0
  order by 1, 2, 3, 4, 5
  on conflict (tenant_id, company_id, status, currency, month)
  do update set count = c.count + excluded.count,
    requested_amount = c.requested_amount + excluded.requested_amount,
    approved_amount = c.approved_amount + excluded.approved_amount;
  return null;
end $$;

create trigger report_echeq_upd after update on echeqs
  referencing old table as old_rows new table as new_rows for each statement execute function report_echeq_upd();

-- Emptying a table empties its counters.
create function report_truncate_trg() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'custody' then
    delete from report_custody_counters;
  else
    delete from report_discount_counters;
  end if;
  return null;
end $$;
create trigger report_custody_truncate after truncate on custody
  for each statement execute function report_truncate_trg();
create trigger report_discount_truncate after truncate on discounts
  for each statement execute function report_truncate_trg();

-- Backfill from the rows that exist already.
insert into report_custody_counters (tenant_id, company_id, status, currency, month, count, amount)
select c.tenant_id, c.company_id, c.status, e.currency, report_month(c.custody_date), count(*), sum(e.amount)
from custody c join echeqs e on e.id = c.echeq_id and e.deleted_at is null
group by 1, 2, 3, 4, 5;

insert into report_discount_counters
  (tenant_id, company_id, status, currency, month, count, requested_amount, approved_amount)
select d.tenant_id, d.company_id, d.status, e.currency, report_month(d.requested_at), count(*),
       sum(d.requested_amount), coalesce(sum(d.approved_amount), 0)
from discounts d join echeqs e on e.id = d.echeq_id
group by 1, 2, 3, 4, 5;

-- Date-range reports aggregate the rows directly; for the platform-wide scope custody has custody_list_idx
-- (custody_date), discounts this one.
create index discounts_requested_at_idx on discounts (requested_at);

-- Performance: requests and clearing-house probes per minute, added up by every server process (upsert adds).
-- kind 'http' (group = first path segment under /api) or 'probe' (group = what was probed).
-- buckets: counts per latency bucket (upper bounds in ms in the server's metrics recorder), cumulative-free.
create table metrics_minute (
  minute timestamptz not null,
  kind text not null check (kind in ('http', 'probe')),
  route_group text not null,
  count bigint not null default 0,
  error_count bigint not null default 0,
  sum_ms double precision not null default 0,
  max_ms double precision not null default 0,
  buckets bigint[] not null default '{}',
  primary key (minute, kind, route_group)
);
