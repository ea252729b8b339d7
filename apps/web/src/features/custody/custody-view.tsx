import {
  type Custody,
  type CustodySort,
  type CustodyStatus,
  canAct,
  type ListCustodyQuery,
  listCustodyQuerySchema,
  type Role,
  scopeKindOf,
} from '@echeq/contract';
import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { BookListToolbar } from '../../components/book-list-toolbar';
import { useBookScope } from '../../components/book-scope-filters';
import { filterOptions } from '../../components/list-filters';
import { NoticeSnackbar } from '../../components/notice-snackbar';
import { PageHeader } from '../../components/page-header';
import { PagedList } from '../../components/paged-list';
import { totalText } from '../../components/pagination';
import { useRowSelection } from '../../components/row-selection';
import { useOpenDetail } from '../../components/use-open-record';
import { isApiError } from '../../lib/api-error';
import { bookListFilters, bookListQuery } from '../../lib/book-list-params';
import { useListParams, uuid } from '../../lib/use-list-params';
import { custodyListQuery, custodyQuery, useReleaseCustody } from './api';
import { CustodyBulk } from './custody-bulk';
import { CustodyDetailsDialog } from './custody-details-dialog';
import { CustodyFormDialog } from './custody-form-dialog';
import { CUSTODY_ERRORS, CUSTODY_STATUS_MAP, CUSTODY_STATUSES } from './custody-format';
import { CustodyTable } from './custody-table';
import { ReleaseDialog } from './release-dialog';

const inCustody = (c: Custody) => c.status === 'IN_CUSTODY' && !c.echeq.discounted_at;
const STATUS_OPTIONS = filterOptions(CUSTODY_STATUSES, (s) => CUSTODY_STATUS_MAP[s].label);
/** What the address keeps (search, filters, sort, page, the open record). */
const PARAMS = {
  filters: bookListFilters<CustodyStatus, CustodySort>(listCustodyQuerySchema.shape),
  extras: { detail: uuid },
};

/**
 * 'Gestión de Custodia': the cheques held in custody, paged on the server (page 1, 10 rows by default), filtered by
 * status and searched by number, issuer or beneficiary; deposit a new cheque, see one, release it with a reason.
 * Search, filter, page and the open record live in the address.
 */
