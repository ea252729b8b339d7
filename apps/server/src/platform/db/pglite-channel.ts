/** The messages between the server's thread and the embedded database's (pglite-thread.ts, pglite-worker.ts). */
import type { MessagePort } from 'node:worker_threads';

export type WorkerRequest = { id: number } & (
  | { op: 'query'; sql: string; params?: readonly unknown[]; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; listener: number }
  | { op: 'dump'; compression: 'none' | 'gzip' }
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

/**
 * The synchronous channel of a transaction's statements (see pglite-thread.ts): requests on `requests`, answers on
 * `answers`; `flags` is an Int32Array over a SharedArrayBuffer: [REQUEST] set to 1 when a request was posted,
 * [ANSWER] when an answer was, each waited for with Atomics.wait and taken with receiveMessageOnPort.
 */
export type WorkerData = {
  dataDir: string | undefined;
  loadDataDir?: ArrayBuffer;
  requests: MessagePort;
  answers: MessagePort;
  flags: SharedArrayBuffer;
};
export const REQUEST = 0;
export const ANSWER = 1;
export const FLAGS_BYTES = 8;

/** Waits (blocking this thread) until flags[i] is 1, then resets it. False when timeoutMs passed first. */
export function waitFlag(flags: Int32Array, i: number, timeoutMs = Number.POSITIVE_INFINITY): boolean {
  if (Atomics.wait(flags, i, 0, timeoutMs) === 'timed-out') return false;
  Atomics.store(flags, i, 0);
  return true;
}

/** Posts a message on port, then raises flags[i] for the thread waiting on it. */
export function postAndRaise(port: MessagePort, message: unknown, flags: Int32Array, i: number): void {
  port.postMessage(message);
  Atomics.store(flags, i, 1);
  Atomics.notify(flags, i);
}
