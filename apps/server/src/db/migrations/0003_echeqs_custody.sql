-- The ECHEQ book and custody records.

create table echeqs (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants (id),
  company_id uuid not null references companies (id),
  number text not null,
  amount numeric(18, 2) not null check (amount > 0 and amount <= 999999999999.99),
  currency char(3) not null default 'ARS' check (currency in ('ARS', 'USD')),
  issue_date date not null,
  due_date date not null,
  issuer text not null,
  issuer_cuit char(11),
  beneficiary text not null,
  beneficiary_cuit char(11),
  status text not null default 'ACTIVE' check (status in ('ACTIVE', 'CANCELLED', 'PAID', 'EXPIRED')),
  validation_status text not null default 'PENDING' check (validation_status in ('VALIDATED', 'PENDING', 'REJECTED')),
  validation_message text,
  validated_at timestamptz,
  created_by uuid references users (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  deleted_at timestamptz,
  deleted_by uuid references users (id),
  check (due_date >= issue_date and due_date <= issue_date + 360)
);
create unique index echeqs_tenant_number_key on echeqs (tenant_id, number) where deleted_at is null;
create index echeqs_tenant_list_idx on echeqs (tenant_id, created_at desc, id desc) where deleted_at is null;
create index echeqs_company_list_idx on echeqs (company_id, created_at desc, id desc) where deleted_at is null;
create index echeqs_tenant_status_idx on echeqs (tenant_id, status, created_at desc, id desc) where deleted_at is null;
create index echeqs_company_status_idx on echeqs (company_id, status, created_at desc, id desc) where deleted_at is null;
-- The platform-wide book (SYSTEM_ADMIN) pages on the same keys.
create index echeqs_list_idx on echeqs (created_at desc, id desc) where deleted_at is null;
create index echeqs_status_list_idx on echeqs (status, created_at desc, id desc) where deleted_at is null;
-- The few deleted cheques, so custody counts can leave their records out without joining the whole book.
create index echeqs_deleted_idx on echeqs (id) where deleted_at is not null;

create table custody (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants (id),
  company_id uuid not null references companies (id),
  echeq_id uuid not null references echeqs (id),
  status text not null default 'IN_CUSTODY' check (status in ('IN_CUSTODY', 'RELEASED', 'EXPIRED', 'CANCELLED')),
  custody_date timestamptz not null default now(),
  -- due_date + 30 days: after it the cheque can no longer be presented and the custody expires.
  presentation_deadline date not null,
  release_date timestamptz,
  release_reason text,
  released_by uuid references users (id),
  expired_at timestamptz,
  notes text,
  created_by uuid references users (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1
);
create unique index custody_one_open_per_echeq on custody (echeq_id) where status = 'IN_CUSTODY';
create index custody_echeq_idx on custody (echeq_id, custody_date desc, id desc);
create index custody_tenant_list_idx on custody (tenant_id, custody_date desc, id desc);
create index custody_company_list_idx on custody (company_id, custody_date desc, id desc);
create index custody_tenant_status_idx on custody (tenant_id, status, custody_date desc, id desc);
create index custody_company_status_idx on custody (company_id, status, custody_date desc, id desc);
create index custody_list_idx on custody (custody_date desc, id desc);
create index custody_status_list_idx on custody (status, custody_date desc, id desc);
create index custody_expiry_idx on custody (presentation_deadline, id) where status = 'IN_CUSTODY';