export function CustodyView({
  role,
  confirmed = true,
  clearingReady = null,
}: {
  role: Role | undefined;
  /** False for a user not yet confirmed in its company: it reads, but moves nothing. */
  confirmed?: boolean;
  /** False when the bank's clearing house is known not to be usable: deposits are refused, so the button is off. */
  clearingReady?: boolean | null;
}) {
  const canCreate = role ? canAct({ role, confirmed }, 'custody:create') : false;
  const blocked = clearingReady === false;
  const canRelease = role ? canAct({ role, confirmed }, 'custody:release') : false;
  const showCompany = role ? scopeKindOf(role) !== 'company' : false;

  const url = useListParams(PARAMS);
  const { paging } = url;
  const { sort } = url.filters;
  // The list's query; its export sends the same (less the page).
  const query: ListCustodyQuery = bookListQuery(paging, url.filters);
  const scope = useBookScope(role);
  const setSort = (v: string) => url.setFilter('sort', v as CustodySort | '');
  const listQ = useQuery(custodyListQuery(query));
  const [createOpen, setCreateOpen] = useState(false);
  const open = useOpenDetail(url, listQ, custodyQuery);
  const details = open.record;
  const [releasing, setReleasing] = useState<Custody | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const release = useReleaseCustody();

  function confirmRelease(reason: string) {
    if (!releasing) return;
    release.mutate(
      { id: releasing.id, body: { reason, version: releasing.version } },
      {
        onSuccess: (c) => {
          setReleasing(null);
          if (details?.id === c.id) open.show(c);
          setNotice(`ECHEQ N° ${c.echeq.number} liberado de custodia`);
        },
      },
    );
  }
  const releaseError = release.error
    ? isApiError(release.error) && release.error.isServerAnswer
      ? release.error.message
      : CUSTODY_ERRORS.release
    : null;

  const list = listQ.data;
  const rows = list?.data ?? [];
  const filtered = url.filtered;
  // Who may release chooses records in custody for a bulk release.
  const { selection, chosenRows } = useRowSelection(rows, inCustody);
  const openCreate = () => setCreateOpen(true);

  return (
    <>
      <PageHeader
        title="Gestión de Custodia"
        subtitle={
          canCreate
            ? 'Deposite sus ECHEQs en custodia del banco y libérelos cuando los necesite'
            : 'ECHEQs que los clientes del banco tienen en custodia'
        }
        actions={
          canCreate ? (
            <Tooltip title={blocked ? CUSTODY_ERRORS.blocked : ''}>
              <span>
                <Button variant="contained" startIcon={<Add />} onClick={openCreate} disabled={blocked}>
                  Nuevo ECHEQ en Custodia
                </Button>
              </span>
            </Tooltip>
          ) : null
        }
      />

      {canCreate && blocked ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {CUSTODY_ERRORS.blocked}
        </Alert>
      ) : null}

      {canRelease ? <CustodyBulk chosen={chosenRows} onClear={selection.clear} /> : null}

      <PagedList
        toolbar={
          <>
            <Typography variant="h6" component="h2" sx={{ flex: '1 1 220px' }}>
              ECHEQs en Custodia ({list ? totalText(list) : '…'})
            </Typography>
            <BookListToolbar
              url={url}
              scope={scope}
              searchPlaceholder="Número, emisor o beneficiario"
              statusOptions={STATUS_OPTIONS}
              sort={{
                custody_date: 'Fecha de custodia',
                deadline: 'Plazo de presentación',
                status: 'Estado',
                ...(showCompany ? { company: 'Empresa' } : {}),
              }}
              dateLabel="Custodia"
              exportTo={{ path: '/echeqs/custody', query, name: 'custodia' }}
            />
          </>
        }
        list={list}
        fresh={!listQ.isPlaceholderData}
        paging={paging}
        fetching={Boolean(listQ.isFetching && list)}
        loadError={listQ.isError ? CUSTODY_ERRORS.load : null}
        onRetry={() => void listQ.refetch()}
        loadingLabel="Cargando custodia..."
        emptyMessage={
          filtered ? 'No hay ECHEQs en custodia que coincidan con la búsqueda' : 'No hay ECHEQs en custodia'
        }
        emptyAction={
          !filtered && canCreate && !blocked ? (
            <Button variant="outlined" onClick={openCreate} startIcon={<Add />}>
              Nuevo ECHEQ en Custodia
            </Button>
          ) : undefined
        }
      >
        <CustodyTable
          sort={sort}
          onSort={setSort}
          rows={rows}
          showCompany={showCompany}
          bankOf={scope.byBank ? scope.bankName : undefined}
          onView={(c) => url.open('detail', c.id)}
          selection={canRelease ? selection : undefined}
        />
      </PagedList>

      {!canRelease ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          Su rol permite consultar la custodia, pero no liberar ECHEQs.
        </Alert>
      ) : null}

      <CustodyFormDialog
        open={createOpen}
        onClose={() => setCreateOpen(false)}
        onCreated={({ echeq }) => {
          setCreateOpen(false);
          setNotice(`ECHEQ N° ${echeq.number} depositado en custodia`);
        }}
      />

      <CustodyDetailsDialog
        custody={details}
        canRelease={canRelease}
        onRelease={(c) => {
          release.reset();
          setReleasing(c);
        }}
        onClose={() => url.close('detail')}
      />

      <ReleaseDialog
        custody={releasing}
        loading={release.isPending}
        error={releaseError}
        onConfirm={confirmRelease}
        onClose={() => setReleasing(null)}
      />

      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </>
  );
}
