import type { Redis } from 'ioredis';
import type { Db } from './db/db';
import type { Job } from './jobs';

/** A counter's value after a hit, and the seconds until its window ends. */
type Hit = { count: number; resetsInSec: number };
/** A gate let one attempt through (and closed behind it), or answered when it opens again. */
type Gate = { ok: true } | { ok: false; retryAfterMs: number };

/**
 * Counters shared by every server process: in Redis when configured, in the database otherwise. Every call is one
 * atomic step, so concurrent attempts are counted one by one before any of them is checked.
 */
export type RateLimiter = {
  /** Adds one to key's fixed window (started by the first hit) and returns the count in the window. */
  hit(key: string, windowSeconds: number): Promise<Hit>;
  count(key: string, windowSeconds: number): Promise<number>;
  /** Takes back one hit (an attempt that turned out not to count), never below zero. */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /** Lets one caller through and keeps the gate closed for `ms`; the others learn how long until it opens. */
  pass(key: string, ms: number): Promise<Gate>;
};

const ceilSec = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export function dbRateLimiter(db: Db): RateLimiter {
  return {
    async hit(key, windowSeconds) {
      const r = await db.query<{ count: number; resets_in: number }>(
        `insert into rate_limits (key, window_start, count) values ($1, now(), 1)
         on conflict (key) do update set
           count = case when rate_limits.window_start < now() - make_interval(secs => $2) then 1 else rate_limits.count + 1 end,
           window_start = case when rate_limits.window_start < now() - make_interval(secs => $2) then now() else rate_limits.window_start end
         returning count, extract(epoch from window_start + make_interval(secs => $2) - now())::float8 as resets_in`,
        [key, windowSeconds],
      );
      const row = r.rows[0];
      return { count: row?.count ?? 1, resetsInSec: ceilSec((row?.resets_in ?? windowSeconds) * 1000) };
    },
    async count(key, windowSeconds) {
      const r = await db.query<{ count: number }>(
        'select count from rate_limits where key = $1 and window_start >= now() - make_interval(secs => $2)',
        [key, windowSeconds],
      );
      return r.rows[0]?.count ?? 0;
    },
    async release(key) {
      await db.query('update rate_limits set count = count - 1 where key = $1 and count > 0', [key]);
    },
    async reset(key) {
      await db.query('delete from rate_limits where key = $1', [key]);
    },
    async pass(key, ms) {
      // A gate's row keeps in window_start the moment it opens again. The clock is read when the row is (not when
      // the transaction began): a caller that waited for a concurrent claim never learns a wait longer than `ms`.
      const r = await db.query<{ passed: boolean; wait_ms: number }>(
        `with claim as (
           insert into rate_limits (key, window_start, count)
             values ($1, clock_timestamp() + make_interval(secs => $2::float8), 1)
           on conflict (key) do update set window_start = excluded.window_start, count = rate_limits.count + 1
             where rate_limits.window_start <= clock_timestamp()
           returning 1
         )
         select exists (select 1 from claim) as passed,
                coalesce((select extract(epoch from window_start - clock_timestamp()) * 1000
                            from rate_limits where key = $1), 0)::float8 as wait_ms`,
        [key, ms / 1000],
      );
      const row = r.rows[0];
      return row?.passed ? { ok: true } : { ok: false, retryAfterMs: Math.max(1, Math.ceil(row?.wait_ms ?? ms)) };
    },
  };
}

const RELEASE = `local v = tonumber(redis.call('GET', KEYS[1]) or '0')
if v > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

export function redisRateLimiter(redis: Redis, prefix = 'echeq:rl:'): RateLimiter {
  return {
    async hit(key, windowSeconds) {
      const k = prefix + key;
      const res = (await redis.multi().incr(k).expire(k, windowSeconds, 'NX').ttl(k).exec()) as [
        [null, number],
        [null, number],
        [null, number],
      ];
      const ttl = res[2][1];
      return { count: res[0][1], resetsInSec: ttl > 0 ? ttl : windowSeconds };
    },
    async count(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async release(key) {
      await redis.eval(RELEASE, 1, prefix + key);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async pass(key, ms) {
      const k = prefix + key;
      if ((await redis.set(k, '1', 'PX', Math.max(1, Math.round(ms)), 'NX')) === 'OK') return { ok: true };
      const left = await redis.pttl(k);
      return { ok: false, retryAfterMs: left > 0 ? left : 1 };
    },
  };
}

/** Id of the purge job's advisory lock (platform/jobs.ts). */
const PURGE_JOB_ID = 727_111;

/** Counters of the database limiter whose windows ended a day ago: an attack's many keys do not stay for ever. */
export function rateLimitPurgeJob(): Job {
  return {
    id: PURGE_JOB_ID,
    name: 'rate-limit-purge',
    everyMs: 60 * 60_000,
    run: async ({ tx }) => {
      const r = await tx.query("delete from rate_limits where window_start < now() - interval '1 day'");
      return r.rowCount;
    },
  };
}
