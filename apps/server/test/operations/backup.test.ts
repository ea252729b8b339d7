import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/platform/db/db';
import { openPglite } from '../../src/platform/db/pglite';
import { DEMO_PASSWORD, TEST_ENGINE } from '../helpers';
import { call, type ServerProcess, startServer } from '../reliability/server-process';
import { custodyBody } from '../reliability/support';

const TOOL = path.resolve(import.meta.dirname, '../../dist/db-tool.js');

/** `npm run db:backup` / `db:restore` as the operator runs them (the built command, in its own process). */
function dbTool(args: string[], env: Record<string, string> = {}): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [TOOL, ...args],
      { env: { PATH: process.env.PATH ?? '', ...env }, timeout: 120_000 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}

/** Every table of the public schema, and every sequence, as one comparable fingerprint per table. */
async function fingerprint(db: Db): Promise<Record<string, string>> {
  const tables = (
    await db.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' order by 1`)
  ).rows.map((r) => r.name);
  const out: Record<string, string> = {};
  for (const t of tables) {
    const r = await db.query<{ n: number; digest: string | null }>(
      `select count(*)::int as n, md5(string_agg(x::text, '|' order by x::text)) as digest from public."${t}" x`,
    );
    out[t] = `${r.rows[0]!.n}:${r.rows[0]!.digest ?? '-'}`;
  }
  const seqs = await db.query<{ name: string; v: string | null }>(
    `select sequencename as name, last_value::text as v from pg_sequences where schemaname = 'public' order by 1`,
  );
  for (const s of seqs.rows) out[`sequence ${s.name}`] = s.v ?? '-';
  return out;
}

/** What a deposit wrote, cheque by cheque: its custody record, audit records and outbox records. */
async function deposits(db: Db, prefix: string) {
  return (
    await db.query<{ number: string; custody: number; audit: number; outbox: number }>(
      `select e.number,
              (select count(*)::int from custody c where c.echeq_id = e.id) as custody,
              (select count(*)::int from audit_log a
                where a.entity_id in (e.id::text, (select c.id::text from custody c where c.echeq_id = e.id))) as audit,
              (select count(*)::int from clearing_outbox o
                where o.entity_id in (e.id, (select c.id from custody c where c.echeq_id = e.id))) as outbox
       from echeqs e where e.number like $1 || '%' order by e.number`,
      [prefix],
    )
  ).rows;
}

