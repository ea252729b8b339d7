import type { Queryable } from '../db/db';

/**
 * Ending sessions, for every module that can end them (suspension, deactivation of a user or of its bank, a password
 * reset or change, a second factor enabled, a sign-out), inside the caller's transaction. The database announces the
 * change to every process's session cache (session-cache.ts). Opening a session is the auth module's.
 */

/** Revokes every live session of a user but `keep` (the caller's own, when it stays signed in); how many it ended. */
export async function revokeUserSessions(tx: Queryable, userId: string, at: Date, keep?: string): Promise<number> {
  const r = keep
    ? await tx.query('update sessions set revoked_at = $3 where user_id = $1 and id <> $2 and revoked_at is null', [
        userId,
        keep,
        at,
      ])
    : await tx.query('update sessions set revoked_at = $2 where user_id = $1 and revoked_at is null', [userId, at]);
  return r.rowCount;
}

/** Revokes one session (a sign-out). */
export async function revokeSession(tx: Queryable, sessionId: string, at: Date): Promise<void> {
  await tx.query('update sessions set revoked_at = $2 where id = $1 and revoked_at is null', [sessionId, at]);
}
