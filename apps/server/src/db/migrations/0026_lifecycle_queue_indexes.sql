-- The lifecycle's lists (0020, 0022) measured at 1,000,000 cheques.
-- The paying bank's queue: its conditions are the index's own, the drawee bank's code a column of it. With the code
-- only in the query, the planner walked every open copy of the book (echeqs_open_copies_idx, whose predicate the
-- queue's state implies) and filtered them: 8 ms for the largest bank's 181 cheques, twice per page.
drop index echeqs_presented_idx;
create index echeqs_presented_idx on echeqs
  (tenant_id, ((registry -> 'issuer' ->> 'bank_code')), ((registry -> 'deposit' ->> 'clearing_date')), id)
  where state = 'PRESENTADO' and bank_copy and cheque_id is not null and deleted_at is null;
-- A company's trays: the counts of every tray, and a page's ids, read from the index alone (`awaiting` carried in it)
-- instead of every row of the company's registry cheques.
drop index echeqs_company_tray_idx;
create index echeqs_company_tray_idx on echeqs (company_id, tray, created_at desc, id desc) include (awaiting)
  where cheque_id is not null and deleted_at is null;
-- The banks a registry cheque concerns, found by its parties' CUITs on every operation (`banksOfCuits`): the unique
-- (tenant_id, cuit) index cannot serve a CUIT without its bank, so every operation read all the companies.
create index companies_cuit_idx on companies (cuit);
