-- Administration: users, banks (tenants), settings and the audit trail.

-- A bank's annual nominal discount rate is a fraction between 0 and 1 (CONTRACT §5).
alter table tenants add constraint tenants_discount_rate_fraction check (discount_rate >= 0 and discount_rate <= 1);

-- Users screen: filters by role and status within a tenant.
create index users_tenant_role_status_idx on users (tenant_id, role, status);

-- Audit screen: filters by actor and by action, newest first.
create index audit_log_actor_at_idx on audit_log (actor_id, at desc, id desc);
create index audit_log_action_at_idx on audit_log (action, at desc, id desc);
