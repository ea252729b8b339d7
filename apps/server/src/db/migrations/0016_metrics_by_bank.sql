-- The performance figures of each bank's own traffic (issue 20, item 14). A request is added twice: to the platform's
-- row (tenant_id null, as every row before this migration) and, when its user belongs to a bank, to that bank's row.
-- The platform's administrator reads the null rows, a bank's roles their bank's: each read walks one bank's minutes.
alter table metrics_minute add column tenant_id uuid;
alter table metrics_minute drop constraint metrics_minute_pkey;
alter table metrics_minute
  add constraint metrics_minute_key unique nulls not distinct (tenant_id, minute, kind, route_group);
-- The hourly prune deletes by minute alone.
create index metrics_minute_minute on metrics_minute (minute);
