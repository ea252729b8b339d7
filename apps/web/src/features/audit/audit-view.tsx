import { type ListAuditQuery, listAuditQuerySchema } from '@echeq/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DateLocalization } from '../../components/date-localization';
import { DateRangeFields, type DateRangeValue, rangeProblem } from '../../components/date-range-fields';
import { ListExport } from '../../components/list-export';
import { filterOptions, SelectFilter } from '../../components/list-filters';
import { PageHeader } from '../../components/page-header';
import { PagedList } from '../../components/paged-list';
import { SortSelect } from '../../components/sort-header';
import { useOpenDetail } from '../../components/use-open-record';
import { messageOf } from '../../lib/api-error';
import { fromSchema, serial, useListParams } from '../../lib/use-list-params';
import { auditEntryQuery, auditFacetsQuery, auditQuery } from './api';
import { AuditDetailDialog } from './audit-detail-dialog';
import { actionLabel, entityLabel } from './audit-format';
import { AuditCards, AuditTable } from './audit-table';

const Q = listAuditQuerySchema.shape;
/** What the address keeps (filters, page, the open record). */
const PARAMS = {
  filters: {
    entity: fromSchema(Q.entity),
    action: fromSchema(Q.action),
    actor_id: fromSchema(Q.actor_id),
    from: fromSchema(Q.from),
    to: fromSchema(Q.to),
    sort: fromSchema(Q.sort),
  },
  extras: { detail: serial },
  limit: 25,
};
const NO_DATES: DateRangeValue = { from: '', to: '' };

/**
 * 'Auditoría': the append-only trail the caller may read (every tenant for a system admin, its own for bank admins
 * and auditors), filtered by entity, action, user and dates (typed or picked, es-AR), each action and field by its
 * Spanish name, values formatted, and each record's id a link to its screen when `reachable` says the viewer may
 * open it. Filters, page and the open record live in the address (a link to a record opens it from any page: GET
 * /audit/:id when its row is not on screen).
 */
export function AuditView({ scopeLabel, reachable }: { scopeLabel: string; reachable: (path: string) => boolean }) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const url = useListParams(PARAMS);
  const { paging, filters } = url;
  // The dates applied are the address's (an impossible range there reads as none); the fields show what is being
  // typed, which reaches the address once it is a possible range.
  const dates = rangeProblem(filters) ? NO_DATES : { from: filters.from, to: filters.to };
  const [typing, setTyping] = useState<DateRangeValue | null>(null);

  // The list's query; its export sends the same (less the page).
  const query = {
    page: paging.page,
    limit: paging.limit,
    entity: filters.entity || undefined,
    action: filters.action || undefined,
    actor_id: filters.actor_id || undefined,
    from: dates.from || undefined,
    to: dates.to || undefined,
    sort: (filters.sort || undefined) as ListAuditQuery['sort'],
  };
  const list = useQuery(auditQuery(query));
  const setSort = (v: string) => url.setFilter('sort', v as ListAuditQuery['sort'] & string);
  const detail = useOpenDetail(url, list, auditEntryQuery).record;
  const facets = useQuery(auditFacetsQuery());
  const set = (k: 'entity' | 'action' | 'actor_id') => (v: string) => url.setFilter(k, v);
  const setDateRange = (range: DateRangeValue) => {
    setTyping(range);
    if (!rangeProblem(range) && (range.from !== dates.from || range.to !== dates.to)) url.setFilters(range);
  };
  // What the date fields show: the range being typed, until the address moves elsewhere (back, 'Limpiar').
  const sameAsApplied = typing?.from === dates.from && typing?.to === dates.to;
  const shownDates = typing && (rangeProblem(typing) || sameAsApplied) ? typing : dates;
  const rows = list.data?.data ?? [];
  const filtered = Boolean(filters.entity || filters.action || filters.actor_id || dates.from || dates.to);
  const actors = facets.data?.actors ?? [];
  const clearable = filtered || Boolean(shownDates.from || shownDates.to);
  const clear = () => {
    setTyping(null);
    url.setFilters({ entity: '', action: '', actor_id: '', from: '', to: '' });
  };

  return (
    <>
      <PageHeader title="Auditoría" subtitle={scopeLabel} />
      <PagedList
        compact
        toolbar={
          <>
            <SelectFilter
              label="Entidad"
              value={filters.entity}
              onChange={set('entity')}
              options={filterOptions(facets.data?.entities ?? [], entityLabel, 'Todas')}
            />
            <Autocomplete
              size="small"
              options={facets.data?.actions ?? []}
              value={filters.action || null}
              onChange={(_e, v) => set('action')(v ?? '')}
              getOptionLabel={actionLabel}
              sx={{ flex: '1 1 240px', minWidth: 200 }}
              renderInput={(params) => <TextField {...params} label="Acción" placeholder="Todas" />}
              noOptionsText="Sin coincidencias"
              clearText="Quitar"
              openText="Abrir"
              closeText="Cerrar"
            />
            <SelectFilter
              label="Usuario"
              value={filters.actor_id}
              onChange={set('actor_id')}
              options={filterOptions(
                actors.map((a) => a.id),
                (id) => actors.find((a) => a.id === id)?.email ?? id,
              )}
            />
            <DateLocalization>
              <DateRangeFields value={shownDates} onChange={setDateRange} />
            </DateLocalization>
            {narrow ? (
              // The cards (below 900 px) have no headers to sort by.
              <SortSelect
                labels={{ at: 'Fecha', action: 'Acción' }}
                defaultLabel="Más recientes"
                sort={filters.sort}
                onSort={setSort}
              />
            ) : null}
            <ListExport path="/audit" query={query} name="auditoría" />
            <Tooltip title={clearable ? '' : 'No hay filtros aplicados'}>
              <span>
                <Button onClick={clear} disabled={!clearable}>
                  Limpiar
                </Button>
              </span>
            </Tooltip>
          </>
        }
        list={list.data}
        fresh={!list.isPlaceholderData}
        paging={paging}
        fetching={Boolean(list.isFetching && list.data)}
        loadError={list.isError ? messageOf(list.error, 'No se pudo conectar con el servidor.') : null}
        loadErrorTitle="Error al cargar la auditoría"
        onRetry={() => void list.refetch()}
        loadingLabel="Cargando..."
        emptyMessage={filtered ? 'No hay registros que coincidan con los filtros' : 'No hay registros'}
      >
        {narrow ? (
          <AuditCards rows={rows} onView={(e) => url.open('detail', e.id)} reachable={reachable} />
        ) : (
          <AuditTable
            sort={filters.sort}
            onSort={setSort}
            rows={rows}
            onView={(e) => url.open('detail', e.id)}
            reachable={reachable}
          />
        )}
      </PagedList>
      {detail ? <AuditDetailDialog entry={detail} onClose={() => url.close('detail')} reachable={reachable} /> : null}
    </>
  );
}
