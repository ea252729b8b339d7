import { type Custody, type CustodyStatus, can, type Role, scopeKindOf } from '@echeq/contract';
import Add from '@mui/icons-material/Add';
import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingState } from '../../components/loading-state';
import { PageHeader } from '../../components/page-header';
import { isApiError } from '../../lib/api-error';
import { custodyListQuery, useReleaseCustody } from './api';
import { CustodyDetailsDialog } from './custody-details-dialog';
import { CustodyFormDialog } from './custody-form-dialog';
import { CUSTODY_ERRORS, CUSTODY_STATUS_MAP, CUSTODY_STATUSES } from './custody-format';
import { CustodyTable } from './custody-table';
import { ReleaseDialog } from './release-dialog';

const PAGE_SIZES = [10, 25, 50, 100];

function useDebounced<T>(value: T, ms = 300): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/**
 * 'Gestión de Custodia': the cheques held in custody, paged on the server (page 1, 10 rows by default), filtered by
 * status and searched by number, issuer or beneficiary; deposit a new cheque, see one, release it with a reason.
 */
export function CustodyView({
  role,
  clearingReady = null,
}: {
  role: Role | undefined;
  /** False when the bank's clearing house is known not to be usable: deposits are refused, so the button is off. */
  clearingReady?: boolean | null;
}) {
  const canCreate = role ? can(role, 'custody:create') : false;
  const blocked = clearingReady === false;
  const canRelease = role ? can(role, 'custody:release') : false;
  const showCompany = role ? scopeKindOf(role) !== 'company' : false;

  const [status, setStatus] = useState<CustodyStatus | ''>('');
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim());
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(10);
  // A new filter starts again at the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on filter change only
  useEffect(() => setPage(0), [status, search, limit]);

  const listQ = useQuery(custodyListQuery({ page: page + 1, limit, status, search }));
  const [createOpen, setCreateOpen] = useState(false);
  const [details, setDetails] = useState<Custody | null>(null);
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
          setDetails((cur) => (cur && cur.id === c.id ? c : cur));
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
  const filtered = Boolean(status || search);
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

      <Paper variant="outlined">
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: 2,
            p: 2,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Typography variant="h6" component="h2" sx={{ flex: '1 1 220px' }}>
            ECHEQs en Custodia ({list ? list.total : '…'})
          </Typography>
          <TextField
            size="small"
            label="Buscar"
            placeholder="Número, emisor o beneficiario"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            sx={{ flex: '1 1 240px', minWidth: 0 }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Search fontSize="small" />
                  </InputAdornment>
                ),
              },
              htmlInput: { maxLength: 100 },
            }}
          />
          <TextField
            select
            size="small"
            label="Estado"
            value={status}
            onChange={(e) => setStatus(e.target.value as CustodyStatus | '')}
            sx={{ flex: '0 1 180px', minWidth: 150 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">Todos</MenuItem>
            {CUSTODY_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {CUSTODY_STATUS_MAP[s].label}
              </MenuItem>
            ))}
          </TextField>
        </Box>

        {listQ.isFetching && list ? <LinearProgress aria-label="Actualizando" /> : null}

        {listQ.isError ? (
          <Box sx={{ p: 2 }}>
            <ErrorAlert message={CUSTODY_ERRORS.load} onRetry={() => void listQ.refetch()} />
          </Box>
        ) : !list ? (
          <LoadingState label="Cargando custodia..." />
        ) : rows.length === 0 ? (
          <EmptyState
            message={filtered ? 'No hay ECHEQs en custodia que coincidan con la búsqueda' : 'No hay ECHEQs en custodia'}
            action={
              !filtered && canCreate && !blocked ? (
                <Button variant="outlined" onClick={openCreate} startIcon={<Add />}>
                  Nuevo ECHEQ en Custodia
                </Button>
              ) : undefined
            }
          />
        ) : (
          <CustodyTable rows={rows} showCompany={showCompany} onView={setDetails} />
        )}

        {list && !listQ.isError ? (
          <TablePagination
            component="div"
            sx={{
              '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', pl: 2 },
              '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
            }}
            count={list.total}
            page={Math.min(page, Math.max(0, Math.ceil(list.total / limit) - 1))}
            onPageChange={(_, p) => setPage(p)}
            rowsPerPage={limit}
            onRowsPerPageChange={(e) => setLimit(Number(e.target.value))}
            rowsPerPageOptions={PAGE_SIZES}
            labelRowsPerPage="Filas por página"
            labelDisplayedRows={({ from, to, count }) => `${from}–${to} de ${count}`}
            getItemAriaLabel={(type) =>
              type === 'next' ? 'Página siguiente' : type === 'previous' ? 'Página anterior' : `Ir a ${type}`
            }
          />
        ) : null}
      </Paper>

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
        onClose={() => setDetails(null)}
      />

      <ReleaseDialog
        custody={releasing}
        loading={release.isPending}
        error={releaseError}
        onConfirm={confirmRelease}
        onClose={() => setReleasing(null)}
      />

      <Snackbar
        open={Boolean(notice)}
        autoHideDuration={5000}
        onClose={() => setNotice(null)}
        message={notice}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      />
    </>
  );
}
