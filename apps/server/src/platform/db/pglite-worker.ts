/**
 * The embedded database's own thread (started by pglite-thread.ts). PostgreSQL compiled to WebAssembly runs
 * synchronously while it executes a statement; here it does so beside the server's thread instead of inside it, so
 * requests are read, checked and answered while statements run.
 */
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { consistentDump, createPglite, pgliteQuery } from './pglite';
import {
  ANSWER,
  postAndRaise,
  REQUEST,
  type WorkerData,
  type WorkerError,
  type WorkerMessage,
  type WorkerRequest,
  waitFlag,
} from './pglite-channel';

/** Thrown inside a transaction to roll it back. */
const ROLLBACK = Symbol('rollback');

function plainError(err: unknown): WorkerError {
  if (!(err instanceof Error)) return { message: String(err) };
  const out: WorkerError = { message: err.message };
  for (const [k, v] of Object.entries(err)) if (typeof v === 'string') out[k] = v;
  return out;
}

async function serve(db: PGlite, port: NonNullable<typeof parentPort>, data: WorkerData) {
  const flags = new Int32Array(data.flags);
  const listeners = new Map<number, () => Promise<void>>();
  let nextId = 1;

  const answer = (message: WorkerMessage) => postAndRaise(data.answers, message, flags, ANSWER);
  const nextRequest = (): WorkerRequest => {
    for (;;) {
      waitFlag(flags, REQUEST);
      const got = receiveMessageOnPort(data.requests);
      if (got) return got.message as WorkerRequest;
    }
  };

  /**
   * A transaction: BEGIN, then its id answered to 'begin', then its statements served one by one from the synchronous
   * channel (this thread waits for each, as the transaction holds the database anyway) until 'end', answered on the
   * ordinary port once COMMIT (or ROLLBACK) ran: the server's thread need not wait, blocked, for a commit to reach
   * the disk.
   */
  const transaction = async (begin: WorkerRequest) => {
    const txId = nextId++;
    let opened = false;
    let end: (WorkerRequest & { op: 'end' }) | undefined;
    let outcome: WorkerError | null = null;
    try {
      await db.transaction(async (tx) => {
        opened = true;
        port.postMessage({ id: begin.id, ok: true, value: txId } satisfies WorkerMessage);
        for (;;) {
          const req = nextRequest();
          if (req.op === 'end' && req.tx === txId) {
            end = req;
            break;
          }
          try {
            if (req.op === 'query' && req.tx === txId)
              answer({ id: req.id, ok: true, value: await pgliteQuery(tx, req.sql, req.params) });
            else if (req.op === 'exec' && req.tx === txId) {
              await tx.exec(req.sql);
              answer({ id: req.id, ok: true, value: null });
            } else throw new Error('Pedido fuera de la transacción abierta');
          } catch (err) {
            answer({ id: req.id, ok: false, error: plainError(err) });
          }
        }
        if (!end.commit) throw ROLLBACK;
      });
    } catch (err) {
      if (err !== ROLLBACK) outcome = plainError(err);
    }
    const to = end ?? (opened ? undefined : begin);
    if (!to) return;
    port.postMessage(
      (outcome
        ? { id: to.id, ok: false, error: outcome }
        : { id: to.id, ok: true, value: null }) satisfies WorkerMessage,
    );
  };

  const handle = async (req: WorkerRequest): Promise<unknown> => {
    switch (req.op) {
      case 'query':
        return pgliteQuery(db, req.sql, req.params);
      case 'exec':
        await db.exec(req.sql);
        return null;
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
        const blob = await consistentDump(db, req.compression);
        return await blob.arrayBuffer();
      }
      case 'close':
        await db.close();
        return null;
      default:
        throw new Error('Pedido inesperado');
    }
  };

  port.on('message', (req: WorkerRequest) => {
    if (req.op === 'begin') {
      void transaction(req);
      return;
    }
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
      await serve(db, port, data);
      port.postMessage({ ready: true } satisfies WorkerMessage);
    },
    (err: unknown) => port.postMessage({ failed: plainError(err) } satisfies WorkerMessage),
  );
}
