import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS } from '../src/db/migrations';
import { seedDemo } from '../src/db/seed';
import { migrate } from '../src/platform/db/migrate';
import { openPg } from '../src/platform/db/pg';
import { openPglite } from '../src/platform/db/pglite';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string | null;
  }
}

/**
 * Migrates and seeds one template per engine: a PGlite data directory dumped to a file (each test database
 * starts from it in ~0.4 s) and, when TEST_DATABASE_URL is set, a PostgreSQL template database.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'echeq-test-'));
  const lite = await openPglite(undefined);
  await migrate(lite, MIGRATIONS);
  await seedDemo(lite);
  const dump = await lite.dump!();
  await lite.close();
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);

  const url = process.env.TEST_DATABASE_URL;
  let template: string | null = null;
  if (url) {
    template = `echeq_tpl_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${template}`);
    await admin.end();
    const db = await openPg(withDatabase(url, template), { max: 2 });
    await migrate(db, MIGRATIONS);
    await seedDemo(db);
    await db.close();
  }
  project.provide('pgTemplate', template);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (url && template) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    }
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
