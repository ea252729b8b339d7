-- Discount requests: an advance against a cheque held in custody.

create table discounts (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants (id),
  company_id uuid not null references companies (id),
  echeq_id uuid not null references echeqs (id),
  custody_id uuid not null references custody (id),
  requested_amount numeric(18, 2) not null check (requested_amount > 0),
  approved_amount numeric(18, 2),
  rate numeric(8, 6),
  days integer,
  status text not null default 'PENDING' check (status in ('PENDING', 'APPROVED', 'REJECTED', 'CANCELLED', 'COMPLETED')),
  notes text,
  rejection_reason text,
  requested_by uuid references users (id),
  requested_at timestamptz not null default now(),
  approved_by uuid references users (id),
  approved_at timestamptz,
  rejected_by uuid references users (id),
  rejected_at timestamptz,
  cancelled_by uuid references users (id),
  cancelled_at timestamptz,
  completed_by uuid references users (id),
  completed_at timestamptz,
  updated_at timestamptz not null default now(),
  version integer not null default 1
);
-- At most one open (PENDING or APPROVED) discount per cheque.
create unique index discounts_one_open_per_echeq on discounts (echeq_id) where status in ('PENDING', 'APPROVED');
create index discounts_echeq_idx on discounts (echeq_id);
create index discounts_tenant_list_idx on discounts (tenant_id, requested_at desc, id desc);
create index discounts_company_list_idx on discounts (company_id, requested_at desc, id desc);
create index discounts_tenant_status_idx on discounts (tenant_id, status, requested_at desc, id desc);
create index discounts_company_status_idx on discounts (company_id, status, requested_at desc, id desc);
