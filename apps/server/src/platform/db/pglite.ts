import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type Db, type Queryable, withRetry } from './db';

const RAW = (v: string) => v;

/** The embedded database: real PostgreSQL compiled to WebAssembly, kept in dataDir (or in memory when undefined). */
export async function openPglite(dataDir: string | undefined, opts: { loadDataDir?: Blob } = {}): Promise<Db> {
  const db = await PGlite.create(dataDir, {
    parsers: { [types.DATE]: RAW, [types.NUMERIC]: RAW, [types.INT8]: RAW },
    extensions: { pg_trgm },
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  const q = (client: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query(sql, params) {
      const r = await client.query(sql, params as unknown[]);
      return { rows: r.rows as never[], rowCount: r.rows.length > 0 ? r.rows.length : (r.affectedRows ?? 0) };
    },
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
    dump: async () => (await db.dumpDataDir('none')) as Blob,
  };
}
