-- Current accounts and electronic chequebooks (LIFECYCLE §1, issue 22 item 2, decision 030).

-- A bank's numbering: its code in the CBU (3 digits, the BCRA's entity code), the last account number it gave in a
-- CBU the platform made, and the last cheque number of its chequebooks (ranges never overlap within a bank). The row
-- is made the first time the bank opens an account (the demo banks are seeded with theirs); its lock serializes the
-- bank's new accounts and chequebooks.
create table account_banks (
  tenant_id uuid primary key references tenants (id),
  bank_code char(3) not null unique check (bank_code ~ '^[0-9]{3}$'),
  last_account bigint not null default 0 check (last_account between 0 and 9999999999999),
  last_cheque integer not null default 10000000 check (last_cheque between 0 and 99999999)
);

-- A company's current account at its bank. The CBU's check digits are validated before it is written.
create table current_accounts (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants (id),
  company_id uuid not null references companies (id),
  cbu char(22) not null unique check (cbu ~ '^[0-9]{22}$'),
  currency text not null check (currency in ('ARS', 'USD')),
  status text not null default 'ACTIVE' check (status in ('ACTIVE', 'CLOSED')),
  created_at timestamptz not null default now(),
  created_by uuid references users (id)
);
create index current_accounts_tenant_idx on current_accounts (tenant_id, company_id, created_at);

-- A chequebook: the cheque numbers first..last; next_number is the next to be used (last + 1 once exhausted).
-- Ranges are given per bank (never overlapping within one bank), so a number names one cheque of the bank.
create table chequebooks (
  id uuid primary key default gen_random_uuid(),
  account_id uuid not null references current_accounts (id),
  tenant_id uuid not null references tenants (id),
  first_number integer not null check (first_number between 1 and 99999999),
  last_number integer not null check (last_number between 1 and 99999999),
  next_number integer not null,
  status text not null check (status in ('PENDING', 'ACTIVE', 'EXHAUSTED')),
  requested_at timestamptz not null default now(),
  requested_by uuid references users (id),
  activated_at timestamptz,
  activated_by uuid references users (id),
  check (first_number <= last_number),
  check (next_number between first_number and last_number + 1),
  check ((status = 'EXHAUSTED') = (next_number > last_number))
);
create unique index chequebooks_tenant_range_key on chequebooks (tenant_id, first_number);
create index chequebooks_account_idx on chequebooks (account_id, first_number);
-- At most one chequebook per account waits for the bank.
create unique index chequebooks_one_pending_key on chequebooks (account_id) where status = 'PENDING';
