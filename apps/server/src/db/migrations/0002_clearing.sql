-- Clearing house (COELSA): per-tenant configuration and the outbox of operations that must reach it.

create table coelsa_configs (
  tenant_id uuid primary key references tenants (id),
  environment text not null default 'sandbox' check (environment in ('sandbox', 'staging', 'production')),
  base_url text,
  api_key_enc text,
  api_secret_enc text,
  timeout_ms integer not null default 30000 check (timeout_ms between 100 and 120000),
  max_retries integer not null default 3 check (max_retries between 0 and 10),
  test_status text not null default 'untested' check (test_status in ('success', 'failed', 'untested')),
  tested_at timestamptz,
  test_message text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Written in the same transaction as the change it belongs to; delivered (and retried) by a job.
create table clearing_outbox (
  id bigserial primary key,
  tenant_id uuid not null references tenants (id),
  operation text not null,
  entity text not null,
  entity_id uuid not null,
  payload jsonb not null,
  status text not null default 'PENDING' check (status in ('PENDING', 'DELIVERED', 'FAILED')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  created_at timestamptz not null default now(),
  delivered_at timestamptz,
  response jsonb
);
create index clearing_outbox_due_idx on clearing_outbox (next_attempt_at, id) where status = 'PENDING';
create index clearing_outbox_entity_idx on clearing_outbox (entity, entity_id);
create index clearing_outbox_tenant_status_idx on clearing_outbox (tenant_id, status);

-- The built-in sandbox of the clearing house keeps its own records, apart from the product's tables: what it was
-- told, as the real service would remember it.
-- A bank takes part in the sandbox when it has an enabled participant record (created when the bank is configured
-- for sandbox). A bank configured for sandbox without one, or with it disabled, gets SANDBOX_NOT_CONFIGURED.
create table coelsa_sandbox_participants (
  tenant_id uuid primary key references tenants (id),
  enabled boolean not null default true,
  disabled_reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- The cheques the sandbox knows about and their state at the clearing house.
create table coelsa_sandbox_echeqs (
  tenant_id uuid not null references tenants (id),
  echeq_id uuid not null,
  number text not null,
  amount numeric(18, 2) not null,
  currency char(3) not null,
  issue_date date not null,
  due_date date not null,
  state text not null check (state in ('REGISTERED', 'IN_CUSTODY', 'RELEASED', 'EXPIRED', 'CANCELLED')),
  custody_id uuid,
  validation_status text check (validation_status in ('VALIDATED', 'REJECTED')),
  reference text not null,
  data jsonb not null,
  registered_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (tenant_id, echeq_id)
);

-- Every request the sandbox answered (a replayed idempotency key gets the stored answer back).
create table coelsa_sandbox_log (
  id bigserial primary key,
  tenant_id uuid not null references tenants (id),
  idempotency_key text,
  kind text not null,
  entity_id text,
  request jsonb not null,
  status integer not null,
  response jsonb not null,
  created_at timestamptz not null default now()
);
create unique index coelsa_sandbox_log_key on coelsa_sandbox_log (tenant_id, idempotency_key)
  where idempotency_key is not null;
create index coelsa_sandbox_log_tenant_idx on coelsa_sandbox_log (tenant_id, id desc);
