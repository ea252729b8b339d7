import {
  type DiscountSort,
  type DiscountStatus,
  type ListDiscountsQuery,
  listDiscountsQuerySchema,
  type Role,
  scopeKindOf,
} from '@echeq/contract';
import { BookScopeFilters, useBookScope } from '../../components/book-scope-filters';
import { RangeFilters, type RangeValues } from '../../components/range-filters';
import { SortSelect } from '../../components/sort-header';
import { fromSchema, oneOf, type Paging, uuid } from '../../lib/use-list-params';

const Q = listDiscountsQuerySchema.shape;
/** What the address keeps (search, filters, sort, view, page, the open discount). */
export const DISCOUNT_LIST_PARAMS = {
  filters: {
    search: fromSchema(Q.search),
    status: fromSchema<DiscountStatus>(Q.status),
    sort: fromSchema<DiscountSort>(Q.sort),
    date_from: fromSchema(Q.date_from),
    date_to: fromSchema(Q.date_to),
    amount_min: fromSchema(Q.amount_min),
    amount_max: fromSchema(Q.amount_max),
    tenant_id: fromSchema(Q.tenant_id),
    company_id: fromSchema(Q.company_id),
  },
  extras: { view: oneOf(['list', 'grid'] as const), detail: uuid },
};

type Filters = { [K in keyof typeof DISCOUNT_LIST_PARAMS.filters]: string };

/** The list request of the address's page, filters and sort (an empty value is the API's default). */
export function discountListQuery(paging: Paging, f: Filters): ListDiscountsQuery {
  const some = (v: string) => v || undefined;
  return {
    page: paging.page,
    limit: paging.limit,
    cursor: paging.cursor,
    status: some(f.status) as DiscountStatus | undefined,
    search: f.search,
    sort: some(f.sort) as DiscountSort | undefined,
    date_from: some(f.date_from),
    date_to: some(f.date_to),
    amount_min: some(f.amount_min),
    amount_max: some(f.amount_max),
    tenant_id: some(f.tenant_id),
    company_id: some(f.company_id),
  };
}

/** The toolbar's bank or company filter, the sort (the cards have no headers) and the request-date and amount ranges. */
export function DiscountListFilters({
  role,
  filters,
  setFilters,
}: {
  role: Role | undefined;
  filters: Filters;
  setFilters: (changes: Partial<Filters>) => void;
}) {
  const scope = useBookScope(role);
  const ranges: RangeValues = filters;
  return (
    <>
      <BookScopeFilters
        scope={scope}
        tenantId={filters.tenant_id}
        companyId={filters.company_id}
        onChange={setFilters}
      />
      <SortSelect
        labels={{
          requested_at: 'Fecha de solicitud',
          amount: 'Monto solicitado',
          status: 'Estado',
          ...(role && scopeKindOf(role) !== 'company' ? { company: 'Empresa' } : {}),
        }}
        defaultLabel="Más recientes"
        sort={filters.sort}
        onSort={(sort) => setFilters({ sort })}
      />
      <RangeFilters value={ranges} onChange={setFilters} dateLabel="Solicitud" />
    </>
  );
}
