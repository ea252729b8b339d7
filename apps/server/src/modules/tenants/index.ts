export { findTenant, lockTenant } from './tenants.queries';
export { listDiscountRates, setDiscountRates } from './tenants.rates';
export { tenantsRoutes } from './tenants.routes';
