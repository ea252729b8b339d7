import { BookListToolbar } from '../../components/book-list-toolbar';
import type { useBookScope } from '../../components/book-scope-filters';
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
  return (
    <BookListToolbar
      url={url}
      scope={scope}
      searchPlaceholder="Número, emisor o beneficiario"
      statusOptions={STATUS_FILTERS}
      sort={{
        number: 'Número',
        ...(showCompany ? { company: 'Empresa' } : {}),
        amount: 'Monto',
        due_date: 'Vencimiento',
        status: 'Estado',
      }}
      sortPhoneOnly
      dateLabel="Vencimiento"
      exportTo={{ path: '/echeqs', query, name: 'echeqs' }}
    />
  );
}
