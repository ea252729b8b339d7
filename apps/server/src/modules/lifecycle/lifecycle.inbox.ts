import { type Caller, presentationWindowEnd, type RegistryCheque } from '@echeq/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../platform/db/db';
import type { Deps } from '../../platform/deps';
import type { Job } from '../../platform/jobs';
import { bankCodeOf } from '../accounts';
import type { RegistryEvent } from '../clearing';
import { closeRegistryCustody, openRegistryCustody } from '../custody';
import { clientsToAdhere, markAdhered } from '../users';
import {
  banksConcerned,
  cursorOf,
  insertHistory,
  moveCursor,
  type Party,
  partiesOf,
  readCursor,
  upsertCopy,
} from './lifecycle.copies';
import type { RegistryLink } from './lifecycle.link';

/** The advisory lock of a bank's inbox: (INBOX_LOCK, hashtext(tenant id)), held to the end of its transaction. */
export const INBOX_LOCK = 727_301;
/** Events pulled at a time. */
const BATCH = 200;
/** Client companies adhered at a time. */
const ADHERE_BATCH = 1000;

/** Who did an event, as the bank's history shows it. */
function actorOf(
  cheque: RegistryCheque,
  caller: Caller,
): { cuit: string | null; name: string | null; bank: string | null } {
  if (caller.payingBank) return { cuit: null, name: null, bank: cheque.issuer.bank_code };
  if (caller.registry || !caller.cuit) return { cuit: null, name: 'COELSA', bank: null };
  const cuit = caller.cuit;
  if (cuit === cheque.issuer.cuit) return { cuit, name: cheque.issuer.name, bank: cheque.issuer.bank_code };
  if (cuit === cheque.beneficiary.cuit) return { cuit, name: cheque.beneficiary.name, bank: null };
  const link = cheque.endorsements.find((e) => e.to_cuit === cuit && e.to_name);
  return { cuit, name: link?.to_name ?? null, bank: null };
}

/** Applies one event to the copies of every client company of the bank that is a party, and records its history. */
async function applyEvent(tx: Queryable, tenantId: string, parties: Party[], ev: RegistryEvent): Promise<void> {
  const cheque = ev.payload.cheque;
  const at = new Date(ev.at);
  for (const party of parties) {
    const copy = await upsertCopy(tx, { tenantId, party, cheque, eventId: ev.id, key: ev.payload.key, at: ev.at });
    if (!copy) continue;
    if (ev.operation === 'CUSTODY' && cheque.holder_cuit === party.cuit) {
      await openRegistryCustody(tx, {
        tenantId,
        companyId: party.id,
        echeqId: copy.id,
        presentationDeadline: presentationWindowEnd(cheque.payment_date),
        at,
      });
    } else if (ev.operation === 'RESCUE' || ev.operation === 'AUTO_DEPOSIT') {
      const reason = ev.operation === 'RESCUE' ? 'Rescatado de custodia' : 'Depositado automáticamente';
      await closeRegistryCustody(tx, { echeqId: copy.id, reason, at });
    }
  }
  const who = actorOf(cheque, ev.payload.caller);
  await insertHistory(tx, {
    tenantId,
    chequeId: ev.cheque_id,
    eventId: ev.id,
    at: ev.at,
    event: ev.operation,
    state: ev.state,
    partyCuit: who.cuit,
    partyName: who.name,
    bank: who.bank,
    details: ev.payload.input,
  });
}

/**
 * Tells the bank's registry of its client companies it has not been told of yet (decision 039): from then on the
 * events naming them are the bank's, those already written included. Cheap when none is missing (one look-up of an
 * empty partial index); idempotent on the registry's side, so two processes doing it at once, or a crash between the
 * registry's answer and the mark, only send an adhesion again. A CUIT that is not 11 digits can be no cheque's party:
 * it is marked without being sent. A bank without a bank code (no account made yet) has nothing to adhere through:
 * its companies wait. Throws when the registry cannot be reached. Answers how many companies it marked.
 */
