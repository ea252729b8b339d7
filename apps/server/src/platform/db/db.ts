/** The one database interface the modules see, whichever engine is underneath (PGlite or a PostgreSQL server). */
export type QueryResult<R> = { rows: R[]; rowCount: number };

export type Queryable = {
  query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<R>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
};

export type Db = Queryable & {
  kind: 'pglite' | 'pg';
  /** Runs fn in one transaction; retried on serialization failures and deadlocks. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * Listens on a notification channel: `notify` for each notification, `up` once listening (again), `down` while the
   * listening connection is lost (notifications may be missed then). Resolves to a function that stops listening.
   */
  listen(channel: string, onEvent: (event: 'notify' | 'up' | 'down') => void): Promise<() => Promise<void>>;
  /** Pool figures for metrics (pg only). */
  poolStats(): { total: number; idle: number; waiting: number };
  /**
   * A consistent tarball of the embedded database's files (PGlite only): backups, and the tests' template. Taken
   * between transactions after a checkpoint; statements wait while it is written.
   */
  dump?: (compression?: 'none' | 'gzip') => Promise<Blob>;
};

export type DbError = Error & { code?: string; constraint?: string; detail?: string };

export function isDbError(err: unknown): err is DbError {
  return (
    err instanceof Error && typeof (err as DbError).code === 'string' && /^[0-9A-Z]{5}$/.test((err as DbError).code!)
  );
}

const RETRYABLE = new Set(['40001', '40P01']);
function isRetryable(err: unknown): boolean {
  return isDbError(err) && RETRYABLE.has(err.code!);
}

export async function withRetry<T>(run: () => Promise<T>, attempts = 4): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (err) {
      if (i >= attempts || !isRetryable(err)) throw err;
      await new Promise((r) => setTimeout(r, 5 * i + Math.random() * 10));
    }
  }
}
