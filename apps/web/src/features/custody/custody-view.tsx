import {
  type Custody,
  type CustodySort,
  type CustodyStatus,
  canAct,
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
import { BookScopeFilters, useBookScope } from '../../components/book-scope-filters';
import { ListExport } from '../../components/list-export';
import { filterOptions, SearchField, SelectFilter } from '../../components/list-filters';
import { NoticeSnackbar } from '../../components/notice-snackbar';
import { PageHeader } from '../../components/page-header';
import { PagedList } from '../../components/paged-list';
import { totalText } from '../../components/pagination';
import { RangeFilters } from '../../components/range-filters';
import { useRowSelection } from '../../components/row-selection';
import { SortSelect } from '../../components/sort-header';
import { useOpenRecord } from '../../components/use-open-record';
import { isApiError } from '../../lib/api-error';
import { fromSchema, useListParams, uuid } from '../../lib/use-list-params';
import { custodyListQuery, custodyQuery, useReleaseCustody } from './api';
import { CustodyBulk } from './custody-bulk';
import { CustodyDetailsDialog } from './custody-details-dialog';
import { CustodyFormDialog } from './custody-form-dialog';
import { CUSTODY_ERRORS, CUSTODY_STATUS_MAP, CUSTODY_STATUSES } from './custody-format';
import { CustodyTable } from './custody-table';
import { ReleaseDialog } from './release-dialog';

const inCustody = (c: Custody) => c.status === 'IN_CUSTODY' && !c.echeq.discounted_at;
const STATUS_OPTIONS = filterOptions(CUSTODY_STATUSES, (s) => CUSTODY_STATUS_MAP[s].label);
/** What the address keeps (search, status filter, page, the open record). */
const PARAMS = {
  filters: {
    search: fromSchema(listCustodyQuerySchema.shape.search),
    status: fromSchema<CustodyStatus>(listCustodyQuerySchema.shape.status),
    sort: fromSchema<CustodySort>(listCustodyQuerySchema.shape.sort),
    date_from: fromSchema(listCustodyQuerySchema.shape.date_from),
    date_to: fromSchema(listCustodyQuerySchema.shape.date_to),
    amount_min: fromSchema(listCustodyQuerySchema.shape.amount_min),
    amount_max: fromSchema(listCustodyQuerySchema.shape.amount_max),
    tenant_id: fromSchema(listCustodyQuerySchema.shape.tenant_id),
    company_id: fromSchema(listCustodyQuerySchema.shape.company_id),
  },
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
  const { status, search, sort, ...ranges } = url.filters;
  const some = (v: string) => v || undefined;
  // The list's query; its export sends the same (less the page).
  const query = {
    page: paging.page,
    limit: paging.limit,
    cursor: paging.cursor,
    status: status || undefined,
    search,
    sort: some(sort) as CustodySort | undefined,
    ...Object.fromEntries(Object.entries(ranges).map(([k, v]) => [k, some(v)])),
  };
  const scope = useBookScope(role);
  const setSort = (v: string) => url.setFilter('sort', v as CustodySort | '');
  const listQ = useQuery(custodyListQuery(query));
  const [createOpen, setCreateOpen] = useState(false);
  const open = useOpenRecord({
    id: url.extras.detail,
    rows: listQ.isPlaceholderData ? undefined : listQ.data?.data,
    byId: custodyQuery,
    onMissing: () => url.drop('detail'),
  });
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
            <SearchField
              placeholder="Número, emisor o beneficiario"
              value={url.searchText}
              onChange={url.setSearchText}
            />
            <SelectFilter
              label="Estado"
              value={status}
              onChange={(v) => url.setFilter('status', v)}
              options={STATUS_OPTIONS}
            />
            <BookScopeFilters
              scope={scope}
              tenantId={ranges.tenant_id}
              companyId={ranges.company_id}
              onChange={url.setFilters}
            />
            <SortSelect
              labels={{
                custody_date: 'Fecha de custodia',
                deadline: 'Plazo de presentación',
                status: 'Estado',
                ...(showCompany ? { company: 'Empresa' } : {}),
              }}
              defaultLabel="Más recientes"
              sort={sort}
              onSort={setSort}
            />
            <RangeFilters value={ranges} onChange={url.setFilters} dateLabel="Custodia" />
            <ListExport path="/echeqs/custody" query={query} name="custodia" />
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
