export { type DiscountPrice, priceDiscount } from './discounts.pricing';
export { discountRoutes } from './discounts.routes';
