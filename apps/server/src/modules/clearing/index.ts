/**
 * The clearing house (COELSA) as the rest of the server sees it. Other modules use only what this file exports.
 *
 * - `requireClearing(deps, tenantId)`: 503 COELSA_NOT_CONFIGURED / SANDBOX_NOT_CONFIGURED / COELSA_NOT_AVAILABLE when
 *   the bank cannot use it (call it before opening the transaction of the change).
 * - `enqueueClearing(tx, op)`: records an operation in the outbox, in the caller's transaction; the delivery job sends
 *   it (see `ClearingPayloads` for what each operation's payload should carry). `outboxRow(op)` is the same record as
 *   a row for `insertRows`, to write it in one statement with the change's other records.
 * - `validateWithClearing(deps, tenantId, echeq)`: a synchronous validation by the bank's clearing house.
 * - `clearingPortFor(deps, tenantId)`: the adapter itself (sandbox or HTTP) for anything else.
 * - Metrics: `breakerStates()`, `outboxBacklog(db)`; the readiness probe: `clearingOverall(deps)`. Tests: `deliverOutboxOnce(deps)`, the standalone simulator.
 */
export { type BreakerSnapshot, type BreakerState, breakerStates } from './breaker';
export { ensureSandboxParticipant, importBookIntoSandbox } from './clearing.queries';
export { clearingRoutes } from './clearing.routes';
export {
  clearingPortFor,
  enqueueClearing,
  outboxRow,
  requireClearing,
  validateWithClearing,
} from './clearing.service';
export type {
  CallOptions,
  ClearingAck,
  ClearingOperation,
  ClearingPayloads,
  ClearingPort,
  ClearingValidation,
  EcheqForValidation,
} from './clearing.types';
export { deliverOutboxOnce, type OutboxRunResult, outboxBacklog, outboxJob } from './outbox';
export { clearingOverall, coelsaConfigCheckFor, coelsaStatusFor } from './status.service';
