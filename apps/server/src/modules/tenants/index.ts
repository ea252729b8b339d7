export { findTenant, lockTenant, type TenantCore } from './tenants.queries';
export { tenantsRoutes } from './tenants.routes';
export { listDiscountRates, setTenantDiscountRate } from './tenants.service';
