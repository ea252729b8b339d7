import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { Db } from '../../src/platform/db/db';
import { openPg } from '../../src/platform/db/pg';
import { openPglite } from '../../src/platform/db/pglite';
import { withDatabase } from '../global-setup';
import { TEST_ENGINE } from '../helpers';

/** The database a spawned server (reliability/server-process.ts) runs on, as the test project's engine says. */
export type SpawnedEngine = {
  name: 'embedded' | 'postgresql';
  /** DATA_DIR and DATABASE_URL for the server's environment. */
  env: Record<string, string>;
  dataDir: string;
  /** The database, opened by the test itself (on the embedded engine only while no server holds the folder). */
  open(): Promise<Db>;
  cleanup(): Promise<void>;
};

/**
 * A new temporary DATA_DIR; on PostgreSQL (TEST_ENGINE=pg) also a copy of the migrated and seeded template
 * database. On the embedded engine the server migrates and seeds its new folder when it starts.
 */
export async function spawnedEngine(prefix: string): Promise<SpawnedEngine> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `echeq-${prefix}-`));
  if (TEST_ENGINE !== 'pg') {
    return {
      name: 'embedded',
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      dataDir,
      open: () => openPglite(path.join(dataDir, 'pglite')),
      cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const base = process.env.TEST_DATABASE_URL!;
  const name = `echeq_${prefix.replace(/\W/g, '_')}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
  await admin.end();
  const url = withDatabase(base, name);
  return {
    name: 'postgresql',
    env: { DATA_DIR: dataDir, DATABASE_URL: url },
    dataDir,
    open: () => openPg(url, { max: 2 }),
    cleanup: async () => {
      const a = new pg.Client({ connectionString: base });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls fn every 100 ms until it answers something truthy (or fails after ms). */
export async function waitFor<T>(
  what: string,
  fn: () => T | Promise<T>,
  ms = 30_000,
): Promise<Exclude<T, false | null | undefined>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v as Exclude<T, false | null | undefined>;
    if (Date.now() > deadline) throw new Error(`Tiempo agotado esperando: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
