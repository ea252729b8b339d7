-- Every server process keeps the registry's directory in memory (modules/clearing/directory-cache.ts): each bank's
-- clearing-house configuration and sandbox participation, which active banks work on the sandbox, and which banks
-- have no client company left to adhere (decision 042). Any change to what it is read from is announced to all of
-- them in the same transaction, so none acts on a configuration, a bank's status or a company list once a change
-- to it is committed. NOTIFY is delivered at commit and repeated notifications of one transaction are folded
-- into one.

create function registry_directory_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('echeq_registry_directory', '');
  return null;
end $$;

create trigger coelsa_configs_directory_changed after insert or update or delete or truncate on coelsa_configs
  for each statement execute function registry_directory_changed();
create trigger coelsa_sandbox_participants_directory_changed
  after insert or update or delete or truncate on coelsa_sandbox_participants
  for each statement execute function registry_directory_changed();
create trigger tenants_directory_changed after insert or update of estado, tipo or delete or truncate on tenants
  for each statement execute function registry_directory_changed();
create trigger companies_directory_changed
  after insert or update of tenant_id, cuit, registry_adhered_at or delete or truncate on companies
  for each statement execute function registry_directory_changed();
