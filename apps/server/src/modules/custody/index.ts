export { custodyExpiryJob, expireCustodyOnce } from './custody.expiry';
export { lockOpenCustodyForEcheq } from './custody.queries';
export { custodyRoutes } from './custody.routes';
