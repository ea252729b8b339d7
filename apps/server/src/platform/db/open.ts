import path from 'node:path';
import type { Db } from './db';
import { openPg } from './pg';
import { openPgliteThread } from './pglite-thread';

/**
 * PostgreSQL server when a URL is given, the embedded database in dataDir otherwise (in a thread of its own: the
 * bundled server carries it as pglite-worker.js beside main.js). `onFatal`: the embedded database stopped.
 */
export async function openDatabase(opts: {
  databaseUrl: string | null;
  databasePoolSize?: number;
  dataDir: string;
  onFatal?: (err: Error) => void;
}): Promise<Db> {
  if (opts.databaseUrl) return openPg(opts.databaseUrl, { max: opts.databasePoolSize });
  return openPgliteThread({
    dataDir: path.join(opts.dataDir, 'pglite'),
    workerUrl: new URL('./pglite-worker.js', import.meta.url),
    onFatal: opts.onFatal,
  });
}
