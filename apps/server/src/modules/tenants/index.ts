export { bankDiscountRate, bankName, requireTenant } from './tenants.bank';
export { listDiscountRates, setDiscountRates } from './tenants.rates';
export { tenantsRoutes } from './tenants.routes';
