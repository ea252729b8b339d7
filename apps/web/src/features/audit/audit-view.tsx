import type { AuditEntry } from '@echeq/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingState } from '../../components/loading-state';
import { PageHeader } from '../../components/page-header';
import { ListPagination, usePaging } from '../../components/pagination';
import { useDebounced } from '../../components/use-debounced';
import { messageOf } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { auditFacetsQuery, auditQuery } from './api';
import { AuditDetailDialog } from './audit-detail-dialog';
import { actorRoleLabel, entityLabel } from './audit-format';

/** Filters whose empty value reads 'Todos'/'Todas'. */
const SELECT_ALL = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;
type Filters = { entity: string; action: string; actor_id: string; from: string; to: string };
const NO_FILTERS: Filters = { entity: '', action: '', actor_id: '', from: '', to: '' };

const shortId = (id: string | null) => (id && id.length > 12 ? `${id.slice(0, 8)}…` : (id ?? '-'));

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

  const list = useQuery({
    ...auditQuery({
      page: paging.page,
      limit: paging.limit,
      entity: filters.entity,
      action,
      actor_id: filters.actor_id,
      from: filters.from,
      to: datesInverted ? '' : filters.to,
    }),
  });
  const facets = useQuery(auditFacetsQuery());
  const set = (k: keyof Filters, v: string) => setFilters((f) => ({ ...f, [k]: v }));
  const rows = list.data?.data ?? [];
  const filtered = Object.values(filters).some(Boolean);

  return (
    <>
      <PageHeader title="Auditoría" subtitle={scopeLabel} />
      <Paper variant="outlined" sx={{ mb: 2, p: 2 }}>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1.3fr 1.3fr 0.9fr 0.9fr auto' },
            alignItems: 'start',
          }}
        >
          <TextField
            select
            label="Entidad"
            slotProps={SELECT_ALL}
            value={filters.entity}
            onChange={(e) => set('entity', e.target.value)}
          >
            <MenuItem value="">Todas</MenuItem>
            {(facets.data?.entities ?? []).map((e) => (
              <MenuItem key={e} value={e}>
                {entityLabel(e)}
              </MenuItem>
            ))}
          </TextField>
          <Autocomplete
            freeSolo
            options={facets.data?.actions ?? []}
            inputValue={filters.action}
            onInputChange={(_e, v) => set('action', v)}
            renderInput={(params) => (
              <TextField {...params} label="Acción" helperText="Exacta o prefijo (p. ej. user)" />
            )}
          />
          <TextField
            select
            label="Usuario"
            slotProps={SELECT_ALL}
            value={filters.actor_id}
            onChange={(e) => set('actor_id', e.target.value)}
          >
            <MenuItem value="">Todos</MenuItem>
            {(facets.data?.actors ?? []).map((a) => (
              <MenuItem key={a.id} value={a.id}>
                {a.email ?? a.id}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Desde"
            type="date"
            value={filters.from}
            onChange={(e) => set('from', e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label="Hasta"
            type="date"
            value={filters.to}
            onChange={(e) => set('to', e.target.value)}
            error={datesInverted}
            helperText={datesInverted ? 'Anterior a la fecha desde' : undefined}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button onClick={() => setFilters(NO_FILTERS)} disabled={!filtered} sx={{ mt: 1 }}>
            Limpiar
          </Button>
        </Box>
      </Paper>

      <Paper variant="outlined">
        {list.isFetching && list.data ? <LinearProgress aria-label="Actualizando" /> : null}
        {list.isPending ? (
          <LoadingState />
        ) : list.isError ? (
          <Box sx={{ p: 2 }}>
            <ErrorAlert
              title="Error al cargar la auditoría"
              message={messageOf(list.error, 'No se pudo conectar con el servidor.')}
              onRetry={() => list.refetch()}
            />
          </Box>
        ) : rows.length === 0 ? (
          <EmptyState message={filtered ? 'No hay registros que coincidan con los filtros' : 'No hay registros'} />
        ) : (
          <>
            {narrow ? (
              <Box component="ul" aria-label="Registros de auditoría" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {rows.map((e) => (
                  <Box component="li" key={e.id} sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider' }}>
                    <Typography variant="body2" color="text.secondary">
                      {formatDateTime(e.at)} · {actorRoleLabel(e.actor_role)}
                    </Typography>
                    <Typography sx={{ fontFamily: 'monospace', fontWeight: 600 }}>{e.action}</Typography>
                    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                      {e.actor_email ?? 'Sistema'} · {entityLabel(e.entity)} {shortId(e.entity_id)}
                    </Typography>
                    <Button
                      size="small"
                      onClick={() => setDetail(e)}
                      aria-label={`Ver registro ${e.id}`}
                      sx={{ mt: 0.5 }}
                    >
                      Ver detalle
                    </Button>
                  </Box>
                ))}
              </Box>
            ) : (
              <TableContainer>
                <Table size="small" aria-label="Registros de auditoría">
                  <TableHead>
                    <TableRow>
                      <TableCell>Fecha y hora</TableCell>
                      <TableCell>Usuario</TableCell>
                      <TableCell>Rol</TableCell>
                      <TableCell>Acción</TableCell>
                      <TableCell>Entidad</TableCell>
                      <TableCell>ID</TableCell>
                      <TableCell>Detalle</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {rows.map((e) => (
                      <TableRow key={e.id} hover>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.at)}</TableCell>
                        <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 160 }}>
                          {e.actor_email ?? 'Sistema'}
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{actorRoleLabel(e.actor_role)}</TableCell>
                        <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{e.action}</TableCell>
                        <TableCell>{entityLabel(e.entity)}</TableCell>
                        <TableCell>
                          <Tooltip title={e.entity_id ?? ''}>
                            <Box component="span" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                              {shortId(e.entity_id)}
                            </Box>
                          </Tooltip>
                        </TableCell>
                        <TableCell>
                          <Button size="small" onClick={() => setDetail(e)} aria-label={`Ver registro ${e.id}`}>
                            Ver
                          </Button>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
            <ListPagination paging={paging} list={list.data} fresh={!list.isPlaceholderData} compact />
          </>
        )}
      </Paper>
      {detail ? <AuditDetailDialog entry={detail} onClose={() => setDetail(null)} /> : null}
    </>
  );
}
