export { custodyExpiryJob, expireCustodyOnce } from './custody.expiry';
export { lockOpenCustody, lockOpenCustodyForEcheq } from './custody.queries';
export { custodyRoutes } from './custody.routes';
export { importBookIntoSandbox } from './custody.sandbox';
