import { type Caller, presentationWindowEnd, type RegistryCheque } from '@echeq/contract';
import { type Queryable, withRetry } from '../../platform/db/db';
import type { Deps } from '../../platform/deps';
import type { RegistryEvent } from '../clearing';
import { closeRegistryCustody, openRegistryCustody } from '../custody';
import { applyPass, type CopyRow, type CopyWrite, type HistoryLine, type Party, partiesOf } from './lifecycle.copies';

// A pass of a bank's inbox over the events it pulled: the copies and history lines they make, written by one call of
// the pass function, and custody's records of CUSTODY, RESCUE and AUTO_DEPOSIT events (lifecycle.inbox.ts pulls).

/** The advisory lock of a bank's inbox: (INBOX_LOCK, hashtext(tenant id)), held to the end of its transaction. */
export const INBOX_LOCK = 727_301;

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

/** The line of the bank's history an event makes. */
function historyLine(ev: RegistryEvent): HistoryLine {
  const who = actorOf(ev.payload.cheque, ev.payload.caller);
  return {
    chequeId: ev.cheque_id,
    eventId: ev.id,
    at: ev.at,
    event: ev.operation,
    state: ev.state,
    partyCuit: who.cuit,
    partyName: who.name,
    bank: who.bank,
    details: ev.payload.input,
  };
}

const copyKey = (companyId: string, chequeId: string) => `${companyId}:${chequeId}`;

/**
 * The copies a pass writes: one per client company that is a party and cheque, as the newest of the pass's events
 * on that cheque leaves it, with the keys of all of them; in the order the bank first heard of each.
 */
function copyWrites(events: readonly RegistryEvent[], parties: readonly Party[][]): CopyWrite[] {
  const writes = new Map<string, CopyWrite>();
  for (const [i, ev] of events.entries()) {
    for (const party of parties[i]!) {
      const key = copyKey(party.id, ev.cheque_id);
      const before = writes.get(key);
      const keys = [...(before?.keys ?? []), ev.payload.key];
      const firstAt = before?.firstAt ?? ev.at;
      writes.set(key, { party, cheque: ev.payload.cheque, eventId: ev.id, at: ev.at, firstAt, keys });
    }
  }
  return [...writes.values()];
}

/**
 * Each event's custody record, in order, for the copies the pass wrote: opened on CUSTODY for the holder's copy,
 * released on RESCUE and AUTO_DEPOSIT.
 */
async function applyCustody(
  tx: Queryable,
  tenantId: string,
  events: readonly RegistryEvent[],
  parties: readonly Party[][],
  written: readonly CopyRow[],
): Promise<void> {
  const copies = new Map(written.map((c) => [copyKey(c.company_id, c.cheque_id), c.id]));
  for (const [i, ev] of events.entries()) {
    if (ev.operation !== 'CUSTODY' && ev.operation !== 'RESCUE' && ev.operation !== 'AUTO_DEPOSIT') continue;
    const cheque = ev.payload.cheque;
    const at = new Date(ev.at);
    for (const party of parties[i]!) {
      const echeqId = copies.get(copyKey(party.id, ev.cheque_id));
      if (!echeqId) continue;
      if (ev.operation === 'CUSTODY') {
        if (cheque.holder_cuit !== party.cuit) continue;
        const presentationDeadline = presentationWindowEnd(cheque.payment_date);
        await openRegistryCustody(tx, { tenantId, companyId: party.id, echeqId, presentationDeadline, at });
      } else {
        const reason = ev.operation === 'RESCUE' ? 'Rescatado de custodia' : 'Depositado automáticamente';
        await closeRegistryCustody(tx, { echeqId, reason, at });
      }
    }
  }
}

const CUSTODY_EVENTS = new Set(['CUSTODY', 'RESCUE', 'AUTO_DEPOSIT']);

/**
 * Applies pulled events after the cursor found under the bank's inbox lock (`applyPass`, one call of the pass
 * function): the parties' copies as the newest of the events on each leaves it, the history lines and the cursor's
 * move. The parties are read before (a company's CUIT and bank do not change under a pass). A pass with custody
 * events runs in a transaction that also opens or closes their custody records, for the events after that cursor.
 */
export async function applyEvents(
  deps: Pick<Deps, 'db' | 'clock'>,
  tenantId: string,
  pulled: { events: RegistryEvent[]; cursor: string },
): Promise<{ fresh: number; next: string }> {
  const { events } = pulled;
  const parties = await partiesOf(deps.db, tenantId, events);
  const pass = {
    lock: INBOX_LOCK,
    tenantId,
    writes: copyWrites(events, parties),
    lines: events.map(historyLine),
    cursor: pulled.cursor,
    at: deps.clock.now(),
  };
  /** Keeps the entries of the events after the cursor the pass found (events and their parties, index for index). */
  const after = (found: string) => (_: unknown, i: number) => BigInt(events[i]!.id) > BigInt(found);
  const custody = events.some((e) => CUSTODY_EVENTS.has(e.operation));
  const result = custody
    ? await deps.db.transaction(async (tx) => {
        const r = await applyPass(tx, pass);
        const fresh = after(r.cursor);
        await applyCustody(tx, tenantId, events.filter(fresh), parties.filter(fresh), r.written);
        return r;
      })
    : await withRetry(() => applyPass(deps.db, pass));
  const moved = BigInt(pulled.cursor) > BigInt(result.cursor);
  return { fresh: events.filter(after(result.cursor)).length, next: moved ? pulled.cursor : result.cursor };
}
