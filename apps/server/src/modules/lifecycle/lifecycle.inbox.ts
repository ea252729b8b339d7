import type { RegistryCheque } from '@echeq/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/db';
import type { Deps } from '../../platform/deps';
import type { Job } from '../../platform/jobs';
import { bankCodeOf } from '../accounts';
import { directoryCacheOf } from '../clearing';
import { clientsToAdhere, markAdhered } from '../users';
import { banksConcerned, cursorOf } from './lifecycle.copies';
import type { RegistryLink } from './lifecycle.link';
import { applyEvents } from './lifecycle.pass';

/** Events pulled at a time. */
const BATCH = 200;
/** Client companies adhered at a time. */
const ADHERE_BATCH = 1000;

/**
 * Tells the bank's registry of its client companies it has not been told of yet (decision 039): from then on the
 * events naming them are the bank's, those already written included. Cheap when none is missing (one look-up of an
 * empty partial index); idempotent on the registry's side, so two processes doing it at once, or a crash between the
 * registry's answer and the mark, only send an adhesion again. A CUIT that is not 11 digits can be no cheque's party:
 * it is marked without being sent. A bank without a bank code (no account made yet) has nothing to adhere through:
 * its companies wait. Throws when the registry cannot be reached. Answers how many companies it marked.
 *
 * The common case (nothing to adhere) costs no round trip: once a look-up found nothing, the process's directory
 * cache remembers it until the database announces a change to companies (a company created, moved, its CUIT or
 * adhesion changed: 0032_registry_directory_notify), or this process answers a request that may have created one
 * (app.ts), so a company's first operation after it was created still finds it adhered (decision 042).
 */
export async function adhereClients(
  deps: Pick<Deps, 'db' | 'clock'>,
  link: RegistryLink,
  tenantId: string,
  bankCode?: string | null,
): Promise<number> {
  const code = bankCode === undefined ? await bankCodeOf(deps.db, tenantId) : bankCode;
  if (!code) return 0;
  const directory = directoryCacheOf(deps.db);
  const noneKey = `adhered:${tenantId}`;
  if (directory?.get(noneKey)) return 0;
  let marked = 0;
  for (;;) {
    const generation = directory?.generation() ?? 0;
    const missing = await clientsToAdhere(deps.db, tenantId, ADHERE_BATCH);
    if (missing.length === 0) {
      directory?.set(noneKey, true, generation);
      return marked;
    }
    const cuits = missing.map((c) => c.cuit).filter((c) => /^\d{11}$/.test(c));
    if (cuits.length > 0) await link.adhere(tenantId, { bankCode: code, cuits });
    await markAdhered(
      deps.db,
      missing.map((c) => c.id),
      deps.clock.now(),
    );
    marked += missing.length;
    if (missing.length < ADHERE_BATCH) return marked;
  }
}

/**
 * Each bank's inbox cursor as this process last found or moved it, by database handle. It only moves forward, so a
 * cursor remembered here is at most behind: events pulled after it that another process applied meanwhile are
 * dropped under the lock (the cursor read there decides), at the cost of pulling them again once. It spares each
 * pass the read of the cursor before the pull.
 */
const cursorsByDb = new WeakMap<Db, Map<string, string>>();
const CURSORS_MAX = 10_000;

/** Remembers the bank's cursor, never behind one remembered already (a tick and a request's pass may overlap). */
function remember(cursors: Map<string, string>, tenantId: string, cursor: string): void {
  const known = cursors.get(tenantId);
  if (known !== undefined && BigInt(known) >= BigInt(cursor)) return;
  if (known === undefined && cursors.size >= CURSORS_MAX) cursors.clear();
  cursors.set(tenantId, cursor);
}

/**
 * Runs the bank's inbox once: adheres the client companies its registry does not know yet, pulls the registry's
 * events after its cursor for its bank code, then under the bank's inbox lock, in one call (`applyEvents`), applies
 * those after the cursor it finds there (another process may have applied some meanwhile) and moves the cursor. Exactly
 * once and in order, with several processes, and after a crash (a transaction that did not commit moved nothing).
 * A bank without a bank code has no events yet (its cursor stays). Answers how many events it applied.
 */
