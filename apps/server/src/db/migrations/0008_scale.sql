-- Scale: text search that does not read the whole book, list indexes that answer a page (and skip an offset) without
-- reading the table, and bank-wide report counters that a large bank reads in a few hundred rows.

create extension if not exists pg_trgm;

-- The cheque's searchable text, lower-cased once when written: number, issuer and beneficiary, separated by a control
-- character no search can contain (a search never matches across two fields). Lists search it with LIKE.
alter table echeqs add column search_text text
  generated always as (lower(number || chr(31) || issuer || chr(31) || beneficiary)) stored;

-- A fragment found in few cheques (a number, a rare name): trigram index, read as a bitmap.
create index echeqs_search_trgm_idx on echeqs using gin (search_text gin_trgm_ops) where deleted_at is null;

-- A common name: the list order walked newest first, the search text tested on the index entries themselves (no
-- table read) until the page is full. The same indexes give a page's ids at any offset without reading the table.
drop index echeqs_tenant_list_idx;
create index echeqs_tenant_list_idx on echeqs (tenant_id, created_at desc, id desc) include (search_text)
  where deleted_at is null;
drop index echeqs_company_list_idx;
create index echeqs_company_list_idx on echeqs (company_id, created_at desc, id desc) include (search_text)
  where deleted_at is null;

-- Bank-wide report counters: the per-company counters summed per (bank, status, currency, month). Kept by triggers on
-- the per-company counters, so in the same transaction as the change that moved them. Each row is split in shards by
-- the writing connection (its backend process id), so concurrent transactions of one bank do not queue on one
-- counter row; a report sums the shards.
create table report_custody_bank (
  tenant_id uuid not null,
  status text not null,
  currency char(3) not null,
  month date not null,
  shard smallint not null,
  count bigint not null default 0,
  amount numeric(24, 2) not null default 0,
  primary key (tenant_id, status, currency, month, shard)
);

create table report_discount_bank (
  tenant_id uuid not null,
  status text not null,
  currency char(3) not null,
  month date not null,
  shard smallint not null,
  count bigint not null default 0,
  requested_amount numeric(24, 2) not null default 0,
  approved_amount numeric(24, 2) not null default 0,
  primary key (tenant_id, status, currency, month, shard)
);

create function report_shard() returns smallint language sql volatile
  as $$ select (pg_backend_pid() % 16)::smallint $$;

-- One function per table and event: the statement's rows (inserted: +, deleted: −, updated: new − old) summed per
-- bank key, upserted in key order (no deadlock between two statements).
create function report_custody_bank_ins() returns trigger language plpgsql as $$
begin
  insert into report_custody_bank as b (tenant_id, status, currency, month, shard, count, amount)
  select n.tenant_id, n.status, n.currency, n.month, report_shard(), sum(n.count), sum(n.amount)
  from new_rows n group by 1, 2, 3, 4 order by 1, 2, 3, 4
  on conflict (tenant_id, status, currency, month, shard)
  do update set count = b.count + excluded.count, amount = b.amount + excluded.amount;
  return null;
end $$;

create function report_custody_bank_del() returns trigger language plpgsql as $$
begin
  insert into report_custody_bank as b (tenant_id, status, currency, month, shard, count, amount)
  select o.tenant_id, o.status, o.currency, o.month, report_shard(), -sum(o.count), -sum(o.amount)
  from old_rows o group by 1, 2, 3, 4 order by 1, 2, 3, 4
  on conflict (tenant_id, status, currency, month, shard)
  do update set count = b.count + excluded.count, amount = b.amount + excluded.amount;
  return null;
end $$;

create function report_custody_bank_upd() returns trigger language plpgsql as $$
begin
  insert into report_custody_bank as b (tenant_id, status, currency, month, shard, count, amount)
  select x.tenant_id, x.status, x.currency, x.month, report_shard(), sum(x.count), sum(x.amount)
  from (
    select n.tenant_id, n.status, n.currency, n.month, n.count, n.amount from new_rows n
    union all
    select o.tenant_id, o.status, o.currency, o.month, -o.count, -o.amount from old_rows o
  ) x
  group by 1, 2, 3, 4
  having sum(x.count) <> 0 or sum(x.amount) <> 0
  order by 1, 2, 3, 4
  on conflict (tenant_id, status, currency, month, shard)
  do update set count = b.count + excluded.count, amount = b.amount + excluded.amount;
  return null;
