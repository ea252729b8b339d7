/**
 * The registry (README.md beside this file): the clearing house's records as the sandbox keeps them for every bank
 * of the platform, its operations, events and jobs. Not wired into the API yet.
 */
export { registryCheque, registryEventsAfter, registryIssue, registryOperate } from './engine';
export {
  type RegistryJobResult,
  registryAutoDeposit,
  registryExpire,
  registryPayAtCutoff,
  registryPresentDeposited,
} from './jobs';
export { sandboxPayment, TEST_AMOUNT_REJECTIONS, testAmountRejection } from './outside';
export { outsideAccountCbu, registrySimulateReceived, type SimulateReceivedRequest } from './simulate';
export { REGISTRY_EVENTS_LOCK } from './store';
export type * from './types';
