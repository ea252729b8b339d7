import { type EcheqSort, type EcheqStatusFilter, type ListEcheqsQuery, listEcheqsQuerySchema } from '@echeq/contract';
import { fromSchema, type Paging, uuid } from '../../lib/use-list-params';

const Q = listEcheqsQuerySchema.shape;
/** What the address keeps (search, filters, sort, page, the open cheque). */
export const ECHEQ_LIST_PARAMS = {
  filters: {
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