export async function runInbox(
  deps: Pick<Deps, 'db' | 'clock'>,
  link: RegistryLink,
  tenantId: string,
): Promise<number> {
  const db: Db = deps.db;
  const bankCode = await bankCodeOf(db, tenantId);
  if (!bankCode) return 0;
  await adhereClients(deps, link, tenantId, bankCode);
  const cursors = cursorsByDb.get(db) ?? new Map<string, string>();
  cursorsByDb.set(db, cursors);
  let applied = 0;
  for (;;) {
    const from = cursors.get(tenantId) ?? (await cursorOf(db, tenantId));
    const pulled = await link.events(tenantId, { cursor: from, bankCode, limit: BATCH });
    // Nothing after the cursor: a pass would apply and move nothing. The cursor read is remembered, so an idle
    // bank's next tick is the pull alone.
    if (pulled.events.length === 0 && BigInt(pulled.cursor) <= BigInt(from)) {
      remember(cursors, tenantId, from);
      return applied;
    }
    const n = await applyEvents(deps, tenantId, pulled);
    // Remembered once committed (a pass that failed moved nothing).
    remember(cursors, tenantId, n.next);
    applied += n.fresh;
    if (pulled.events.length < BATCH) return applied;
  }
}

/** The passes of each bank's inbox that one database handle (one process's pool) runs or has promised. */
type Pass = { promise: Promise<number>; resolve: (n: number) => void; reject: (err: unknown) => void };
type Passes = { running: boolean; next: Pass | null };
const passesByDb = new WeakMap<Db, Map<string, Passes>>();

/**
 * A pass of the bank's inbox (`runInbox`) that starts after this call: what was committed in the registry before it,
 * the bank has applied when the promise settles. Requests of one bank at once share passes (decision 041): while
 * a pass runs, every request that comes waits for the one pass after it, which applies all their events in one
 * transaction, instead of each taking its turn at the bank's inbox lock with a connection of the pool held while
 * it waits. So a process holds at most one connection on a bank's lock; several processes still take turns on it,
 * each applying what the others have not (runInbox).
 */
export function runInboxPass(deps: Pick<Deps, 'db' | 'clock'>, link: RegistryLink, tenantId: string): Promise<number> {
  const byBank = passesByDb.get(deps.db) ?? new Map<string, Passes>();
  passesByDb.set(deps.db, byBank);
  const passes = byBank.get(tenantId) ?? { running: false, next: null };
  byBank.set(tenantId, passes);
  passes.next ??= newPass();
  const mine = passes.next.promise;
  if (!passes.running) void drive(deps, link, tenantId, passes, byBank);
  return mine;
}

function newPass(): Pass {
  let resolve!: Pass['resolve'];
  let reject!: Pass['reject'];
  const promise = new Promise<number>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

async function drive(
  deps: Pick<Deps, 'db' | 'clock'>,
  link: RegistryLink,
  tenantId: string,
  passes: Passes,
  byBank: Map<string, Passes>,
): Promise<void> {
  passes.running = true;
  try {
    for (let pass = passes.next; pass; pass = passes.next) {
      passes.next = null;
      await runInbox(deps, link, tenantId).then(pass.resolve, pass.reject);
    }
  } finally {
    passes.running = false;
    byBank.delete(tenantId);
  }
}

/**
 * After the sandbox registry answered an operation: a pass of the inbox of the caller's bank and, at the same time,
 * of each other sandbox bank the cheque concerns (a client company is or was a party, or the cheque is drawn on it),
 * so each party's bank sees the change when the answer comes rather than at the next tick. Without the cheque, every
 * other sandbox bank's. Banks the cheque does not concern have nothing to apply; the job's tick reaches them anyway.
 */
export async function runInboxes(
  deps: Pick<Deps, 'db' | 'clock'>,
  link: RegistryLink,
  first: string,
  cheque?: RegistryCheque,
): Promise<void> {
  const own = runInboxPass(deps, link, first);
  const among = cheque ? (await banksConcerned(deps.db, cheque)).filter((t) => t !== first) : undefined;
  const others = among?.length === 0 ? [] : (await link.banks(among)).filter((t) => t !== first);
  await Promise.all([own, ...others.map((t) => runInboxPass(deps, link, t))]);
}

/** The inbox of every bank on the sandbox, each tick (one transaction per batch of a bank). */
export function inboxJob(deps: Pick<Deps, 'db' | 'clock'>, link: RegistryLink, log?: FastifyBaseLogger): Job {
  return {
    id: 727_121,
    name: 'echeq-inbox',
    everyMs: 1_000,
    // The banks are read after the run's transaction (from the directory cache, else through the pool): a read on
    // the pool inside that transaction would wait for ever on the embedded database's single connection.
    run: async () => null,
    async after() {
      let applied = 0;
      for (const tenantId of await link.banks()) {
        try {
          applied += await runInbox(deps, link, tenantId);
        } catch (err) {
          log?.warn({ err, tenantId }, 'Bandeja de entrada del registro: no se pudo aplicar');
        }
      }
      return applied;
    },
  };
}
