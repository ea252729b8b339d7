-- Reports read model: counters kept by triggers in the same transaction as every change to custody, discounts
-- or a cheque's amount, so the custody and discount reports read a few hundred rows instead of the whole book.
-- Plus the per-minute request/probe aggregates behind the performance report.

-- Months are calendar months in Buenos Aires (the bank's business day), as the first day of the month.
create function report_month(ts timestamptz) returns date
  language sql immutable parallel safe
  as $$ select (date_trunc('month', ts at time zone 'America/Argentina/Buenos_Aires'))::date $$;

-- One row per (tenant, company, status, currency, month of custody_date): how many custody records and the sum of
-- their cheques' amounts. Rows are never deleted by the triggers (a zero row is harmless and avoids races).
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

-- Concurrency-safe: an upsert that adds, so concurrent transactions never lose each other's increments.
create function report_custody_add(
  p_tenant uuid, p_company uuid, p_status text, p_currency char(3), p_month date, p_count bigint, p_amount numeric
) returns void language sql as $$
  insert into report_custody_counters as c (tenant_id, company_id, status, currency, month, count, amount)
  values (p_tenant, p_company, p_status, p_currency, p_month, p_count, p_amount)
  on conflict (tenant_id, company_id, status, currency, month)
  do update set count = c.count + excluded.count, amount = c.amount + excluded.amount
$$;

create function report_discount_add(
  p_tenant uuid, p_company uuid, p_status text, p_currency char(3), p_month date, p_count bigint,
  p_requested numeric, p_approved numeric
) returns void language sql as $$
  insert into report_discount_counters as c
    (tenant_id, company_id, status, currency, month, count, requested_amount, approved_amount)
  values (p_tenant, p_company, p_status, p_currency, p_month, p_count, p_requested, p_approved)
  on conflict (tenant_id, company_id, status, currency, month)
  do update set count = c.count + excluded.count,
    requested_amount = c.requested_amount + excluded.requested_amount,
    approved_amount = c.approved_amount + excluded.approved_amount
$$;

-- custody: insert adds, delete subtracts, an update that changes a key field moves the record between rows.
-- The two rows of a move are always touched in key order, so two moves never wait on each other in a cycle.
create function report_custody_trg() returns trigger language plpgsql as $$
declare
  o_cur char(3); o_amt numeric; n_cur char(3); n_amt numeric;
begin
  if tg_op in ('UPDATE', 'DELETE') then
    select e.currency, e.amount into o_cur, o_amt from echeqs e where e.id = old.echeq_id;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    select e.currency, e.amount into n_cur, n_amt from echeqs e where e.id = new.echeq_id;
  end if;
  if tg_op = 'INSERT' then
    perform report_custody_add(new.tenant_id, new.company_id, new.status, n_cur, report_month(new.custody_date), 1, n_amt);
    return null;
  elsif tg_op = 'DELETE' then
    perform report_custody_add(old.tenant_id, old.company_id, old.status, o_cur, report_month(old.custody_date), -1, -o_amt);
    return null;
  end if;
  if (old.tenant_id, old.company_id, old.status, o_cur, report_month(old.custody_date))
     <= (new.tenant_id, new.company_id, new.status, n_cur, report_month(new.custody_date)) then
    perform report_custody_add(old.tenant_id, old.company_id, old.status, o_cur, report_month(old.custody_date), -1, -o_amt);
    perform report_custody_add(new.tenant_id, new.company_id, new.status, n_cur, report_month(new.custody_date), 1, n_amt);
  else
    perform report_custody_add(new.tenant_id, new.company_id, new.status, n_cur, report_month(new.custody_date), 1, n_amt);
    perform report_custody_add(old.tenant_id, old.company_id, old.status, o_cur, report_month(old.custody_date), -1, -o_amt);
  end if;
  return null;
end $$;

create trigger report_custody_ins after insert on custody for each row execute function report_custody_trg();
create trigger report_custody_del after delete on custody for each row execute function report_custody_trg();
create trigger report_custody_upd after update of status, tenant_id, company_id, echeq_id, custody_date on custody
  for each row
  when (old.status is distinct from new.status or old.tenant_id is distinct from new.tenant_id
        or old.company_id is distinct from new.company_id or old.echeq_id is distinct from new.echeq_id
        or old.custody_date is distinct from new.custody_date)
  execute function report_custody_trg();

create function report_discount_trg() returns trigger language plpgsql as $$
declare
  o_cur char(3); n_cur char(3);
begin
  if tg_op in ('UPDATE', 'DELETE') then
    select e.currency into o_cur from echeqs e where e.id = old.echeq_id;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    select e.currency into n_cur from echeqs e where e.id = new.echeq_id;
  end if;
  if tg_op = 'INSERT' then
    perform report_discount_add(new.tenant_id, new.company_id, new.status, n_cur, report_month(new.requested_at), 1,
      new.requested_amount, coalesce(new.approved_amount, 0));
    return null;
  elsif tg_op = 'DELETE' then
    perform report_discount_add(old.tenant_id, old.company_id, old.status, o_cur, report_month(old.requested_at), -1,
      -old.requested_amount, -coalesce(old.approved_amount, 0));
    return null;
  end if;
  if (old.tenant_id, old.company_id, old.status, o_cur, report_month(old.requested_at))
     <= (new.tenant_id, new.company_id, new.status, n_cur, report_month(new.requested_at)) then
    perform report_discount_add(old.tenant_id, old.company_id, old.status, o_cur, report_month(old.requested_at), -1,
      -old.requested_amount, -coalesce(old.approved_amount, 0));
    perform report_discount_add(new.tenant_id, new.company_id, new.status, n_cur, report_month(new.requested_at), 1,
      new.requested_amount, coalesce(new.approved_amount, 0));
  else
    perform report_discount_add(new.tenant_id, new.company_id, new.status, n_cur, report_month(new.requested_at), 1,
      new.requested_amount, coalesce(new.approved_amount, 0));
    perform report_discount_add(old.tenant_id, old.company_id, old.status, o_cur, report_month(old.requested_at), -1,
      -old.requested_amount, -coalesce(old.approved_amount, 0));
  end if;
  return null;
end $$;

create trigger report_discount_ins after insert on discounts for each row execute function report_discount_trg();
create trigger report_discount_del after delete on discounts for each row execute function report_discount_trg();
create trigger report_discount_upd
  after update of status, tenant_id, company_id, echeq_id, requested_at, requested_amount, approved_amount on discounts
  for each row
  when (old.status is distinct from new.status or old.tenant_id is distinct from new.tenant_id
        or old.company_id is distinct from new.company_id or old.echeq_id is distinct from new.echeq_id
        or old.requested_at is distinct from new.requested_at
        or old.requested_amount is distinct from new.requested_amount
        or old.approved_amount is distinct from new.approved_amount)
  execute function report_discount_trg();

-- A cheque whose amount or currency changes: its custody records (and, for the currency, its discounts) move.
create function report_echeq_trg() returns trigger language plpgsql as $$
declare
  r record;
begin
  for r in select c.tenant_id, c.company_id, c.status, report_month(c.custody_date) as month
           from custody c where c.echeq_id = new.id order by c.id loop
    perform report_custody_add(r.tenant_id, r.company_id, r.status, old.currency, r.month, -1, -old.amount);
    perform report_custody_add(r.tenant_id, r.company_id, r.status, new.currency, r.month, 1, new.amount);
  end loop;
  if old.currency is distinct from new.currency then
    for r in select d.tenant_id, d.company_id, d.status, report_month(d.requested_at) as month,
                    d.requested_amount, coalesce(d.approved_amount, 0) as approved_amount
             from discounts d where d.echeq_id = new.id order by d.id loop
      perform report_discount_add(r.tenant_id, r.company_id, r.status, old.currency, r.month, -1,
        -r.requested_amount, -r.approved_amount);
      perform report_discount_add(r.tenant_id, r.company_id, r.status, new.currency, r.month, 1,
        r.requested_amount, r.approved_amount);
    end loop;
  end if;
  return null;
end $$;

create trigger report_echeq_upd after update of amount, currency on echeqs
  for each row
  when (old.amount is distinct from new.amount or old.currency is distinct from new.currency)
  execute function report_echeq_trg();

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
from custody c join echeqs e on e.id = c.echeq_id
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
