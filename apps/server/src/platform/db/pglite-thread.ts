import { Worker } from 'node:worker_threads';
import { type Db, type Queryable, withRetry } from './db';
import type { WorkerData, WorkerError, WorkerMessage, WorkerRequest } from './pglite-worker';

type Pending = { resolve(value: unknown): void; reject(err: Error): void };

/** A database error from the thread, as an Error with the same fields (code, constraint, detail…). */
function toError(e: WorkerError): Error {
  const { message, ...fields } = e;
  return Object.assign(new Error(message), fields);
}

/**
 * The embedded database in a thread of its own (pglite-worker.ts, built beside the server as pglite-worker.js):
 * statements run there while this thread reads, checks and answers requests. Same interface and behaviour as
 * openPglite: one transaction at a time, other statements wait for it.
 *
 * `onFatal` is called if the thread stops unexpectedly: every statement waiting fails, and so does every later one.
 */
export async function openPgliteThread(opts: {
  dataDir: string | undefined;
  workerUrl: URL;
  loadDataDir?: Blob;
  onFatal?: (err: Error) => void;
}): Promise<Db> {
  const data: WorkerData = {
    dataDir: opts.dataDir,
    ...(opts.loadDataDir ? { loadDataDir: await opts.loadDataDir.arrayBuffer() } : {}),
  };
  const worker = new Worker(opts.workerUrl, { workerData: data });
  const pending = new Map<number, Pending>();
  const notifyTo = new Map<number, () => void>();
  let nextId = 1;
  let stopped: Error | null = null;
  let closing = false;

  await new Promise<void>((resolve, reject) => {
    const early = (err: Error) => reject(err);
    worker.once('error', early);
    worker.once('exit', (code) => early(new Error(`La base de datos embebida terminó al iniciar (código ${code})`)));
    worker.once('message', (m: WorkerMessage) => {
      worker.off('error', early);
      worker.removeAllListeners('exit');
      if ('ready' in m) resolve();
      else if ('failed' in m) reject(toError(m.failed));
      else reject(new Error('Respuesta inesperada de la base de datos embebida'));
    });
  }).catch(async (err: unknown) => {
    await worker.terminate();
    throw err;
  });

  worker.on('message', (m: WorkerMessage) => {
    if ('notify' in m) {
      notifyTo.get(m.notify)?.();
      return;
    }
    if (!('id' in m)) return;
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.ok) p.resolve(m.value);
    else p.reject(toError(m.error));
  });
  const fail = (err: Error) => {
    if (stopped) return;
    stopped = err;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
    if (!closing) opts.onFatal?.(err);
  };
  worker.on('error', (err) => fail(err));
  worker.on('exit', (code) => fail(new Error(`La base de datos embebida se detuvo (código ${code})`)));

  type Req = WorkerRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;
  const call = <T>(req: Req): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ ...req, id });
    });
  };

  const q = (tx: number | undefined): Queryable => ({
    query: (sql, params) => call({ op: 'query', sql, params, tx }),
    exec: (sql) => call({ op: 'exec', sql, tx }),
  });

  return {
    kind: 'pglite',
    ...q(undefined),
    transaction: (fn) =>
      withRetry(async () => {
        const tx = await call<number>({ op: 'begin' });
        let result: Awaited<ReturnType<typeof fn>>;
        try {
          result = await fn(q(tx));
        } catch (err) {
          await call({ op: 'end', tx, commit: false }).catch(() => {});
          throw err;
        }
        await call({ op: 'end', tx, commit: true });
        return result;
      }),
    async listen(channel, onEvent) {
      const listener = await call<number>({ op: 'listen', channel });
      notifyTo.set(listener, () => onEvent('notify'));
      onEvent('up');
      return async () => {
        notifyTo.delete(listener);
        await call({ op: 'unlisten', listener });
      };
    },
    async close() {
      if (stopped) return;
      closing = true;
      await call({ op: 'close' }).catch(() => {});
      await worker.terminate();
      stopped ??= new Error('La base de datos embebida está cerrada');
    },
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
    dump: async () => new Blob([await call<ArrayBuffer>({ op: 'dump' })]),
  };
}
