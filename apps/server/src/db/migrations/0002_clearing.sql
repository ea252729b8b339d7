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
