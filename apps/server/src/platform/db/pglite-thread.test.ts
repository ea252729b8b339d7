import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, isDbError } from './db';
import { openPglite } from './pglite';
import { openPgliteThread } from './pglite-thread';

const SERVER = path.resolve(import.meta.dirname, '../../..');

describe('the embedded database in its own thread', () => {
  let workerUrl: URL;
  let dataDir: string;
  let db: Db;

  beforeAll(async () => {
    // The thread runs built JavaScript, as in the bundled server: built here beside the server's own dist.
    const outfile = path.join(SERVER, 'dist/test/pglite-worker.js');
    await build({
      entryPoints: [path.join(SERVER, 'src/platform/db/pglite-worker.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      logLevel: 'warning',
    });
    workerUrl = pathToFileURL(outfile);
    dataDir = await mkdtemp(path.join(tmpdir(), 'echeq-pglite-thread-'));
    db = await openPgliteThread({ dataDir, workerUrl });
    await db.exec(`create table t (id int primary key, amount numeric(18,2) not null, at timestamptz, day date);
      create table u (id int primary key, name text not null constraint u_name_key unique);`);
  });
  afterAll(async () => {
    await db?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('answers statements with parameters, as in one thread', async () => {
    const at = new Date('2026-03-04T05:06:07.123Z');
    const ins = await db.query('insert into t values ($1, $2, $3, $4), ($5, $6, null, null)', [
      1,
      '1234567890123456.78',
      at,
      '2026-03-04',
      2,
      '0.10',
    ]);
    expect(ins.rowCount).toBe(2);
    const r = await db.query<{ id: number; amount: string; at: Date | null; day: string | null }>(
      'select id, amount, at, day from t order by id',
    );
    expect(r.rows).toEqual([
      { id: 1, amount: '1234567890123456.78', at, day: '2026-03-04' },
      { id: 2, amount: '0.10', at: null, day: null },
    ]);
    expect((await db.query('update t set amount = amount + 1 where id > $1', [0])).rowCount).toBe(2);
  });

  it('gives database errors with their code, constraint and detail', async () => {
    await db.query(`insert into u values (1, 'a')`);
    const err = await db.query(`insert into u values (2, 'a')`).catch((e: unknown) => e);
    expect(isDbError(err)).toBe(true);
    expect(err).toMatchObject({ code: '23505', constraint: 'u_name_key' });
    expect((err as { detail?: string }).detail).toContain('(name)=(a)');
  });

  it('commits a transaction, rolls one back when it throws, and keeps other statements waiting meanwhile', async () => {
    const committed = await db.transaction(async (tx) => {
      await tx.query(`insert into u values (10, 'b')`);
      return (await tx.query<{ n: number }>('select count(*)::int as n from u')).rows[0]?.n;
    });
    expect(committed).toBe(2);

    let outsideSaw: number | undefined;
    const failed = db
      .transaction(async (tx) => {
        await tx.query(`insert into u values (11, 'c')`);
        // A statement outside the transaction waits for it to finish (one connection, as in one thread).
        const outside = db.query<{ n: number }>('select count(*)::int as n from u').then((r) => {
          outsideSaw = r.rows[0]?.n;
        });
        await new Promise((r) => setTimeout(r, 50));
        expect(outsideSaw).toBeUndefined();
        void outside;
        throw new Error('deshacer');
      })
      .catch((e: unknown) => e);
    expect(await failed).toMatchObject({ message: 'deshacer' });
    await new Promise((r) => setTimeout(r, 20));
    expect(outsideSaw).toBe(2);
    expect((await db.query('select 1 from u where id = 11')).rowCount).toBe(0);

    // An error inside the transaction leaves nothing behind either.
    const dup = await db
      .transaction(async (tx) => {
        await tx.query(`insert into u values (12, 'd')`);
        await tx.query(`insert into u values (13, 'd')`);
      })
      .catch((e: unknown) => e);
    expect(dup).toMatchObject({ code: '23505' });
    expect((await db.query('select 1 from u where id in (12, 13)')).rowCount).toBe(0);
  });

  it('runs the statements a transaction asks for at once, and no timer of this thread in the middle', async () => {
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 1);
    try {
      const [slow, count, names, ticksBetween] = await db.transaction(async (tx) => {
        const before = ticks;
        const answers = await Promise.all([
          tx.query(`select pg_sleep(0.05), 'lento' as v`),
          tx.query<{ n: number }>('select count(*)::int as n from u'),
          tx.query<{ name: string }>('select name from u order by id'),
        ]);
        return [...answers, ticks - before] as const;
      });
      expect(slow.rows[0]).toMatchObject({ v: 'lento' });
      expect(count.rows[0]?.n).toBe(2);
      expect(names.rows.map((r) => r.name)).toEqual(['a', 'b']);
      // From its first statement to its last, the transaction ran as in one thread: no timer of this thread between.
      expect(ticksBetween).toBe(0);
    } finally {
      clearInterval(ticker);
    }
    const many = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        db.transaction(async (tx) => {
          await tx.query(`insert into t values ($1, $2, null, null)`, [100 + i, i]);
          if (i % 2 === 0) await tx.query('select pg_sleep(0.002)');
          return (await tx.query<{ n: number }>('select count(*)::int as n from t where id >= 100')).rows[0]?.n;
        }),
      ),
    );
    expect([...many].sort((x, y) => (x ?? 0) - (y ?? 0))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('delivers notifications to listeners until they stop', async () => {
    const events: string[] = [];
    const stop = await db.listen('cambios', (e) => events.push(e));
    await db.query(`select pg_notify('cambios', 'x')`);
    await db.transaction((tx) => tx.query(`notify cambios`));
    await new Promise((r) => setTimeout(r, 20));
    expect(events).toEqual(['up', 'notify', 'notify']);
    await stop();
    await db.query(`notify cambios`);
    await new Promise((r) => setTimeout(r, 20));
    expect(events).toHaveLength(3);
  });

  it('dumps its files into a database that opens elsewhere', async () => {
    const dump = await db.dump!();
    const copy = await openPglite(undefined, { loadDataDir: dump });
    try {
      expect((await copy.query<{ n: number }>('select count(*)::int as n from u')).rows[0]?.n).toBe(2);
    } finally {
      await copy.close();
    }
  });

  it('fails every later statement once closed, without calling it fatal', async () => {
    const fatal: Error[] = [];
    const other = await openPgliteThread({ dataDir: undefined, workerUrl, onFatal: (e) => fatal.push(e) });
    expect((await other.query<{ x: number }>('select 1 as x')).rows).toEqual([{ x: 1 }]);
    await other.close();
    await expect(other.query('select 1')).rejects.toThrow();
    expect(fatal).toEqual([]);
  });
});
