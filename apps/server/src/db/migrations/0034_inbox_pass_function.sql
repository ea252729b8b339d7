-- A bank's inbox pass in one round trip (decision 041, "The inbox's pass in one call"). Until now a pass was BEGIN,
-- the inbox lock with the cursor, the parties, the copies, the history with the cursor's move, COMMIT: six round
-- trips, twice per operation (the bank of each side). The server still works out every copy's fields and history
-- line (the contract's state machine), for every event it pulled after the cursor it last knew; this function takes
-- the bank's inbox lock, reads the cursor after the lock is held (each query of a volatile plpgsql function takes its
-- own snapshot in READ COMMITTED, so it sees every pass it waited for), and writes only what comes after that cursor:
-- the copies whose newest event is after it (a copy's write is the cheque after the newest of the pass's events on
-- it, so one whose newest event another process applied is already written), the history lines after it, and the
-- cursor's move. It answers the cursor it found and the copies it wrote. Called alone it is one statement and its
-- own transaction (the lock held to its end); a pass with custody events calls it inside a transaction that also
-- opens or closes the custody records.
create function echeq_inbox_pass(p_lock integer, p_tenant uuid, p_writes jsonb, p_lines jsonb, p_cursor bigint,
  p_at timestamptz)
returns jsonb
language plpgsql volatile as $$
declare
  found_cursor bigint;
  written jsonb;
begin
  perform pg_advisory_xact_lock(p_lock, hashtext(p_tenant::text));
  select c.cursor into found_cursor from echeq_inbox_cursors c where c.tenant_id = p_tenant;
  if found_cursor is null then
    insert into echeq_inbox_cursors (tenant_id) values (p_tenant) on conflict (tenant_id) do nothing;
    found_cursor := 0;
  end if;

  -- The statement's snapshot decides which copies are new (the lock keeps other passes from writing meanwhile).
  with w as (
    select * from jsonb_to_recordset(p_writes) as w(ord integer, company_id uuid, cheque_id text, number text,
      amount numeric, currency text, issue_date date, payment_date date, issuer text, issuer_cuit text,
      beneficiary text, beneficiary_cuit text, status text, issued_at timestamptz, state text, registry jsonb,
      tipo text, caracter text, concepto text, holder_cuit text, endorsements integer, tray text, awaiting boolean,
      last_event bigint, at timestamptz, first_at timestamptz, keys jsonb)
    where w.last_event > found_cursor
  ),
  new as (
    select w.ord, row_number() over (partition by w.cheque_id order by w.ord) = 1 as first
    from w
    where not exists (select 1 from echeqs x where x.company_id = w.company_id and x.cheque_id = w.cheque_id)
  ),
  up as (
    insert into echeqs as e (tenant_id, company_id, origin, cheque_id, number, amount, currency, issue_date, due_date,
      issuer, issuer_cuit, beneficiary, beneficiary_cuit, status, validation_status, validated_at, state, registry,
      tipo, caracter, concepto, payment_date, holder_cuit, endorsements, tray, awaiting, bank_copy, last_event,
      created_at, updated_at)
    select p_tenant, w.company_id, 'REGISTRY', w.cheque_id, w.number, w.amount, w.currency, w.issue_date,
      w.payment_date, w.issuer, w.issuer_cuit, w.beneficiary, w.beneficiary_cuit, w.status, 'VALIDATED', w.issued_at,
      w.state, w.registry, w.tipo, w.caracter, w.concepto, w.payment_date, w.holder_cuit, w.endorsements, w.tray,
      w.awaiting,
      coalesce(new.first, false)
        and not exists (select 1 from echeqs b where b.tenant_id = p_tenant and b.cheque_id = w.cheque_id
                        and b.bank_copy),
      w.last_event, w.first_at, w.at
    from w left join new on new.ord = w.ord
    order by w.ord
    on conflict (company_id, cheque_id) where cheque_id is not null do update set
      status = excluded.status, state = excluded.state, registry = excluded.registry,
      holder_cuit = excluded.holder_cuit, endorsements = excluded.endorsements, tray = excluded.tray,
      awaiting = excluded.awaiting, last_event = excluded.last_event, updated_at = excluded.updated_at,
      version = e.version + 1,
      syncing = e.syncing and not exists (
        select 1 from w, jsonb_array_elements_text(w.keys) as k(key)
        where w.company_id = e.company_id and w.cheque_id = e.cheque_id and k.key is not distinct from e.pending_key),
      pending_key = case when e.pending_key in (
        select k.key from w, jsonb_array_elements_text(w.keys) as k(key)
        where w.company_id = e.company_id and w.cheque_id = e.cheque_id) then null else e.pending_key end
    where e.last_event is null or e.last_event < excluded.last_event
    returning e.id, e.company_id, e.cheque_id, e.state, e.bank_copy, e.last_event::text as last_event
  )
  select coalesce(jsonb_agg(to_jsonb(up)), '[]'::jsonb) into written from up;

  insert into echeq_history (tenant_id, cheque_id, event_id, at, event, state, party_cuit, party_name, bank, details)
  select p_tenant, h."chequeId", h."eventId", h.at, h.event, h.state, h."partyCuit", h."partyName", h.bank, h.details
  from jsonb_to_recordset(p_lines) as h("chequeId" text, "eventId" bigint, at timestamptz, event text,
    state text, "partyCuit" text, "partyName" text, bank text, details jsonb)
  where h."eventId" > found_cursor
  order by h."eventId"
  on conflict (tenant_id, event_id) do nothing;

  if p_cursor is not null and p_cursor > found_cursor then
    update echeq_inbox_cursors set cursor = p_cursor, updated_at = p_at where tenant_id = p_tenant;
  end if;

  return jsonb_build_object('cursor', found_cursor::text, 'written', written);
end
$$;
