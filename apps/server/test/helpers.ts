import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { DEMO_PASSWORD } from '../src/db/seed';
import type { Clock } from '../src/platform/clock';
import type { Db } from '../src/platform/db/db';
import { openPg } from '../src/platform/db/pg';
import { openPglite } from '../src/platform/db/pglite';
import type { App } from '../src/platform/http/app-type';
import { withDatabase } from './global-setup';

export const TEST_ENGINE: 'pglite' | 'pg' = process.env.TEST_ENGINE === 'pg' ? 'pg' : 'pglite';
export { DEMO_PASSWORD };

/** A fresh database with the demo data: a PGlite loaded from the template, or a PostgreSQL copy of its template. */
export async function freshDb(): Promise<{ db: Db; url: string | null; drop: () => Promise<void> }> {
  if (TEST_ENGINE === 'pg') {
    const base = process.env.TEST_DATABASE_URL;
    const template = inject('pgTemplate');
    if (!base || !template) throw new Error('TEST_ENGINE=pg requiere TEST_DATABASE_URL');
    const name = `echeq_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const url = withDatabase(base, name);
    const db = await openPg(url);
    return {
      db,
      url,
      drop: async () => {
        await db.close();
        const a = new pg.Client({ connectionString: base });
        await a.connect();
        await a.query(`drop database if exists ${name} with (force)`);
        await a.end();
      },
    };
  }
  const tar = readFileSync(inject('pgliteTemplate'));
  const db = await openPglite(undefined, { loadDataDir: new Blob([tar]) });
  return { db, url: null, drop: () => db.close() };
}

async function sameDb(first: TestServer): Promise<{ db: Db; url: string; drop: () => Promise<void> }> {
  if (!first.dbUrl) throw new Error('Dos servidores sobre una misma base requieren PostgreSQL (TEST_ENGINE=pg)');
  const db = await openPg(first.dbUrl);
  return { db, url: first.dbUrl, drop: () => db.close() };
}

export type Res<T = any> = { status: number; body: T; headers: Headers };

export type TestServer = {
  app: App;
  db: Db;
  config: Config;
  url: string;
  /** The PostgreSQL database's URL (null on PGlite): another server process can be built on it. */
  dbUrl: string | null;
  /** A real HTTP request to the running server. */
  req<T = any>(
    method: string,
    path: string,
    opts?: { token?: string | null; body?: unknown; raw?: string; headers?: Record<string, string> },
  ): Promise<Res<T>>;
  /** Signs a demo account in and returns its bearer token. */
  login(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
};

/**
 * Builds the whole app on a fresh database and listens on a free loopback port. With `sameDatabaseAs` (PostgreSQL
 * only) it is a second server process on the first one's database: its own pool, app and port; closing it leaves
 * the database to the first.
 */
export async function build(
  opts: { clock?: Clock; config?: Partial<Config>; sameDatabaseAs?: TestServer; wrapDb?: (db: Db) => Db } = {},
): Promise<TestServer> {
  const opened = opts.sameDatabaseAs ? await sameDb(opts.sameDatabaseAs) : await freshDb();
  const { url: dbUrl, drop } = opened;
  const db = opts.wrapDb ? opts.wrapDb(opened.db) : opened.db;
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      SECRETS_KEY: `${'0'.repeat(63)}1`,
      DATA_DIR: '/nonexistent-test-data',
      WEB_DIST: '/nonexistent-web-dist',
      JOBS: 'false',
      // The clearing-house simulators of the tests listen on loopback (decision 021).
      COELSA_ALLOWED_HOSTS: '127.0.0.1',
    },
    opts.config ?? {},
  );
  const app = await buildApp({ config, db, ...(opts.clock ? { clock: opts.clock } : {}) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const server: TestServer = {
    app,
    db,
    config,
    url,
    dbUrl,
    async req(method, path, o = {}) {
      const headers: Record<string, string> = { ...(o.headers ?? {}) };
      if (o.token) headers.authorization = `Bearer ${o.token}`;
      let body: string | undefined;
      if (o.raw !== undefined) body = o.raw;
      else if (o.body !== undefined) body = JSON.stringify(o.body);
      if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
      const res = await fetch(url + path, { method, headers, body });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {}
      return { status: res.status, body: parsed as never, headers: res.headers };
    },
    async login(email, password = DEMO_PASSWORD) {
      const r = await server.req('POST', '/api/auth/login', { body: { email, password } });
      if (r.status !== 200 || !r.body.token) throw new Error(`login ${email}: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body.token as string;
    },
    async close() {
      await app.close();
      await drop();
    },
  };
  return server;
}

let passwordSeq = 0;
/** A password the policy accepts (12+ characters, not guessable by zxcvbn), different on every call. */
export function strongPassword(tag = 'x'): string {
  passwordSeq += 1;
  return `Tintero-${tag}${passwordSeq}-Violeta-${Math.random().toString(36).slice(2, 7)}`;
}
