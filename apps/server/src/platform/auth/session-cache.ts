import type { Db } from '../db/db';
import { startNotifiedCache } from '../db/notified-cache';
import type { Actor } from './actor';

/** Channel on which the database announces any change that can end or alter a session (see 0009_auth_notify.sql). */
const AUTH_CHANNEL = 'echeq_auth';
/** A verified session is trusted from memory at most this long before it is read again. */
const TTL_MS = 30_000;
const MAX_ENTRIES = 20_000;

type Entry = { actor: Actor; until: number };

/**
 * Sessions already verified (token signature, live session row, active user of an active bank), kept per process so
 * that a signed-in request needs no extra database round trip.
 *
 * It never outlives a revocation (platform/db/notified-cache.ts): every change to sessions, users or banks that can
 * affect a session is announced by the database (trigger + NOTIFY, in the same transaction) to every server process,
 * which forgets all entries; this process also forgets them when it answers any request that writes. An entry is
 * stored only if nothing was forgotten while it was being read (no stale read slips in), and never past the token's
 * or the session's expiry. While the announcements cannot be received (connection lost), nothing is kept.
 */
export type SessionCache = {
  get(token: string, now: number): Actor | null;
  /** The generation to hand back to `set` (taken before the session is read). */
  generation(): number;
  set(token: string, actor: Actor, expiresAt: number, now: number, generation: number): void;
  clear(): void;
  close(): Promise<void>;
};

export async function createSessionCache(db: Pick<Db, 'listen'>): Promise<SessionCache> {
  const entries = await startNotifiedCache<Entry>(db, AUTH_CHANNEL, MAX_ENTRIES);
  return {
    get(token, now) {
      const e = entries.get(token);
      if (!e) return null;
      if (e.until <= now) {
        entries.delete(token);
        return null;
      }
      return e.actor;
    },
    generation: entries.generation,
    set(token, actor, expiresAt, now, generation) {
      entries.set(token, { actor, until: Math.min(expiresAt, now + TTL_MS) }, generation);
    },
    clear: entries.clear,
    close: entries.close,
  };
}
