-- The lists' status and company sorts (platform/db/grouped-sort.ts) read each status or company newest first on the
-- indexes the default order and the status filter already have (0003, 0008, 0020), per scope. The one missing is the
-- system administrator's discounts by status: the whole book's (status, requested_at desc, id desc).
create index discounts_status_list_idx on discounts (status, requested_at desc, id desc);
