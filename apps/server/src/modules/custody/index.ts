export { custodyExpiryJob, expireCustodyOnce } from './custody.expiry';
export { lockCustodyOf, lockOpenCustody } from './custody.lock';
export { closeRegistryCustody, openRegistryCustody } from './custody.registry';
export { custodyRoutes } from './custody.routes';
export { sandboxBook } from './custody.sandbox';
