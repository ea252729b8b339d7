import {
  type EcheqSort,
  type EcheqStatusFilter,
  type ListEcheqsQuery,
  listEcheqsQuerySchema,
  TRAYS,
} from '@echeq/contract';
import { type BookFilters, bookListFilters, bookListQuery } from '../../lib/book-list-params';
import { oneOf, type Paging, uuid } from '../../lib/use-list-params';

/** What the address keeps (a company's tray, search, filters, sort, page, the open cheque). */
export const ECHEQ_LIST_PARAMS = {
  filters: {
    /** A company's open tray; none: 'Todos', the whole list with its filters. */
    tray: oneOf(TRAYS),
    ...bookListFilters<EcheqStatusFilter, EcheqSort>(listEcheqsQuerySchema.shape),
  },
  extras: { detail: uuid },
};

type Filters = { [K in keyof typeof ECHEQ_LIST_PARAMS.filters]: string };

/** Opening a tray (or 'Todos'): the whole list's filters go, the tray's page starts at 1. */
export function trayChange(tray: string): Record<keyof Filters, string> {
  const out = Object.fromEntries(Object.keys(ECHEQ_LIST_PARAMS.filters).map((k) => [k, ''])) as Record<
    keyof Filters,
    string
  >;
  out.tray = tray;
  return out;
}

/** Some filter of the whole list differs from its default (the tray is not a filter of it). */
export const filteredList = ({ tray: _tray, ...rest }: Filters) => Object.values(rest).some((v) => v !== '');

/** The list request of the address's page, filters and sort (an empty value is the API's default). */
export const echeqListQuery = (paging: Paging, f: BookFilters<EcheqStatusFilter, EcheqSort>): ListEcheqsQuery =>
  bookListQuery(paging, f);
