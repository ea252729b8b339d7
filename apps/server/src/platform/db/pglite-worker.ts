/**
 * The embedded database's own thread (started by pglite-thread.ts). PostgreSQL compiled to WebAssembly runs
 * synchronously while it executes a statement; here it does so beside the server's thread instead of inside it, so
 * requests are read, checked and answered while statements run.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { createPglite, pgliteQuery } from './pglite';

export type WorkerRequest = { id: number } & (
  | { op: 'query'; sql: string; params?: readonly unknown[]; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; listener: number }
  | { op: 'dump' }
  | { op: 'close' }
);

/** A database error as plain fields (message, code, constraint, detail…): an Error does not cross threads whole. */
export type WorkerError = { message: string } & Record<string, string | undefined>;

export type WorkerMessage =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: WorkerError }
  | { notify: number }
  | { ready: true }
  | { failed: WorkerError };

export type WorkerData = { dataDir: string | undefined; loadDataDir?: ArrayBuffer };

/** Thrown inside a transaction to roll it back. */
const ROLLBACK = Symbol('rollback');

function plainError(err: unknown): WorkerError {
  if (!(err instanceof Error)) return { message: String(err) };
  const out: WorkerError = { message: err.message };
  for (const [k, v] of Object.entries(err)) if (typeof v === 'string') out[k] = v;
  return out;
}

async function serve(db: PGlite, port: NonNullable<typeof parentPort>) {
  const txs = new Map<number, { tx: Transaction; finish(commit: boolean): void; done: Promise<void> }>();
  const listeners = new Map<number, () => Promise<void>>();
  let nextId = 1;

  const client = (tx: number | undefined): Pick<PGlite, 'query' | 'exec'> => {
    if (tx === undefined) return db;
    const open = txs.get(tx);
    if (!open) throw new Error('La transacción ya terminó');
    return open.tx;
  };

  const handle = async (req: WorkerRequest): Promise<unknown> => {
    switch (req.op) {
      case 'query':
        return pgliteQuery(client(req.tx), req.sql, req.params);
      case 'exec':
        await client(req.tx).exec(req.sql);
        return null;
      case 'begin': {
        const txId = nextId++;
        // The transaction stays open (holding the database, as in one thread) until 'end' says how it finishes.
        return new Promise<number>((started, failed) => {
          const done = db
            .transaction(async (tx) => {
              const commit = await new Promise<boolean>((finish) => {
                txs.set(txId, { tx, finish, done });
                started(txId);
              });
              if (!commit) throw ROLLBACK;
            })
            .catch((err: unknown) => {
              if (err !== ROLLBACK) throw err;
            })
            .finally(() => txs.delete(txId));
          done.catch(failed);
        });
      }
      case 'end': {
        const open = txs.get(req.tx);
        if (!open) throw new Error('La transacción ya terminó');
        open.finish(req.commit);
        await open.done;
        return null;
      }
      case 'listen': {
        const listener = nextId++;
        listeners.set(listener, await db.listen(req.channel, () => port.postMessage({ notify: listener })));
        return listener;
      }
      case 'unlisten': {
        await listeners.get(req.listener)?.();
        listeners.delete(req.listener);
        return null;
      }
      case 'dump': {
        const blob = (await db.dumpDataDir('none')) as Blob;
        return await blob.arrayBuffer();
      }
      case 'close':
        await db.close();
        return null;
    }
  };

  port.on('message', (req: WorkerRequest) => {
    handle(req).then(
      (value) => port.postMessage({ id: req.id, ok: true, value } satisfies WorkerMessage),
      (err: unknown) => port.postMessage({ id: req.id, ok: false, error: plainError(err) } satisfies WorkerMessage),
    );
  });
}

const port = parentPort;
if (port) {
  const data = workerData as WorkerData;
  createPglite(data.dataDir, data.loadDataDir ? { loadDataDir: new Blob([data.loadDataDir]) } : {}).then(
    async (db) => {
      await serve(db, port);
      port.postMessage({ ready: true } satisfies WorkerMessage);
    },
    (err: unknown) => port.postMessage({ failed: plainError(err) } satisfies WorkerMessage),
  );
}
