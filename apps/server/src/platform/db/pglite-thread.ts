import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { type Db, type Queryable, withRetry } from './db';
import {
  ANSWER,
  FLAGS_BYTES,
  postAndRaise,
  REQUEST,
  type WorkerData,
  type WorkerError,
  type WorkerMessage,
  type WorkerRequest,
  waitFlag,
} from './pglite-channel';

type Pending = { resolve(value: unknown): void; reject(err: Error): void };

/** How long a statement inside a transaction may keep this thread waiting before it fails. */
const STATEMENT_TIMEOUT_MS = 60_000;
/** How long closing waits for the database's thread to close PGlite before ending the thread. */
const CLOSE_TIMEOUT_MS = 5_000;

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
 * A transaction's statements go by a synchronous channel: the database's thread waits for the next statement, and
 * this thread waits, blocked, for each answer. A transaction holds the database; were its statements queued behind
 * other requests' work in either thread, the database would sit idle, held, meanwhile. So a transaction runs from
 * its first statement to COMMIT as it did in one thread; other statements, and the HTTP work around them, overlap.
 *
 * `onFatal` is called if the thread stops unexpectedly: every statement waiting fails, and so does every later one.
 */
export async function openPgliteThread(opts: {
  dataDir: string | undefined;
  workerUrl: URL;
  loadDataDir?: Blob;
  onFatal?: (err: Error) => void;
}): Promise<Db> {
  const requests = new MessageChannel();
  const answers = new MessageChannel();
  const flagsBuffer = new SharedArrayBuffer(FLAGS_BYTES);
  const data: WorkerData = {
    dataDir: opts.dataDir,
    ...(opts.loadDataDir ? { loadDataDir: await opts.loadDataDir.arrayBuffer() } : {}),
    requests: requests.port2,
    answers: answers.port2,
    flags: flagsBuffer,
  };
  const worker = new Worker(opts.workerUrl, { workerData: data, transferList: [requests.port2, answers.port2] });
  const flags = new Int32Array(flagsBuffer);
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

  /**
   * A statement of an open transaction: asked on the synchronous channel, and this thread waits for its answer,
   * blocked. Nothing else runs here in between, as when PGlite ran in this thread: a transaction's code never sees
   * another request start half-way through it (one that, say, began reading something the transaction then waits
   * for, queued behind the transaction itself).
   */
  const callInTransaction = <T>(req: Req): T => {
    if (stopped) throw stopped;
    const id = nextId++;
    postAndRaise(requests.port1, { ...req, id }, flags, REQUEST);
    if (!waitFlag(flags, ANSWER, STATEMENT_TIMEOUT_MS)) {
      throw new Error('La base de datos embebida no respondió a tiempo');
    }
    const got = receiveMessageOnPort(answers.port1)?.message as WorkerMessage | undefined;
    if (!got || !('id' in got) || got.id !== id) throw new Error('Respuesta inesperada de la base de datos embebida');
    if (got.ok) return got.value as T;
    throw toError(got.error);
  };

  /** Commits (or rolls back) a transaction: asked on the synchronous channel, answered on the ordinary port. */
  const endTransaction = (tx: number, commit: boolean): Promise<void> => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    return new Promise<void>((resolve, reject) => {
      pending.set(id, { resolve: () => resolve(), reject });
      postAndRaise(requests.port1, { op: 'end', tx, commit, id } satisfies WorkerRequest, flags, REQUEST);
    });
  };

  const q = (tx: number | undefined): Queryable =>
    tx === undefined
      ? { query: (sql, params) => call({ op: 'query', sql, params }), exec: (sql) => call({ op: 'exec', sql }) }
      : {
          query: async (sql, params) => callInTransaction({ op: 'query', sql, params, tx }),
          exec: async (sql) => callInTransaction({ op: 'exec', sql, tx }),
        };

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
          await endTransaction(tx, false).catch(() => {});
          throw err;
        }
        await endTransaction(tx, true);
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
      // A clean close flushes PGlite; a thread that does not answer within a few seconds is ended anyway.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        call({ op: 'close' }).catch(() => {}),
        new Promise((resolve) => {
          timer = setTimeout(resolve, CLOSE_TIMEOUT_MS);
        }),
      ]);
      clearTimeout(timer);
      await worker.terminate();
      requests.port1.close();
      answers.port1.close();
      stopped ??= new Error('La base de datos embebida está cerrada');
    },
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
    dump: async (compression = 'none') => new Blob([await call<ArrayBuffer>({ op: 'dump', compression })]),
  };
}
