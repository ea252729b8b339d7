-- Foundation: tenants (banks), their company clients, users, sessions, the audit log, settings, rate limits.

create table tenants (
  id uuid primary key default gen_random_uuid(),
  nombre text not null,
  codigo text not null unique,
  cuit char(11) not null,
  tipo text not null check (tipo in ('BANCO', 'FINANCIERA', 'EMPRESA')),
  estado text not null default 'ACTIVO' check (estado in ('ACTIVO', 'INACTIVO')),
  discount_rate numeric(8, 6) not null default 0.45 check (discount_rate >= 0 and discount_rate < 10),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table companies (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants (id),
  name text not null,
  cuit char(11) not null,
  created_at timestamptz not null default now(),
  unique (tenant_id, cuit)
);

create table users (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid references tenants (id),
  company_id uuid references companies (id),
  email text not null,
  password_hash text not null,
  role text not null check (role in ('SYSTEM_ADMIN', 'BANK_ADMIN', 'BANK_OPERATOR', 'AUDITOR', 'COMPANY_USER',
    'COMPANY_AUTHORIZER', 'BENEFICIARY', 'FINANCIAL_ENTITY', 'GUARANTOR')),
  full_name text,
  status text not null default 'ACTIVE' check (status in ('ACTIVE', 'INACTIVE', 'SUSPENDED')),
  mfa_enabled boolean not null default false,
  mfa_secret_enc text,
  mfa_pending_secret_enc text,
  mfa_last_step bigint,
  last_login timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  check (role = 'SYSTEM_ADMIN' or tenant_id is not null)
);
create unique index users_email_key on users (lower(email));
create index users_tenant_idx on users (tenant_id, created_at);
create index users_company_idx on users (company_id);

create table sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  ip text,
  user_agent text
);
create index sessions_user_idx on sessions (user_id) where revoked_at is null;

create table audit_log (
  id bigserial primary key,
  at timestamptz not null default now(),
  actor_id uuid,
  actor_email text,
  actor_role text,
  tenant_id uuid,
  action text not null,
  entity text not null,
  entity_id text,
  before jsonb,
  after jsonb,
  request_id text
);
create index audit_log_tenant_at_idx on audit_log (tenant_id, at desc, id desc);
create index audit_log_entity_idx on audit_log (entity, entity_id);
create index audit_log_at_idx on audit_log (at desc, id desc);

-- The audit trail is append-only.
create function audit_log_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log es de solo agregado';
end $$;
create trigger audit_log_no_update before update or delete on audit_log
  for each row execute function audit_log_append_only();

create table settings (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null default now()
);

create table rate_limits (
  key text primary key,
  window_start timestamptz not null,
  count integer not null
);
