/**
 * The data folder (embedded database, generated keys, lock) is private to the server's user whatever the umask it
 * is started with, an older folder is tightened at start, and a folder others can write stops the start.
 */
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, freshDb, TEST_ENGINE } from '../helpers';
import { call, runToExit, startServer } from './server-process';
import { custodyBody } from './support';

type Entry = { path: string; kind: 'folder' | 'file'; mode: string };

/** Every folder and file under `dir` (the folder itself included) with its permission bits in octal. */
function entries(dir: string): Entry[] {
  const out: Entry[] = [];
  const walk = (p: string) => {
    const st = lstatSync(p);
    const mode = (st.mode & 0o777).toString(8).padStart(3, '0');
    if (st.isDirectory()) {
      out.push({ path: path.relative(dir, p) || '.', kind: 'folder', mode });
      for (const name of readdirSync(p)) walk(path.join(p, name));
    } else out.push({ path: path.relative(dir, p), kind: 'file', mode });
  };
  walk(dir);
  return out;
}

const notPrivate = (dir: string) => entries(dir).filter((e) => e.mode !== (e.kind === 'folder' ? '700' : '600'));

/** Signs in and writes something (a custody deposit), so the database writes new files and its log. */
async function useIt(url: string) {
  const login = await call(url, 'POST', '/api/auth/login', {
    body: { email: 'emisor@empresa.example', password: DEMO_PASSWORD },
  });
  expect(login.status).toBe(200);
  const r = await call(url, 'POST', '/api/echeqs/custody', { token: login.body.token, body: custodyBody() });
  expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
}

describe('the data folder is private', () => {
  let root: string;
  let databaseUrl: string | undefined;
  let drop = async () => {};
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'echeq-data-dir-'));
    chmodSync(root, 0o755);
    if (TEST_ENGINE === 'pg') {
      const fresh = await freshDb();
      databaseUrl = fresh.url!;
      await fresh.db.close();
      drop = async () => {
        const pg = await import('pg');
        const admin = new pg.default.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        await admin.query(`drop database if exists ${new URL(databaseUrl!).pathname.slice(1)} with (force)`);
        await admin.end();
      };
    }
  }, 120_000);
  afterAll(async () => {
    await drop();
    rmSync(root, { recursive: true, force: true });
  });

  it('is written 0700/0600 under umask 000, generated keys included', { timeout: 180_000 }, async () => {
    const dataDir = path.join(root, 'new', 'data');
    // No JWT_SECRET nor SECRETS_KEY: the server generates them into the folder.
    const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, JWT_SECRET: undefined, SECRETS_KEY: undefined };
    const srv = await startServer(env, { umask: '000' });
    try {
      await useIt(srv.url);
      // While it runs too: the database's files as PGlite and PostgreSQL wrote them.
      expect(notPrivate(dataDir)).toEqual([]);
    } finally {
      expect(await srv.stop()).toBe(0);
    }
    const all = entries(dataDir);
    expect(all.map((e) => e.path)).toContain('secrets.json');
    if (TEST_ENGINE === 'pglite') {
      // The embedded database: hundreds of files, its write-ahead log among them.
      expect(all.filter((e) => e.kind === 'file').length).toBeGreaterThan(500);
      expect(all.some((e) => e.path.startsWith(path.join('pglite', 'pg_wal')) && e.kind === 'file')).toBe(true);
    }
    expect(notPrivate(dataDir)).toEqual([]);
    // The folders the server made above it, too (`new`).
    expect(lstatSync(path.join(root, 'new')).mode & 0o777).toBe(0o700);
  });

  it('tightens an older folder (files 0666 in folders 0755) when it starts', { timeout: 180_000 }, async () => {
    const dataDir = path.join(root, 'new', 'data');
    for (const e of entries(dataDir)) chmodSync(path.join(dataDir, e.path), e.kind === 'folder' ? 0o755 : 0o666);
    expect(notPrivate(dataDir).length).toBeGreaterThan(0);
    const srv = await startServer(
      { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, JWT_SECRET: undefined, SECRETS_KEY: undefined },
      { umask: '000' },
    );
    try {
      expect(notPrivate(dataDir)).toEqual([]);
      await useIt(srv.url);
    } finally {
      expect(await srv.stop()).toBe(0);
    }
    expect(notPrivate(dataDir)).toEqual([]);
  });

  it('refuses to start on a folder others can write, and writes nothing in it', { timeout: 120_000 }, async () => {
    const open = path.join(root, 'open');
    mkdirSync(open);
    chmodSync(open, 0o777);
    const refused = await runToExit({ DATA_DIR: open, DATABASE_URL: databaseUrl, PORT: '0' }, 60_000, '000');
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`La carpeta de datos ${open} no es segura`);
    expect(refused.output).toContain('permite escribir a otros usuarios (modo 0777)');
    expect(refused.output).not.toMatch(/\n\s+at /); // a message, not a stack trace
    expect(readdirSync(open)).toEqual([]);

    // A folder inside it that its group can write stops it as well.
    const dataDir = path.join(root, 'new', 'data');
    const inner = path.join(dataDir, existsSync(path.join(dataDir, 'pglite')) ? 'pglite' : 'extra');
    mkdirSync(inner, { recursive: true });
    chmodSync(inner, 0o770);
    const again = await runToExit({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, PORT: '0' }, 60_000);
    expect(again.code).toBe(1);
    expect(again.output).toContain(`la carpeta ${path.basename(inner)} permite escribir a otros usuarios (modo 0770)`);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  });
});
