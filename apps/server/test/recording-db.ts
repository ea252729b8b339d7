import type { Queryable } from '../src/platform/db/db';

/**
 * A database handle that writes down every statement sent with query() before passing it on, for tests that check
 * which statements (and how many) a piece of code sends. `target` is read on each call, so it may be opened later.
 */
export function recordingQueryable(target: () => Queryable, log: string[]): Queryable {
  return {
    query: <R>(sql: string, params?: readonly unknown[]) => {
      log.push(sql);
      return target().query<R>(sql, params);
    },
    exec: (sql: string) => target().exec(sql),
  };
}
