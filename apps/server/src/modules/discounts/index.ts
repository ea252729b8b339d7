export { priceDiscount } from './discounts.pricing';
export { discountRoutes } from './discounts.routes';
export { hasOpenDiscount } from './discounts.service';
