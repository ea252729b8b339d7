import { type DiscountSort, type DiscountStatus, listDiscountsQuerySchema } from '@echeq/contract';
import { bookListFilters } from '../../lib/book-list-params';
import { oneOf, uuid } from '../../lib/use-list-params';

/** What the address keeps (search, filters, sort, view, page, the open discount). */
export const DISCOUNT_LIST_PARAMS = {
  filters: bookListFilters<DiscountStatus, DiscountSort>(listDiscountsQuerySchema.shape),
  extras: { view: oneOf(['list', 'grid'] as const), detail: uuid },
};
