import { addDays, buenosAiresDateTime, CLEARING_CUTOFF, LIFECYCLE_DEFAULTS, TRANSITIONS } from '@echeq/contract';
import type { Db, Queryable } from '../../../platform/db/db';
import { registryOperate } from './engine';
import { sandboxPayment } from './outside';
import { dueCheques, readCheque } from './store';
import type { RegistryContext, RegistryRequest } from './types';

/**
 * The registry's jobs (LIFECYCLE §3 and §6). Each takes the instant `at` it runs for (no clock is read here) and a
 * database, finds the cheques due, and applies the operation to each in a transaction of its own through
 * `registryOperate`, so `apply` checks it again under the cheque's lock: with several processes running the same job,
 * or a party acting meanwhile, each cheque changes once and a late one is refused and left alone. Keys are
 * `registry:<job>:<cheque_id>`: each of these operations happens at most once in a cheque's life.
 */
/** The cheques the job changed, and those it left (another process or a party got there first). */
export type RegistryJobResult = { applied: string[]; skipped: string[] };

type JobInput = { at: string; ctx: RegistryContext; limit?: number };

const DEFAULT_LIMIT = 500;

async function run(
  db: Db,
  ids: readonly string[],
  at: string,
  ctx: RegistryContext,
  request: (tx: Queryable, chequeId: string) => Promise<RegistryRequest | null>,
): Promise<RegistryJobResult> {
  const result: RegistryJobResult = { applied: [], skipped: [] };
  for (const id of ids) {
    const outcome = await db.transaction(async (tx) => {
      const req = await request(tx, id);
      // The registry's own work: no bank asks for it.
      return req ? registryOperate(tx, req, at, ctx, { kind: 'registry' }) : null;
    });
    if (!outcome) continue;
    (outcome.ok && !outcome.replayed ? result.applied : result.skipped).push(id);
  }
  return result;
}

/**
 * Presents every deposited cheque to its paying bank (DEPOSITADO → PRESENTADO; LIFECYCLE §3: at once on sandbox, so
 * the scheduler runs this on every tick). Its clearing date was fixed by the deposit (that business day before the
 * 20:00 cut-off, else the next, with the platform's calendar). A paying bank off the platform answers at once.
 */
export async function registryPresentDeposited(db: Db, input: JobInput): Promise<RegistryJobResult> {
  const ids = await dueCheques(db, TRANSITIONS.PRESENT.from, null, null, input.limit ?? DEFAULT_LIMIT);
  return run(db, ids, input.at, input.ctx, async (_tx, id) => ({
    key: `registry:PRESENT:${id}`,
    cheque_id: id,
    type: 'PRESENT',
    caller: { registry: true },
  }));
}

/**
 * At the cut-off of a cheque's clearing date, what its paying bank left unanswered is settled as the sandbox
 * decides (LIFECYCLE §6): paid, or rejected for the test amounts. Runs for the cheques PRESENTADO whose clearing
 * date's cut-off (Buenos Aires time, `options.cutoff`, 20:00) is at or before `at`.
 */
export async function registryPayAtCutoff(db: Db, input: JobInput): Promise<RegistryJobResult> {
  const { date, time } = buenosAiresDateTime(input.at);
  const cutoff = input.ctx.options?.cutoff ?? CLEARING_CUTOFF;
  // Clearing dates before today are past their cut-off; today's only once the cut-off time has come.
  const last = time >= cutoff ? date : addDays(date, -1);
  const ids = await dueCheques(db, TRANSITIONS.PAY.from, 'clearing_date', last, input.limit ?? DEFAULT_LIMIT);
  return run(db, ids, input.at, input.ctx, async (tx, id) => {
    const cheque = await readCheque(tx, id);
    if (!cheque) return null;
    return { key: `registry:CUTOFF:${id}`, cheque_id: id, caller: { payingBank: true }, ...sandboxPayment(cheque) };
  });
}

/** Deposits the cheques in custody from their payment date (CUSTODIA → DEPOSITADO, automatic). */
export async function registryAutoDeposit(db: Db, input: JobInput): Promise<RegistryJobResult> {
  const today = buenosAiresDateTime(input.at).date;
  const ids = await dueCheques(db, TRANSITIONS.AUTO_DEPOSIT.from, 'payment_date', today, input.limit ?? DEFAULT_LIMIT);
  return run(db, ids, input.at, input.ctx, async (_tx, id) => ({
    key: `registry:AUTO_DEPOSIT:${id}`,
    cheque_id: id,
    type: 'AUTO_DEPOSIT',
    caller: { registry: true },
  }));
}

/**
 * Turns CADUCADO what was not deposited by payment date + N (N = `options.presentationDays`, 30): the cheques whose
 * payment date is before today − N, in the states EXPIRE applies to.
 */
export async function registryExpire(db: Db, input: JobInput): Promise<RegistryJobResult> {
  const today = buenosAiresDateTime(input.at).date;
  const n = input.ctx.options?.presentationDays ?? LIFECYCLE_DEFAULTS.presentationDays;
  const ids = await dueCheques(
    db,
    TRANSITIONS.EXPIRE.from,
    'payment_date',
    addDays(today, -n - 1),
    input.limit ?? DEFAULT_LIMIT,
  );
  return run(db, ids, input.at, input.ctx, async (_tx, id) => ({
    key: `registry:EXPIRE:${id}`,
    cheque_id: id,
    type: 'EXPIRE',
    caller: { registry: true },
  }));
}
