-- Each bank pulls its registry events by its own bank code (decision 039). Until now a bank's inbox sent the registry
-- the whole list of its clients' CUITs on every operation and the registry intersected it with every event's parties
-- (1,000 CUITs for the largest bank at one million cheques, 10,000 at ten million).

-- The registry's adherents: which banks each CUIT is a client of, as COELSA knows each company that adhered to ECHEQ
-- through its bank. Kept by the banks through the clearing house's port (`registryAdhere`, idempotent).
create table registry_adherents (
  cuit text not null check (cuit ~ '^\d{11}$'),
  bank_code text not null check (bank_code ~ '^\d{3}$'),
  adhered_at timestamptz not null,
  primary key (cuit, bank_code)
);

-- The banks each event concerns, written with the event under REGISTRY_EVENTS_LOCK: its paying bank and every bank
-- that has one of its parties as adherent, once each. A bank's inbox reads one range of the primary key.
create table registry_event_banks (
  bank_code text not null check (bank_code ~ '^\d{3}$'),
  event_id bigint not null references registry_events (id),
  primary key (bank_code, event_id)
);

-- The bank's side: when the bank's registry learned that this client company adhered (null: not yet). The inbox
-- adheres the companies still null before it pulls; the partial index keeps that look-up empty once they are.
alter table companies add column registry_adhered_at timestamptz;
create index companies_to_adhere_idx on companies (tenant_id) where registry_adhered_at is null;

-- Backfill, one-off. The built-in sandbox's registry lives in this same database, so the companies of the banks
-- working on the sandbox are adhered here directly, as their inbox would have done through the port (a bank on
-- another clearing house adheres its companies there when its inbox first runs: they stay null here).
insert into registry_adherents (cuit, bank_code, adhered_at)
select distinct btrim(co.cuit), ab.bank_code, now()
from companies co
join account_banks ab on ab.tenant_id = co.tenant_id
join coelsa_configs cc on cc.tenant_id = co.tenant_id and cc.environment = 'sandbox'
where btrim(co.cuit) ~ '^\d{11}$';

update companies co set registry_adhered_at = now()
from account_banks ab, coelsa_configs cc
where ab.tenant_id = co.tenant_id and cc.tenant_id = co.tenant_id and cc.environment = 'sandbox'
  and btrim(co.cuit) ~ '^\d{11}$';

-- Existing events: the banks they concerned until now (their paying bank, the banks of their parties' CUITs).
insert into registry_event_banks (bank_code, event_id)
select e.bank_code, e.id from registry_events e
union
select a.bank_code, e.id from registry_events e join registry_adherents a on a.cuit = any (e.cuits);

-- Nothing reads the events by their paying bank's code any more (registry_event_banks does). The GIN index on `cuits`
-- stays: a new adherent's past events are found by it (registryAdhere).
drop index registry_events_bank_idx;
