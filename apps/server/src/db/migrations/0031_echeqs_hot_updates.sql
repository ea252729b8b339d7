-- Cheaper writes of the cheques' rows (decisions 013 and 041). Every lifecycle operation writes its copies several
-- times (the `syncing` flag, then the inbox's upsert of each copy), and `echeqs` has 25 indexes.

-- Room on every page for a row's next version: an update that changes no indexed column (an operation's `syncing`,
-- `pending_key`, `sync_error`, `updated_at`; a refusal clearing them) is then a HOT update, written on the same page
-- with no index entry at all. Pages filled to 100 % (the default) had no room once the book was loaded, and each
-- such update inserted a new entry into every index. 80 and not 90: a registry copy is 1.2-1.4 kB (its registry
-- document), more than the 819 bytes 90 % leaves on a page; in the lifecycle mix at one million cheques about 55 %
-- of the `syncing` rows were HOT at 100 %, 68 % at 90 %, 87 % at 80 % and no more at 70 %. Applies to pages written
-- from now on (new copies, each row's next version, the benchmark's book, loaded after the migrations); existing
-- pages are not rewritten here.
alter table echeqs set (fillfactor = 80);

-- The search's trigram index gets a bounded pending list: 64 kB instead of none (0010) or the 4 MB default that made
-- a number search three times slower. Every non-HOT update (each upsert of a copy) inserts the row's ~30 trigrams
-- into this index; written through one by one they were the costliest part of such an update. Kept in the list they
-- are merged into the index when it fills (about 50 rows), and a search reads at most its 8 pages.
alter index echeqs_search_trgm_idx set (fastupdate = on, gin_pending_list_limit = 64);

-- The reports' trigger on cheque updates (0006) moves custody and discount counters only when a cheque's amount,
-- currency or deletion changes, but it ran its two grouped upserts, joined to custody and discounts, for every update
-- of the table: about 0.1-0.2 ms of each `syncing` update and of each upsert of a copy (neither changes those
-- columns), measured per trigger with EXPLAIN ANALYZE. It now returns at once when no updated row changed them. The
-- statements that follow are unchanged and would have written nothing for such an update (their conditions need one
-- of those changes), so the counters and the order their rows are written in are the same. The lifecycle's counters'
-- trigger (0028) is left as it is: the same check saved it 0.02-0.03 ms on a `syncing` update and cost the same on
-- the upserts, most of which move a copy and so run the whole function anyway.
create or replace function report_echeq_upd() returns trigger language plpgsql as $$
begin
  if not exists (
    select from new_rows n join old_rows o on o.id = n.id
    where (n.amount, n.currency, n.deleted_at) is distinct from (o.amount, o.currency, o.deleted_at)
  ) then
    return null;
  end if;
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
