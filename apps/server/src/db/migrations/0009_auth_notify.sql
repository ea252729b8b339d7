-- Every server process keeps the sessions it has verified in memory (platform/auth/session-cache.ts). Any change
-- that can end or alter a session is announced to all of them in the same transaction, so none trusts a revoked
-- session, a suspended user or a deactivated bank once the change is committed. NOTIFY is delivered at commit and
-- repeated notifications of one transaction are folded into one.

create function auth_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('echeq_auth', '');
  return null;
end $$;

create trigger sessions_auth_changed after update of revoked_at, expires_at, user_id or delete on sessions
  for each statement execute function auth_changed();
create trigger users_auth_changed after update of status, role, email, tenant_id, company_id or delete on users
  for each statement execute function auth_changed();
create trigger tenants_auth_changed after update of estado or delete on tenants
  for each statement execute function auth_changed();
