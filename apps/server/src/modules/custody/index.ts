export { custodyExpiryJob, expireCustodyOnce } from './custody.expiry';
export { toCustodyDto } from './custody.mapper';
export { type CustodyRow, lockOpenCustodyForEcheq } from './custody.queries';
export { custodyRoutes } from './custody.routes';
export { presentationDeadline } from './custody.service';
