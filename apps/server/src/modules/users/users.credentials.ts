import type { Queryable } from '../../platform/db/db';

// The statements on a user's own sign-in columns (password, second factor, last sign-in, profile) and on the rows of
// a self-registration: the users module owns the tables, auth asks for these through the index.

/** Stores a second-factor secret waiting for its first code (sealed). */
export async function setPendingMfaSecret(tx: Queryable, userId: string, sealed: string, at: Date): Promise<void> {
  await tx.query('update users set mfa_pending_secret_enc = $2, updated_at = $3 where id = $1', [userId, sealed, at]);
}

/** Turns the pending secret into the second factor, if it is still the one read; false when it changed meanwhile. */
export async function turnMfaOn(
  tx: Queryable,
  u: { userId: string; pendingSealed: string; step: number; at: Date },
): Promise<boolean> {
  const r = await tx.query(
    `update users set mfa_enabled = true, mfa_secret_enc = mfa_pending_secret_enc, mfa_pending_secret_enc = null,
       mfa_last_step = $3, updated_at = $4, version = version + 1
     where id = $1 and not mfa_enabled and mfa_pending_secret_enc = $2`,
    [u.userId, u.pendingSealed, u.step, u.at],
  );
  return r.rowCount > 0;
}

/**
 * Turns the second factor off, recording the code's step when one was used, unless that step (or a later one) was
 * used meanwhile or the factor is already off: then false.
 */
export async function turnMfaOff(
  tx: Queryable,
  u: { userId: string; step: number | null; at: Date },
): Promise<boolean> {
  const r = await tx.query(
    `update users set mfa_enabled = false, mfa_secret_enc = null, mfa_pending_secret_enc = null,
       mfa_last_step = coalesce($2, mfa_last_step), updated_at = $3, version = version + 1
     where id = $1 and mfa_enabled and (mfa_last_step is null or $2::bigint is null or mfa_last_step < $2)`,
    [u.userId, u.step, u.at],
  );
  return r.rowCount > 0;
}

/** Records a second-factor step as used; false when a concurrent sign-in used it (or a later one) first. */
export async function useMfaStep(tx: Queryable, userId: string, step: number): Promise<boolean> {
  const r = await tx.query(
    'update users set mfa_last_step = $2 where id = $1 and (mfa_last_step is null or mfa_last_step < $2)',
    [userId, step],
  );
  return r.rowCount > 0;
}

export async function recordLogin(tx: Queryable, userId: string, at: Date): Promise<void> {
  await tx.query('update users set last_login = $2 where id = $1', [userId, at]);
}

/** A user's own e-mail and name. */
export async function setProfile(
  tx: Queryable,
  u: { userId: string; email: string; fullName: string | null },
): Promise<void> {
  await tx.query(
    'update users set email = $2, full_name = $3, updated_at = now(), version = version + 1 where id = $1',
    [u.userId, u.email, u.fullName],
  );
}

/** A password the user chose: no longer temporary. */
export async function setOwnPassword(tx: Queryable, userId: string, hash: string): Promise<void> {
  await tx.query(
    `update users set password_hash = $2, must_change_password = false, updated_at = now(), version = version + 1
     where id = $1`,
    [userId, hash],
  );
}

/**
 * The bank of that código for a registration, and whether the CUIT (in that bank) or the e-mail is already there;
 * null when there is no such bank.
 */
export async function registrationTarget(
  db: Queryable,
  r: { tenantCodigo: string; cuit: string; email: string },
): Promise<{ id: string; estado: string; taken: boolean } | null> {
  const t = await db.query<{ id: string; estado: string; taken: boolean }>(
    `select t.id, t.estado,
            exists (select 1 from companies c where c.tenant_id = t.id and c.cuit = $2)
              or exists (select 1 from users u where lower(u.email) = lower($3)) as taken
     from tenants t where t.codigo = $1`,
    [r.tenantCodigo, r.cuit, r.email],
  );
  return t.rows[0] ?? null;
}

/**
 * A self-registered company waiting for its bank and its first user (signed in at once); null when the CUIT or the
 * e-mail was taken meanwhile.
 */
export async function insertRegistration(
  tx: Queryable,
  r: { tenantId: string; companyName: string; cuit: string; email: string; passwordHash: string; at: Date },
): Promise<{ companyId: string; userId: string } | null> {
  const company = await tx.query<{ id: string }>(
    `insert into companies (tenant_id, name, cuit, approval) values ($1, $2, $3, 'PENDING')
     on conflict (tenant_id, cuit) do nothing returning id`,
    [r.tenantId, r.companyName, r.cuit],
  );
  const companyId = company.rows[0]?.id;
  if (!companyId) return null;
  const user = await tx.query<{ id: string }>(
    `insert into users (tenant_id, company_id, email, password_hash, role, last_login)
     values ($1, $2, $3, $4, 'COMPANY_USER', $5)
     on conflict (lower(email)) do nothing returning id`,
    [r.tenantId, companyId, r.email, r.passwordHash, r.at],
  );
  const userId = user.rows[0]?.id;
  return userId ? { companyId, userId } : null;
}
