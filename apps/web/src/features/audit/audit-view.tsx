import type { AuditEntry } from '@echeq/contract';
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
import { filterOptions, SelectFilter } from '../../components/list-filters';
import { PageHeader } from '../../components/page-header';
import { PagedList } from '../../components/paged-list';
import { usePaging } from '../../components/pagination';
import { messageOf } from '../../lib/api-error';
import { auditFacetsQuery, auditQuery } from './api';
import { AuditDetailDialog } from './audit-detail-dialog';
import { actionLabel, entityLabel } from './audit-format';
import { AuditCards, AuditTable } from './audit-table';

type Filters = { entity: string; action: string; actor_id: string; dates: DateRangeValue };
const NO_FILTERS: Filters = { entity: '', action: '', actor_id: '', dates: { from: '', to: '' } };

/**
 * 'Auditoría': the append-only trail the caller may read (every tenant for a system admin, its own for bank admins
 * and auditors), filtered by entity, action, user and dates (typed or picked, es-AR), each action and field by its
 * Spanish name, values formatted, and each record's id a link to its screen when `reachable` says the viewer may
 * open it.
 */
export function AuditView({ scopeLabel, reachable }: { scopeLabel: string; reachable: (path: string) => boolean }) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  // The dates last applied: a range still being typed, or impossible, leaves the list as it is.
  const [dates, setDates] = useState<DateRangeValue>(NO_FILTERS.dates);
  const paging = usePaging([filters.entity, filters.action, filters.actor_id, dates.from, dates.to], 25);
  const [detail, setDetail] = useState<AuditEntry | null>(null);

  const list = useQuery(
    auditQuery({
      page: paging.page,
      limit: paging.limit,
      entity: filters.entity || undefined,
      action: filters.action || undefined,
      actor_id: filters.actor_id || undefined,
      from: dates.from || undefined,
      to: dates.to || undefined,
    }),
  );
  const facets = useQuery(auditFacetsQuery());
  const set = (k: 'entity' | 'action' | 'actor_id') => (v: string) => setFilters((f) => ({ ...f, [k]: v }));
  const setDateRange = (range: DateRangeValue) => {
    setFilters((f) => ({ ...f, dates: range }));
    if (!rangeProblem(range)) setDates(range);
  };
  const rows = list.data?.data ?? [];
  const filtered = Boolean(filters.entity || filters.action || filters.actor_id || dates.from || dates.to);
  const actors = facets.data?.actors ?? [];
  const clearable = filtered || Boolean(filters.dates.from || filters.dates.to);
  const clear = () => {
    setFilters(NO_FILTERS);
    setDates(NO_FILTERS.dates);
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
              <DateRangeFields value={filters.dates} onChange={setDateRange} />
            </DateLocalization>
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
          <AuditCards rows={rows} onView={setDetail} reachable={reachable} />
        ) : (
          <AuditTable rows={rows} onView={setDetail} reachable={reachable} />
        )}
      </PagedList>
      {detail ? <AuditDetailDialog entry={detail} onClose={() => setDetail(null)} reachable={reachable} /> : null}
    </>
  );
}
