/**
 * The clearing house (COELSA) as the rest of the server sees it (README.md beside this file). Other modules use
 * only what this file exports.
 *
 * - `requireClearing(deps, tenantId)`: 503 COELSA_NOT_CONFIGURED / SANDBOX_NOT_CONFIGURED / COELSA_NOT_AVAILABLE when
 *   the bank cannot use it (call it before opening the transaction of the change).
 * - `enqueueClearing(tx, op)`: records an operation in the outbox, in the caller's transaction; the delivery job sends
 *   it (see `ClearingPayloads` for what each operation's payload should carry). `outboxRow(op)` is the same record as
 *   a row for `insertRows`, to write it in one statement with the change's other records.
 * - `validateWithClearing(deps, tenantId, echeq)`: a synchronous validation by the bank's clearing house.
 * - `clearingPortFor(deps, tenantId)`: the bank's clearing house as the port (port.ts); its registry calls
 *   (`registryIssue`, `registryOperate`, `registryEvents`, `registryAdhere`) answer in a transaction of their own
 *   (never call them while holding a transaction). The registry's types are exported for the bank side.
 * - `onSandbox(q, tenantId)`: whether the bank works on the built-in sandbox; `activeSandboxBanks(deps, among?)`: the
 *   active banks that do (from the directory cache, platform/db/directory-cache.ts: no round trip while nothing
 *   changed). `directoryCacheOf(db)`: that cache (started once by app.ts), for the lifecycle's own entries.
 * - `joinSandbox(q, tenantId, now)`, `learnSandboxBook(q, tenantId, now, entries)`: a bank joins the built-in sandbox,
 *   which learns its book (see ClearingBook).
 * - `sandboxSimulateReceived(db, req, now)`: "Simular ECHEQ recibido" on the sandbox's registry (LIFECYCLE §6).
 * - `registryJob(deps)`: the sandbox registry's jobs (present, pay at cut-off, automatic deposit, expiry) on a tick.
 * - Metrics: `breakerStates()`, `outboxBacklog(db)`; the readiness probe: `clearingOverall(deps)`; `probesSettled()` for a stopping process. Tests:
 *   `deliverOutboxOnce(deps)`, the standalone simulator.
 */

export { directoryCacheOf } from '../../platform/db/directory-cache';
export { type BreakerState, breakerStates } from './adapters/breaker';
export type { ClearingBook, SandboxBookEntry } from './book';
export { clearingRoutes } from './clearing.routes';
export {
  activeSandboxBanks,
  clearingPortFor,
  enqueueClearing,
  joinSandbox,
  learnSandboxBook,
  onSandbox,
  outboxRow,
  registryDelivered,
  requireClearing,
  validateWithClearing,
} from './clearing.service';
export type { ClearingDeps } from './connect';
export { deliverOutboxOnce, outboxBacklog, outboxJob } from './outbox/outbox';
export type { ClearingEcheq, ClearingOperation, ClearingPort } from './port';
export type {
  RegistryEvent,
  RegistryIssueRequest,
  RegistryOperateRequest,
  RegistryOutcome,
  SimulateReceivedRequest,
} from './registry';
export { registryJob } from './registry-job';
export { sandboxSimulateReceived } from './sandbox-simulate';
export { clearingOverall, coelsaConfigCheckFor, coelsaStatusFor, probesSettled } from './status.service';
