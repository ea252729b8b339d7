export { priceDiscount } from './discounts.pricing';
export { discountRoutes } from './discounts.routes';
