-- Reliability: idempotency keys of create requests (POST with an Idempotency-Key header), shared by every server
-- process. A row is claimed (status null) before the handler runs and completed with the answer (sealed, it may hold
-- a token) when it succeeded; a refused or failed request releases it. Rows older than 24 hours are purged.

create table idempotency_keys (
  -- 'user:<id>' for a signed-in caller, 'ip:<address>' otherwise: one caller never sees another's answers.
  scope text not null,
  key text not null,
  method text not null,
  path text not null,
  request_hash text not null,
  -- The claim's owner (one request of one process); only it completes or releases the row.
  owner uuid not null,
  -- null while the first request runs.
  status integer,
  content_type text,
  response_sealed text,
  created_at timestamptz not null,
  -- A claim whose request never finished (its process died) may be taken over after this.
  locked_until timestamptz not null,
  completed_at timestamptz,
  primary key (scope, key)
);
create index idempotency_keys_created_idx on idempotency_keys (created_at);
