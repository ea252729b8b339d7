export { priceDiscount } from './discounts.pricing';
export { hasOpenDiscount } from './discounts.queries';
export { discountRoutes } from './discounts.routes';
