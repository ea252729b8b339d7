/**
 * The bank's side of the ECHEQ lifecycle (README.md beside this file): its copies of the registry's cheques, kept by
 * its inbox, and the operations its clients send the registry.
 */

export { awaitingJob } from './lifecycle.awaiting';
export { lifecycleByType } from './lifecycle.by-type';
export { adhereClients, inboxJob, runInbox, runInboxPass } from './lifecycle.inbox';
export { issueCheque } from './lifecycle.issue';
export { portLink, type RegistryLink } from './lifecycle.link';
export { operate, registryRefused } from './lifecycle.operate';
export { reconcileBank } from './lifecycle.reconcile';
export { lifecycleRoutes } from './lifecycle.routes';
