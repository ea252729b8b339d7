-- Each bank's copies of the registry's cheques (decision 032, LIFECYCLE §4, §5). A registry cheque is kept in the
-- bank's own `echeqs` table, one row per client company of the bank that is or was a party to it, so the bank's
-- lists, trays, reports and access checks read only its own rows with the indexes they already have. Hand-registered
-- cheques (the specification's form) are origin MANUAL and keep every behaviour they had.

alter table echeqs add column origin text not null default 'MANUAL' check (origin in ('MANUAL', 'REGISTRY'));
-- The registry's id of the cheque and its state (LIFECYCLE §2) as the bank last heard them.
alter table echeqs add column cheque_id text;
alter table echeqs add column state text;
-- True while an operation sent by this bank awaits the registry's answer ("Actualizando").
alter table echeqs add column syncing boolean not null default false;
-- The idempotency key of that operation: its event clears `syncing`.
alter table echeqs add column pending_key text;
-- Why the registry refused the bank's last operation (cleared by the next one).
alter table echeqs add column sync_error text;
-- The cheque as the registry last answered it (the contract's RegistryCheque), and the face the lists show.
alter table echeqs add column registry jsonb;
alter table echeqs add column tipo text;
alter table echeqs add column caracter text;
alter table echeqs add column concepto text;
alter table echeqs add column payment_date date;
alter table echeqs add column holder_cuit char(11);
alter table echeqs add column endorsements integer;
-- The company's tray and whether the cheque awaits the company's action today (trayOf / isPending when applied).
alter table echeqs add column tray text;
alter table echeqs add column awaiting boolean not null default false;
-- Exactly one of a bank's copies of a cheque is its bank copy: bank-level lists, totals and reports read only those,
-- so a cheque two of the bank's companies are party to counts once. A manual cheque is its own bank copy.
alter table echeqs add column bank_copy boolean not null default true;
-- The id of the last registry event applied to this copy (events are applied in order, once).
alter table echeqs add column last_event bigint;

alter table echeqs add constraint echeqs_origin_registry_check
  check (origin = 'MANUAL' or (cheque_id is not null and state is not null and registry is not null));

-- One copy per company and cheque; a bank finds its copies of a cheque by its id.
create unique index echeqs_company_cheque_key on echeqs (company_id, cheque_id) where cheque_id is not null;
create index echeqs_tenant_cheque_idx on echeqs (tenant_id, cheque_id) where cheque_id is not null;
-- One bank copy per bank and cheque.
create unique index echeqs_tenant_bank_copy_key on echeqs (tenant_id, cheque_id) where cheque_id is not null and bank_copy;
-- A company's trays.
create index echeqs_company_tray_idx on echeqs (company_id, tray, created_at desc, id desc)
  where cheque_id is not null and deleted_at is null;

-- A hand-registered cheque's number is unique in its bank; registry cheques are numbered per account by their
-- chequebooks, and two companies of one bank may hold copies of one cheque.
drop index echeqs_tenant_number_key;
create unique index echeqs_tenant_number_key on echeqs (tenant_id, number) where not number_reissued and origin = 'MANUAL';

-- The bank-level and platform-wide lists read bank copies only.
drop index echeqs_tenant_list_idx;
create index echeqs_tenant_list_idx on echeqs (tenant_id, created_at desc, id desc) include (search_text)
  where deleted_at is null and bank_copy;
drop index echeqs_tenant_status_idx;
create index echeqs_tenant_status_idx on echeqs (tenant_id, status, created_at desc, id desc)
  where deleted_at is null and bank_copy;
drop index echeqs_list_idx;
create index echeqs_list_idx on echeqs (created_at desc, id desc) where deleted_at is null and bank_copy;
drop index echeqs_status_list_idx;
create index echeqs_status_list_idx on echeqs (status, created_at desc, id desc) where deleted_at is null and bank_copy;

-- Each bank's inbox: the id of the last registry event it applied.
create table echeq_inbox_cursors (
  tenant_id uuid primary key references tenants (id),
  cursor bigint not null default 0,
  updated_at timestamptz not null default now()
);

-- Each bank's history of its registry cheques: the events as the bank heard them (GET /api/echeqs/:id/history).
create table echeq_history (
  id bigint generated always as identity primary key,
  tenant_id uuid not null references tenants (id),
  cheque_id text not null,
  event_id bigint not null,
  at timestamptz not null,
  event text not null,
  state text not null,
  party_cuit char(11),
  party_name text,
  bank text,
  details jsonb not null default '{}'::jsonb,
  unique (tenant_id, event_id)
);
create index echeq_history_cheque_idx on echeq_history (tenant_id, cheque_id, event_id);
