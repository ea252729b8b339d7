-- Accounts (issue 20, items 5–9): temporary passwords, users added to an existing company waiting for
-- confirmation, self-registered companies waiting for their bank, and the addresses a user signed in from.

-- A password an administrator set: the user's sessions may do nothing but change it.
alter table users add column must_change_password boolean not null default false;
-- A company user an administrator added to an existing company may not move money until someone else confirms it.
alter table users add column confirmed boolean not null default true;
-- The administrator who created the user or put it into its company (null: it registered itself, or came with
-- the platform's data): someone else must confirm it.
alter table users add column added_by uuid references users (id);
create index users_unconfirmed_idx on users (tenant_id, created_at) where not confirmed;

-- A self-registered company is a request: PENDING until a bank administrator approves or rejects it.
alter table companies add column approval text not null default 'APPROVED'
  check (approval in ('APPROVED', 'PENDING', 'REJECTED'));
create index companies_pending_idx on companies (tenant_id) where approval <> 'APPROVED';

-- Sign-in throttling lets an address the account signed in from before skip the account-wide delay.
create index sessions_user_ip_idx on sessions (user_id, ip, created_at);

-- Every server process keeps verified sessions in memory (0009): these columns change what a session may do.
drop trigger users_auth_changed on users;
create trigger users_auth_changed after update of status, role, email, tenant_id, company_id, must_change_password,
  confirmed or delete on users
  for each statement execute function auth_changed();
create trigger companies_auth_changed after update of approval or delete on companies
  for each statement execute function auth_changed();