end $$;

create trigger report_custody_bank_ins after insert on report_custody_counters
  referencing new table as new_rows for each statement execute function report_custody_bank_ins();
create trigger report_custody_bank_del after delete on report_custody_counters
  referencing old table as old_rows for each statement execute function report_custody_bank_del();
create trigger report_custody_bank_upd after update on report_custody_counters
  referencing old table as old_rows new table as new_rows for each statement execute function report_custody_bank_upd();

create function report_discount_bank_ins() returns trigger language plpgsql as $$
begin
  insert into report_discount_bank as b
    (tenant_id, status, currency, month, shard, count, requested_amount, approved_amount)
  select n.tenant_id, n.status, n.currency, n.month, report_shard(), sum(n.count), sum(n.requested_amount),
         sum(n.approved_amount)
  from new_rows n group by 1, 2, 3, 4 order by 1, 2, 3, 4
  on conflict (tenant_id, status, currency, month, shard)
  do update set count = b.count + excluded.count,
    requested_amount = b.requested_amount + excluded.requested_amount,
    approved_amount = b.approved_amount + excluded.approved_amount;
  return null;
end $$;

create function report_discount_bank_del() returns trigger language plpgsql as $$
begin
  insert into report_discount_bank as b
    (tenant_id, status, currency, month, shard, count, requested_amount, approved_amount)
  select o.tenant_id, o.status, o.currency, o.month, report_shard(), -sum(o.count), -sum(o.requested_amount),
         -sum(o.approved_amount)
  from old_rows o group by 1, 2, 3, 4 order by 1, 2, 3, 4
  on conflict (tenant_id, status, currency, month, shard)
  do update set count = b.count + excluded.count,
    requested_amount = b.requested_amount + excluded.requested_amount,
    approved_amount = b.approved_amount + excluded.approved_amount;
  return null;
end $$;

create function report_discount_bank_upd() returns trigger language plpgsql as $$
begin
  insert into report_discount_bank as b
    (tenant_id, status, currency, month, shard, count, requested_amount, approved_amount)
  select x.tenant_id, x.status, x.currency, x.month, report_shard(), sum(x.count), sum(x.requested),
         sum(x.approved)
  from (
    select n.tenant_id, n.status, n.currency, n.month, n.count, n.requested_amount as requested,
           n.approved_amount as approved
    from new_rows n
    union all
    select o.tenant_id, o.status, o.currency, o.month, -o.count, -o.requested_amount, -o.approved_amount
    from old_rows o
  ) x
  group by 1, 2, 3, 4
  having sum(x.count) <> 0 or sum(x.requested) <> 0 or sum(x.approved) <> 0
  order by 1, 2, 3, 4
  on conflict (tenant_id, status, currency, month, shard)
  do update set count = b.count + excluded.count,
    requested_amount = b.requested_amount + excluded.requested_amount,
    approved_amount = b.approved_amount + excluded.approved_amount;
  return null;
end $$;

create trigger report_discount_bank_ins after insert on report_discount_counters
  referencing new table as new_rows for each statement execute function report_discount_bank_ins();
create trigger report_discount_bank_del after delete on report_discount_counters
  referencing old table as old_rows for each statement execute function report_discount_bank_del();
create trigger report_discount_bank_upd after update on report_discount_counters
  referencing old table as old_rows new table as new_rows for each statement execute function report_discount_bank_upd();

-- What the per-company counters already hold.
insert into report_custody_bank (tenant_id, status, currency, month, shard, count, amount)
select tenant_id, status, currency, month, 0, sum(count), sum(amount)
from report_custody_counters group by 1, 2, 3, 4;

insert into report_discount_bank
  (tenant_id, status, currency, month, shard, count, requested_amount, approved_amount)
select tenant_id, status, currency, month, 0, sum(count), sum(requested_amount), sum(approved_amount)
from report_discount_counters group by 1, 2, 3, 4;
