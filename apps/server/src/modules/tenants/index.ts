export { tenantsRoutes } from './tenants.routes';
export { listDiscountRates, setTenantDiscountRate } from './tenants.service';
