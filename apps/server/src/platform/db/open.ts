import path from 'node:path';
import type { Db } from './db';
import { openPg } from './pg';
import { openPglite } from './pglite';

/** PostgreSQL server when a URL is given, the embedded database in dataDir otherwise. */
export async function openDatabase(opts: { databaseUrl: string | null; dataDir: string }): Promise<Db> {
  if (opts.databaseUrl) return openPg(opts.databaseUrl);
  return openPglite(path.join(opts.dataDir, 'pglite'));
}
