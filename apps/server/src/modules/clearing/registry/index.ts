/**
 * The registry (README.md beside this file): the clearing house's records as the sandbox keeps them for every bank
 * of the platform, its operations, events and jobs. Not wired into the API yet.
 */
export { registryAdhere, registryCheque, registryEventsAfter, registryIssue, registryOperate } from './engine';
export {
  type RegistryJobResult,
  registryAutoDeposit,
  registryExpire,
  registryPayAtCutoff,
  registryPresentDeposited,
} from './jobs';
export { testAmountRejection } from './outside';
export { bankMismatch } from './requester';
export { registrySimulateReceived, type SimulateReceivedRequest } from './simulate';
export type * from './types';
