import type { Db } from '../../platform/db/db';
import type { Job } from '../../platform/jobs';
import { sandboxRegistry } from './adapters/sandbox';
import type { ClearingDeps } from './connect';
import {
  type RegistryContext,
  type RegistryJobResult,
  registryAutoDeposit,
  registryExpire,
  registryPayAtCutoff,
  registryPresentDeposited,
} from './registry';

/** Advisory-lock key of the registry's job (platform/jobs.ts: 727_1xx are jobs). */
const REGISTRY_JOB_ID = 727_120;
const REGISTRY_EVERY_MS = 5_000;

type RegistryTick = {
  autoDeposit: RegistryJobResult;
  present: RegistryJobResult;
  payAtCutoff: RegistryJobResult;
  expire: RegistryJobResult;
};

/**
 * One tick of the sandbox registry's jobs at `now`, in the order a day runs them: cheques in custody are deposited
 * from their payment date, deposited ones presented at once, what a paying bank left unanswered at its clearing
 * date's cut-off paid (or rejected for a test amount), what was not deposited by payment date + N expired. Each
 * cheque in a transaction of its own (registry/jobs.ts); a tick with nothing due is four indexed look-ups. The
 * standalone simulator runs it too, with its own directory.
 */
export async function registryTick(db: Db, now: Date, ctx: RegistryContext): Promise<RegistryTick> {
  const input = { at: now.toISOString(), ctx };
  const autoDeposit = await registryAutoDeposit(db, input);
  const present = await registryPresentDeposited(db, input);
  const payAtCutoff = await registryPayAtCutoff(db, input);
  const expire = await registryExpire(db, input);
  return { autoDeposit, present, payAtCutoff, expire };
}

/**
 * The sandbox registry's periodic job (registered in app.ts). The run itself only takes the job's lock and the
 * instant; the work is done after it commits (`after`), because each cheque is a transaction of its own, which the
 * embedded database (one connection) cannot open while the run's is open. Several processes may run ticks at once:
 * every operation has its per-cheque key (`registry:<job>:<cheque_id>`) and is checked again under the cheque's lock,
 * so a cheque changes once and the other process's attempt is a replay.
 */
export function registryJob(deps: Pick<ClearingDeps, 'db'>): Job {
  return {
    id: REGISTRY_JOB_ID,
    name: 'clearing-registry',
    everyMs: REGISTRY_EVERY_MS,
    run: async ({ now }) => now,
    after: (now) => registryTick(deps.db, now as Date, sandboxRegistry(deps.db)),
  };
}
