import type { AuditEntry } from '@echeq/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { filterOptions, SelectFilter } from '../../components/list-filters';
import { PageHeader } from '../../components/page-header';
import { PagedList } from '../../components/paged-list';
import { usePaging } from '../../components/pagination';
import { useDebounced } from '../../components/use-debounced';
import { messageOf } from '../../lib/api-error';
import { auditFacetsQuery, auditQuery } from './api';
import { AuditDetailDialog } from './audit-detail-dialog';
import { entityLabel } from './audit-format';
import { AuditCards, AuditTable } from './audit-table';

type Filters = { entity: string; action: string; actor_id: string; from: string; to: string };
const NO_FILTERS: Filters = { entity: '', action: '', actor_id: '', from: '', to: '' };
const DATE_SX = { flex: '0 1 170px', minWidth: 150 } as const;

/**
 * 'Auditoría': the append-only trail the caller may read (every tenant for a system admin, its own for bank admins
 * and auditors), filtered by entity, action, user and dates, with each record's before and after.
 */
export function AuditView({ scopeLabel }: { scopeLabel: string }) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const action = useDebounced(filters.action.trim());
  const paging = usePaging([filters.entity, action, filters.actor_id, filters.from, filters.to], 25);
  const [detail, setDetail] = useState<AuditEntry | null>(null);
  const datesInverted = Boolean(filters.from && filters.to && filters.from > filters.to);

  const list = useQuery(
    auditQuery({
      page: paging.page,
      limit: paging.limit,
      entity: filters.entity || undefined,
      action: action || undefined,
      actor_id: filters.actor_id || undefined,
      from: filters.from || undefined,
      to: datesInverted ? undefined : filters.to || undefined,
    }),
  );
  const facets = useQuery(auditFacetsQuery());
  const set = (k: keyof Filters) => (v: string) => setFilters((f) => ({ ...f, [k]: v }));
  const rows = list.data?.data ?? [];
  const filtered = Object.values(filters).some(Boolean);
  const actors = facets.data?.actors ?? [];

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
              freeSolo
              size="small"
              options={facets.data?.actions ?? []}
              inputValue={filters.action}
              onInputChange={(_e, v) => set('action')(v)}
              sx={{ flex: '1 1 220px', minWidth: 0 }}
              renderInput={(params) => (
                <TextField {...params} label="Acción" helperText="Exacta o prefijo (p. ej. user)" />
              )}
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
            <TextField
              size="small"
              label="Desde"
              type="date"
              value={filters.from}
              onChange={(e) => set('from')(e.target.value)}
              sx={DATE_SX}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              size="small"
              label="Hasta"
              type="date"
              value={filters.to}
              onChange={(e) => set('to')(e.target.value)}
              error={datesInverted}
              helperText={datesInverted ? 'Anterior a la fecha desde' : undefined}
              sx={DATE_SX}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Button onClick={() => setFilters(NO_FILTERS)} disabled={!filtered}>
              Limpiar
            </Button>
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
        {narrow ? <AuditCards rows={rows} onView={setDetail} /> : <AuditTable rows={rows} onView={setDetail} />}
      </PagedList>
      {detail ? <AuditDetailDialog entry={detail} onClose={() => setDetail(null)} /> : null}
    </>
  );
}
