import type { ReactNode } from 'react';
import type { QueryParams } from '../lib/api-client';
import type { BookFilters } from '../lib/book-list-params';
import { BookScopeFilters, type useBookScope } from './book-scope-filters';
import { ListExport } from './list-export';
import { type FilterOption, SearchField, SelectFilter } from './list-filters';
import { RangeFilters } from './range-filters';
import { SortSelect } from './sort-header';

/** What the toolbar reads and writes of the list's address (`useListParams` of `bookListFilters`). */
type BookListUrl<S extends string> = {
  filters: BookFilters<S>;
  searchText: string;
  setSearchText: (text: string) => void;
  setFilters: (changes: Partial<Record<keyof BookFilters, string>>) => void;
};

/**
 * A book list's toolbar (cheques, custody, discounts): the search, the status, what the screen adds (`children`, its
 * view switch), the bank or company, the sort (`sort`'s labels; `sortPhoneOnly` where the table's headers sort
 * elsewhere), the date range (`dateLabel` names which date) and amount range, and the list's export.
 */
export function BookListToolbar<S extends string>({
  url,
  scope,
  searchPlaceholder,
  statusOptions,
  sort,
  sortPhoneOnly,
  dateLabel,
  exportTo,
  children,
}: {
  url: BookListUrl<S>;
  scope: ReturnType<typeof useBookScope>;
  searchPlaceholder: string;
  statusOptions: readonly FilterOption<S>[];
  sort: Record<string, string>;
  sortPhoneOnly?: boolean;
  dateLabel: string;
  exportTo: { path: string; query: QueryParams; name: string };
  children?: ReactNode;
}) {
  const { filters, setFilters } = url;
  return (
    <>
      <SearchField placeholder={searchPlaceholder} value={url.searchText} onChange={url.setSearchText} />
      <SelectFilter
        label="Estado"
        value={filters.status}
        onChange={(status) => setFilters({ status })}
        options={statusOptions}
      />
      {children}
      <BookScopeFilters
        scope={scope}
        tenantId={filters.tenant_id}
        companyId={filters.company_id}
        onChange={setFilters}
      />
      <SortSelect
        phoneOnly={sortPhoneOnly}
        labels={sort}
        defaultLabel="Más recientes"
        sort={filters.sort}
        onSort={(v) => setFilters({ sort: v })}
      />
      <RangeFilters value={filters} onChange={setFilters} dateLabel={dateLabel} />
      <ListExport path={exportTo.path} query={exportTo.query} name={exportTo.name} />
    </>
  );
}