describe.runIf(TEST_ENGINE === 'pglite')('backups of the embedded database', () => {
  let root: string;
  let dataDir: string;
  let srv: ServerProcess;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'echeq-backup-'));
    dataDir = path.join(root, 'data');
    // No jobs: after the load stops, nothing writes until the process ends, so the last copy must equal the folder.
    srv = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', JOBS: 'false' });
  }, 180_000);
  afterAll(async () => {
    await srv?.stop('SIGKILL');
    rmSync(root, { recursive: true, force: true });
  });

  it('a copy taken under a write load and one taken at rest restore into new folders, equal table by table', {
    timeout: 240_000,
  }, async () => {
    const token = (
      await call(srv.url, 'POST', '/api/auth/login', {
        body: { email: 'emisor@empresa.example', password: DEMO_PASSWORD },
      })
    ).body.token as string;

    // Four clients deposit cheques in custody without pause; each acknowledgement is noted with its time.
    const prefix = `7${Date.now()}`;
    const acked: Array<{ number: string; at: number }> = [];
    let stop = false;
    let seq = 0;
    const client = async () => {
      while (!stop) {
        const number = `${prefix}${String(seq++).padStart(5, '0')}`;
        const r = await call(srv.url, 'POST', '/api/echeqs/custody', { token, body: custodyBody({ number }) });
        expect(r.status).toBe(200);
        acked.push({ number, at: Date.now() });
      }
    };
    const load = Promise.all([client(), client(), client(), client()]);
    while (acked.length < 20) await new Promise((r) => setTimeout(r, 50));

    const underLoad = path.join(root, 'under-load.tar.gz');
    const asked = Date.now();
    const first = await dbTool(['backup', '--out', underLoad, '--data-dir', dataDir]);
    const answered = Date.now();
    expect(first.output).toContain(`servidor en marcha (pid ${srv.pid})`);
    expect(first.code).toBe(0);
    while (acked.filter((a) => a.at > answered).length < 5) await new Promise((r) => setTimeout(r, 50));
    stop = true;
    await load;
    expect(statSync(underLoad).mode & 0o777).toBe(0o600);

    const restoredUnderLoad = path.join(root, 'restored-under-load');
    const r1 = await dbTool(['restore', underLoad, '--data-dir', restoredUnderLoad]);
    expect(r1.code).toBe(0);
    const copy = await openPglite(path.join(restoredUnderLoad, 'pglite'));
    try {
      const found = await deposits(copy, prefix);
      const numbers = new Set(found.map((d) => d.number));
      // Everything acknowledged before the copy was asked for is in it; nothing acknowledged after it answered.
      for (const a of acked.filter((x) => x.at < asked)) expect(numbers.has(a.number)).toBe(true);
      for (const a of acked.filter((x) => x.at > answered)) expect(numbers.has(a.number)).toBe(false);
      // And no deposit is there in part: each has its custody record, two audit records and two outbox records.
      expect(found.length).toBeGreaterThanOrEqual(acked.filter((x) => x.at < asked).length);
      for (const d of found) expect(d).toEqual({ number: d.number, custody: 1, audit: 2, outbox: 2 });
    } finally {
      await copy.close();
    }

    // At rest: a copy from the running server, then the server stops; the copy equals the folder it leaves.
    const atRest = path.join(root, 'at-rest.tar.gz');
    expect((await dbTool(['backup', '--out', atRest, '--data-dir', dataDir])).code).toBe(0);
    expect(await srv.stop('SIGTERM')).toBe(0);
    const restoredAtRest = path.join(root, 'restored-at-rest');
    expect((await dbTool(['restore', atRest, '--data-dir', restoredAtRest])).code).toBe(0);

    // A copy of the stopped folder, taken by the command itself (it holds the folder's lock meanwhile).
    const stopped = path.join(root, 'stopped.tar.gz');
    const offline = await dbTool(['backup', '--out', stopped, '--data-dir', dataDir]);
    expect(offline.output).toContain('base detenida');
    expect(offline.code).toBe(0);
    const restoredStopped = path.join(root, 'restored-stopped');
    expect((await dbTool(['restore', stopped, '--data-dir', restoredStopped])).code).toBe(0);

    const prints: Record<string, string>[] = [];
    for (const dir of [dataDir, restoredAtRest, restoredStopped]) {
      const db = await openPglite(path.join(dir, 'pglite'));
      try {
        prints.push(await fingerprint(db));
        expect((await deposits(db, prefix)).length).toBe(acked.length);
      } finally {
        await db.close();
      }
    }
    const [original, fromRunning, fromStopped] = prints as [Record<string, string>, ...Record<string, string>[]];
    expect(Object.keys(original).length).toBeGreaterThan(20);
    expect(fromRunning).toEqual(original);
    expect(fromStopped).toEqual(original);
  });

  it('refuses to restore over a database, to back up a folder without one, and PostgreSQL', async () => {
    const over = await dbTool(['restore', TOOL, '--data-dir', dataDir]);
    expect(over.code).toBe(1);
    expect(over.output).toContain('ya tiene una base de datos: restaure en una carpeta nueva');
    const empty = await dbTool(['backup', '--data-dir', path.join(root, 'nada')]);
    expect(empty.code).toBe(1);
    expect(empty.output).toContain('No hay una base de datos embebida');
    const pg = await dbTool(['backup', '--data-dir', dataDir], { DATABASE_URL: 'postgres://u@127.0.0.1/x' });
    expect(pg.code).toBe(1);
    expect(pg.output).toContain('pg_dump');
    const bad = await dbTool(['restore', TOOL, '--data-dir', path.join(root, 'from-garbage')]);
    expect(bad.code).toBe(1);
    expect(bad.output).toContain('no es una copia que se pueda restaurar');
  });
});
