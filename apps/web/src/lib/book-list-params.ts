import { fromSchema, type Paging, type SafeParser } from './use-list-params';

type BookFilterKey =
  | 'search'
  | 'status'
  | 'sort'
  | 'date_from'
  | 'date_to'
  | 'amount_min'
  | 'amount_max'
  | 'tenant_id'
  | 'company_id';

/** The address's values of a book list's filters ('' is the default). */
export type BookFilters<S extends string = string, O extends string = string> = Record<
  Exclude<BookFilterKey, 'status' | 'sort'>,
  string
> & { status: S | ''; sort: O | '' };

/**
 * The filters a book list (cheques, custody, discounts) keeps in the address: search, status, sort, the date and
 * amount ranges, the bank and the company, each read with its field of the list's contract schema (`.shape`).
 */
export function bookListFilters<S extends string, O extends string>(shape: Record<BookFilterKey, SafeParser>) {
  return {
    search: fromSchema(shape.search),
    status: fromSchema<S>(shape.status),
    sort: fromSchema<O>(shape.sort),
    date_from: fromSchema(shape.date_from),
    date_to: fromSchema(shape.date_to),
    amount_min: fromSchema(shape.amount_min),
    amount_max: fromSchema(shape.amount_max),
    tenant_id: fromSchema(shape.tenant_id),
    company_id: fromSchema(shape.company_id),
  };
}

/** A book list's request of the address's page, filters and sort (an empty value is the API's default). */
export function bookListQuery<S extends string, O extends string>(paging: Paging, f: BookFilters<S, O>) {
  const some = <T extends string>(v: T | '') => v || undefined;
  return {
    page: paging.page,
    limit: paging.limit,
    cursor: paging.cursor,
    status: some(f.status),
    search: f.search,
    sort: some(f.sort),
    date_from: some(f.date_from),
    date_to: some(f.date_to),
    amount_min: some(f.amount_min),
    amount_max: some(f.amount_max),
    tenant_id: some(f.tenant_id),
    company_id: some(f.company_id),
  };
}
