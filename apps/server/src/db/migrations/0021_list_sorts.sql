-- The lists' sorts (the `sort` parameter, contract list-query.ts): each sort pages by its own keyset (column, id),
-- read forwards or backwards on one index per scope (bank, company, and the system administrator's whole book), so a
-- sorted page reads its rows in order whatever the book's size. The default orders keep their indexes (0003, 0008,
-- 0020); above a company a cheque is listed by its bank copy (0020), the bank and whole-book indexes' condition.
create index echeqs_tenant_due_idx on echeqs (tenant_id, due_date, id) where deleted_at is null and bank_copy;
create index echeqs_company_due_idx on echeqs (company_id, due_date, id) where deleted_at is null;
create index echeqs_due_idx on echeqs (due_date, id) where deleted_at is null and bank_copy;
create index echeqs_tenant_amount_idx on echeqs (tenant_id, amount, id) where deleted_at is null and bank_copy;
create index echeqs_company_amount_idx on echeqs (company_id, amount, id) where deleted_at is null;
create index echeqs_amount_idx on echeqs (amount, id) where deleted_at is null and bank_copy;
create index echeqs_tenant_number_idx on echeqs (tenant_id, number, id) where deleted_at is null and bank_copy;
create index echeqs_company_number_idx on echeqs (company_id, number, id) where deleted_at is null;
create index echeqs_number_idx on echeqs (number, id) where deleted_at is null and bank_copy;

create index custody_tenant_deadline_idx on custody (tenant_id, presentation_deadline, id);
create index custody_company_deadline_idx on custody (company_id, presentation_deadline, id);
create index custody_deadline_idx on custody (presentation_deadline, id);

create index discounts_tenant_amount_idx on discounts (tenant_id, requested_amount, id);
create index discounts_company_amount_idx on discounts (company_id, requested_amount, id);
create index discounts_amount_idx on discounts (requested_amount, id);
