import type { Redis } from 'ioredis';
import type { Db } from './db/db';

/** Fixed-window counters shared by every server process: in Redis when configured, in the database otherwise. */
export type RateLimiter = {
  /** Adds one to key's window and returns the count in the current window. */
  hit(key: string, windowSeconds: number): Promise<number>;
  count(key: string, windowSeconds: number): Promise<number>;
  reset(key: string): Promise<void>;
};

export function dbRateLimiter(db: Db): RateLimiter {
  return {
    async hit(key, windowSeconds) {
      const r = await db.query<{ count: number }>(
        `insert into rate_limits (key, window_start, count) values ($1, now(), 1)
         on conflict (key) do update set
           count = case when rate_limits.window_start < now() - make_interval(secs => $2) then 1 else rate_limits.count + 1 end,
           window_start = case when rate_limits.window_start < now() - make_interval(secs => $2) then now() else rate_limits.window_start end
         returning count`,
        [key, windowSeconds],
      );
      return r.rows[0]?.count ?? 1;
    },
    async count(key, windowSeconds) {
      const r = await db.query<{ count: number }>(
        'select count from rate_limits where key = $1 and window_start >= now() - make_interval(secs => $2)',
        [key, windowSeconds],
      );
      return r.rows[0]?.count ?? 0;
    },
    async reset(key) {
      await db.query('delete from rate_limits where key = $1', [key]);
    },
  };
}

export function redisRateLimiter(redis: Redis, prefix = 'echeq:rl:'): RateLimiter {
  return {
    async hit(key, windowSeconds) {
      const k = prefix + key;
      const [[, count]] = (await redis.multi().incr(k).expire(k, windowSeconds, 'NX').exec()) as [[null, number]];
      return count;
    },
    async count(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
