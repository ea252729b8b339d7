-- The registry (issue 22, item 3; decision 032): the clearing house's own records of the cheques issued through it,
-- as the sandbox plays it for every bank of the platform. No bank's query reads these tables: each bank keeps its
-- own copies and learns of changes from registry_events (modules/clearing/registry/README.md).

-- One row per cheque: the registry's document (RegistryCheque of the contract) and the columns its jobs and lookups
-- read. `version` counts the operations applied to it.
create table registry_cheques (
  cheque_id text primary key check (cheque_id ~ '^[A-Z0-9]{15}$'),
  cheque jsonb not null,
  state text not null check (state in ('EMITIDO-PENDIENTE', 'ACTIVO', 'ACTIVO-PENDIENTE', 'CUSTODIA', 'DEPOSITADO',
    'PRESENTADO', 'PAGADO', 'RECHAZADO', 'REPUDIADO', 'ANULADO', 'CADUCADO', 'DEVOLUCION-PENDIENTE',
    'AVAL-PENDIENTE', 'CESION-PENDIENTE')),
  payment_date date not null,
  holder_cuit text,
  issuer_cuit text not null,
  issuer_cbu text not null check (issuer_cbu ~ '^\d{22}$'),
  -- The paying bank (banco girado): the first three digits of the issuer's CBU.
  bank_code text not null check (bank_code ~ '^\d{3}$'),
  number text not null check (number ~ '^\d{8}$'),
  amount numeric(18, 2) not null check (amount > 0),
  currency text not null check (currency in ('ARS', 'USD')),
  -- Set by the deposit: the day its clearing session closes (20:00 cut-off, business days).
  clearing_date date,
  version integer not null default 1,
  issued_at timestamptz not null,
  updated_at timestamptz not null
);
-- The jobs: expiry and automatic deposit by payment date, presentation and the cut-off by state and clearing date.
create index registry_cheques_due_idx on registry_cheques (state, payment_date);
create index registry_cheques_clearing_idx on registry_cheques (clearing_date) where state = 'PRESENTADO';
create index registry_cheques_holder_idx on registry_cheques (holder_cuit);

-- Every number used on an account, once: two issues of one number, even concurrent, cannot both insert it.
create table registry_numbers (
  cbu text not null,
  number text not null,
  cheque_id text not null,
  primary key (cbu, number)
);

-- Operations by idempotency key: the body's hash and the first answer (null only inside the claiming transaction).
-- A replay with the same body gets that answer again; another body under the same key is refused.
create table registry_operations (
  idempotency_key text primary key check (length(idempotency_key) between 1 and 255),
  request_hash text not null,
  operation text not null,
  cheque_id text,
  outcome jsonb,
  created_at timestamptz not null
);
create index registry_operations_cheque_idx on registry_operations (cheque_id);

-- What happened to each cheque, in the order the registry applied it. Ids become visible in order with no gap a
-- reader could skip: every writer takes REGISTRY_EVENTS_LOCK (an advisory transaction lock) before its insert.
create table registry_events (
  id bigint generated always as identity primary key,
  cheque_id text not null references registry_cheques (cheque_id),
  operation text not null,
  state text not null,
  -- Every CUIT that is or was a party to the cheque after the operation (its banks receive the event).
  cuits text[] not null,
  -- The paying bank's code (the bank the cheque is drawn on receives every event of it).
  bank_code text not null,
  at timestamptz not null,
  payload jsonb not null
);
create index registry_events_cuits_idx on registry_events using gin (cuits);
create index registry_events_bank_idx on registry_events (bank_code, id);
create index registry_events_cheque_idx on registry_events (cheque_id, id);
