import type { EcheqSort } from '@echeq/contract';
import { BookScopeFilters, type useBookScope } from '../../components/book-scope-filters';
import { ListExport } from '../../components/list-export';
import { SearchField, SelectFilter } from '../../components/list-filters';
import { RangeFilters } from '../../components/range-filters';
import { SortSelect } from '../../components/sort-header';
import type { useListParams } from '../../lib/use-list-params';
import { STATUS_FILTERS } from './echeq-format';
import type { ECHEQ_LIST_PARAMS, echeqListQuery } from './echeq-list-params';

type Url = ReturnType<typeof useListParams<typeof ECHEQ_LIST_PARAMS.filters, typeof ECHEQ_LIST_PARAMS.extras>>;

/**
 * The whole list's search, status, bank and company, sort (phones: the table's sorts, the company's where the rows
 * are of several companies), ranges and export.
 */
export function EcheqsToolbar({
  url,
  scope,
  query,
  showCompany,
}: {
  url: Url;
  scope: ReturnType<typeof useBookScope>;
  query: ReturnType<typeof echeqListQuery>;
  showCompany: boolean;
}) {
  const { status, sort, tenant_id, company_id, date_from, date_to, amount_min, amount_max } = url.filters;
  const ranges = { date_from, date_to, amount_min, amount_max };
  return (
    <>
      <SearchField placeholder="Número, emisor o beneficiario" value={url.searchText} onChange={url.setSearchText} />
      <SelectFilter
        label="Estado"
        value={status}
        onChange={(v) => url.setFilter('status', v)}
        options={STATUS_FILTERS}
      />
      <BookScopeFilters scope={scope} tenantId={tenant_id} companyId={company_id} onChange={url.setFilters} />
      <SortSelect
        phoneOnly
        labels={{
          number: 'Número',
          ...(showCompany ? { company: 'Empresa' } : {}),
          amount: 'Monto',
          due_date: 'Vencimiento',
          status: 'Estado',
        }}
        defaultLabel="Más recientes"
        sort={sort}
        onSort={(v) => url.setFilter('sort', v as EcheqSort | '')}
      />
      <RangeFilters value={ranges} onChange={url.setFilters} dateLabel="Vencimiento" />
      <ListExport path="/echeqs" query={query} name="echeqs" />
    </>
  );
}
