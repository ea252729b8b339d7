import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type Db, type Queryable, type QueryResult, withRetry } from './db';
import { PrivateNodeFS } from './private-nodefs';

const RAW = (v: string) => v;

/** The embedded engine as every caller opens it: dates, numerics and bigints as text (mapped at the boundary). */
export function createPglite(dataDir: string | undefined, opts: { loadDataDir?: Blob } = {}): Promise<PGlite> {
  return PGlite.create({
    // On disk, every file and folder private to the server's user (private-nodefs.ts); in memory otherwise.
    ...(dataDir ? { fs: new PrivateNodeFS(dataDir) } : {}),
    parsers: { [types.DATE]: RAW, [types.NUMERIC]: RAW, [types.INT8]: RAW },
    extensions: { pg_trgm },
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
}

/**
 * The database's files as a tarball, taken while no statement and no transaction runs (PGlite's own dump waits only
 * for the statement in progress, not for the transaction around it): every transaction committed before it, and no
 * part of any other. A checkpoint first leaves little write-ahead log to replay when the copy opens. Statements
 * wait while the files are read.
 */
export async function consistentDump(db: PGlite, compression: 'none' | 'gzip'): Promise<Blob> {
  await db.exec('checkpoint');
  return (await db._runExclusiveTransaction(() => db.dumpDataDir(compression))) as Blob;
}

/** One statement on PGlite (or one of its transactions), answered as the Db interface answers. */
export async function pgliteQuery<R>(
  client: Pick<PGlite, 'query'>,
  sql: string,
  params: readonly unknown[] | undefined,
): Promise<QueryResult<R>> {
  const r = await client.query(sql, params as unknown[]);
  return { rows: r.rows as R[], rowCount: r.rows.length > 0 ? r.rows.length : (r.affectedRows ?? 0) };
}

/**
 * The embedded database in this thread: real PostgreSQL compiled to WebAssembly, kept in dataDir (or in memory when
 * undefined). Tests and tools use it; the server runs it in a thread of its own (pglite-thread.ts).
 */
export async function openPglite(dataDir: string | undefined, opts: { loadDataDir?: Blob } = {}): Promise<Db> {
  const db = await createPglite(dataDir, opts);
  const q = (client: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    query: (sql, params) => pgliteQuery(client, sql, params),
    async exec(sql) {
      await client.exec(sql);
    },
  });
  return {
    kind: 'pglite',
    ...q(db),
    transaction: (fn) => withRetry(() => db.transaction((tx) => fn(q(tx)))),
    // One process holds the data folder: notifications are delivered in it, when the notifying statement completes.
    async listen(channel, onEvent) {
      const stop = await db.listen(channel, () => onEvent('notify'));
      onEvent('up');
      return stop;
    },
    close: () => db.close(),
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
    dump: (compression = 'none') => consistentDump(db, compression),
  };
}
