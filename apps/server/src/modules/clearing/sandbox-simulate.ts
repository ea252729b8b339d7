import type { Db } from '../../platform/db/db';
import { sandboxRegistry } from './adapters/sandbox';
import { type RegistryOutcome, registrySimulateReceived, type SimulateReceivedRequest } from './registry';

/**
 * "Simular ECHEQ recibido" on the built-in sandbox (LIFECYCLE §6): an outside company issues a cheque to a client
 * company through the sandbox's registry, in a transaction of its own (never call it while holding one). The caller
 * checks that the bank works on the sandbox. Replayed with the same key, the first answer.
 */
export function sandboxSimulateReceived(db: Db, req: SimulateReceivedRequest, now: Date): Promise<RegistryOutcome> {
  return db.transaction((tx) => registrySimulateReceived(tx, req, now.toISOString(), sandboxRegistry(db)));
}