export async function adhereClients(
  deps: Pick<Deps, 'db' | 'clock'>,
  link: RegistryLink,
  tenantId: string,
  bankCode?: string | null,
): Promise<number> {
  const code = bankCode === undefined ? await bankCodeOf(deps.db, tenantId) : bankCode;
  if (!code) return 0;
  let marked = 0;
  for (;;) {
    const missing = await clientsToAdhere(deps.db, tenantId, ADHERE_BATCH);
    if (missing.length === 0) return marked;
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

/** Pause before looking again when another request holds a bank's inbox (ms: 2, 4, 8, then 16 each time). */
const pause = (attempt: number) => new Promise((r) => setTimeout(r, Math.min(2 ** (attempt + 1), 16)));

/**
 * Runs the bank's inbox once: adheres the client companies its registry does not know yet, pulls the registry's
 * events after its cursor for its bank code, then, in one transaction under the bank's inbox lock, applies those
 * after the cursor it finds there (another process may have applied some meanwhile) and moves the cursor. Exactly
 * once and in order, with several processes, and after a crash (a transaction that did not commit moved nothing).
 * A bank without a bank code has no events yet (its cursor stays). Answers how many events it applied.
 *
 * `until` (a request that has just changed a cheque: its last event's id) makes it a wait for that event rather than
 * a turn at the lock (decision 041): it never queues on the lock holding a connection; when another request holds
 * the lock, it lets go, pauses and looks at the cursor again, and is done as soon as the cursor reaches `until`. So
 * many requests of one bank at once are served by whichever holds the lock, each applying everything pulled so far
 * in one transaction, instead of each in turn. Without `until` (the job) it waits for the lock.
 */
export async function runInbox(
  deps: Pick<Deps, 'db' | 'clock'>,
  link: RegistryLink,
  tenantId: string,
  until?: string,
): Promise<number> {
  const db: Db = deps.db;
  const bankCode = await bankCodeOf(db, tenantId);
  if (!bankCode) return 0;
  await adhereClients(deps, link, tenantId, bankCode);
  const target = until === undefined ? null : BigInt(until);
  let applied = 0;
  for (let waits = 0; ; ) {
    const from = await cursorOf(db, tenantId);
    if (target !== null && BigInt(from) >= target) return applied;
    const pulled = await link.events(tenantId, { cursor: from, bankCode, limit: BATCH });
    const n = await db.transaction(async (tx) => {
      if (target === null) {
        await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [INBOX_LOCK, tenantId]);
      } else {
        const r = await tx.query<{ got: boolean }>('select pg_try_advisory_xact_lock($1, hashtext($2)) as got', [
          INBOX_LOCK,
          tenantId,
        ]);
        if (!r.rows[0]?.got) return null;
      }
      const cursor = BigInt(await readCursor(tx, tenantId));
      const fresh = pulled.events.filter((e) => BigInt(e.id) > cursor);
      const parties = await partiesOf(tx, tenantId, fresh);
      for (const [i, ev] of fresh.entries()) await applyEvent(tx, tenantId, parties[i]!, ev);
      const next = BigInt(pulled.cursor) > cursor ? pulled.cursor : cursor.toString();
      if (next !== cursor.toString()) await moveCursor(tx, tenantId, next, deps.clock.now());
      return fresh.length;
    });
    if (n === null) {
      await pause(waits++);
      continue;
    }
    applied += n;
    // A page shorter than BATCH was all there was when it was pulled: after `until` was written, so it held it if
    // the event is the bank's at all (banksConcerned may name a bank the registry does not, e.g. not adhered yet).
    if (pulled.events.length < BATCH) return applied;
  }
}

/**
 * After the sandbox registry answered an operation: the inbox of the caller's bank, then of the other sandbox banks
 * the cheque concerns (a client company is or was a party, or the cheque is drawn on it), so each party's bank sees
 * the change at once rather than at the next tick; `until` is the operation's last event (see runInbox). Without the
 * cheque, every other sandbox bank's. Banks the cheque does not concern have nothing to apply; the job's tick
 * reaches them anyway.
 */
export async function runInboxes(
  deps: Pick<Deps, 'db' | 'clock'>,
  link: RegistryLink,
  first: string,
  cheque?: RegistryCheque,
  until?: string,
): Promise<void> {
  await runInbox(deps, link, first, until);
  const among = cheque ? (await banksConcerned(deps.db, cheque)).filter((t) => t !== first) : undefined;
  if (among?.length === 0) return;
  for (const tenantId of await link.banks(deps.db, among)) {
    if (tenantId !== first) await runInbox(deps, link, tenantId, until);
  }
}

/** The inbox of every bank on the sandbox, each tick (one transaction per batch of a bank). */
export function inboxJob(deps: Pick<Deps, 'db' | 'clock'>, link: RegistryLink, log?: FastifyBaseLogger): Job {
  return {
    id: 727_121,
    name: 'echeq-inbox',
    everyMs: 1_000,
    run: ({ tx }) => link.banks(tx),
    async after(banks) {
      let applied = 0;
      for (const tenantId of banks as string[]) {
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
