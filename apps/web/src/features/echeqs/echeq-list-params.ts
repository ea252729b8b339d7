import {
  type EcheqSort,
  type EcheqStatusFilter,
  type ListEcheqsQuery,
  listEcheqsQuerySchema,
  TRAYS,
} from '@echeq/contract';
import { fromSchema, oneOf, type Paging, uuid } from '../../lib/use-list-params';

const Q = listEcheqsQuerySchema.shape;
/** What the address keeps (a company's tray, search, filters, sort, page, the open cheque). */
export const ECHEQ_LIST_PARAMS = {
  filters: {
    /** A company's open tray; none: 'Todos', the whole list with its filters. */
    tray: oneOf(TRAYS),
    search: fromSchema(Q.search),
    status: fromSchema<EcheqStatusFilter>(Q.status),
    sort: fromSchema<EcheqSort>(Q.sort),
    date_from: fromSchema(Q.date_from),
    date_to: fromSchema(Q.date_to),
    amount_min: fromSchema(Q.amount_min),
    amount_max: fromSchema(Q.amount_max),
    tenant_id: fromSchema(Q.tenant_id),
    company_id: fromSchema(Q.company_id),
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
export function echeqListQuery(paging: Paging, f: Filters): ListEcheqsQuery {
  const some = (v: string) => v || undefined;
  return {
    page: paging.page,
    limit: paging.limit,
    cursor: paging.cursor,
    status: some(f.status) as EcheqStatusFilter | undefined,
    search: f.search,
    sort: some(f.sort) as EcheqSort | undefined,
    date_from: some(f.date_from),
    date_to: some(f.date_to),
    amount_min: some(f.amount_min),
    amount_max: some(f.amount_max),
    tenant_id: some(f.tenant_id),
    company_id: some(f.company_id),
  };
}
