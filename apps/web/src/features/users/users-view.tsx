import { can, ROLES, type Role, type User, type UserStatus } from '@echeq/contract';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingState } from '../../components/loading-state';
import { PageHeader } from '../../components/page-header';
import { ListPagination, usePaging } from '../../components/pagination';
import { useDebounced } from '../../components/use-debounced';
import { messageOf } from '../../lib/api-error';
import { tenantChoicesQuery, usersQuery, useUpdateUser } from './api';
import { CreateUserDialog } from './create-user-dialog';
import { EditUserDialog } from './edit-user-dialog';
import { UserCards } from './user-cards';
import { UserDetailsDialog } from './user-details-dialog';
import { roleLabel, USER_ERRORS, USER_STATUS_MAP } from './user-format';
import { type UserAction, UsersTable } from './users-table';

/** Filters whose empty value reads 'Todos'/'Todas'. */
const SELECT_ALL = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

/**
 * 'Gestión de Usuarios' on real data (GET /users): server paging, search by e-mail or company, role and status
 * filters; 'Ver' details; 'Nuevo Usuario', edit and suspend/reactivate for roles with users:manage.
 */
export function UsersView({ actor }: { actor: { id: string; role: Role } }) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const canManage = can(actor.role, 'users:manage');
  const isSystemAdmin = actor.role === 'SYSTEM_ADMIN';
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim());
  const [role, setRole] = useState<Role | ''>('');
  const [status, setStatus] = useState<UserStatus | ''>('');
  const [tenantId, setTenantId] = useState('');
  const paging = usePaging([search, role, status, tenantId]);
  const list = useQuery(
    usersQuery({
      page: paging.page,
      limit: paging.limit,
      search,
      role: role || undefined,
      status: status || undefined,
      tenant_id: tenantId || undefined,
    }),
  );
  const tenants = useQuery({ ...tenantChoicesQuery(), enabled: isSystemAdmin });

  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<User | null>(null);
  const [editing, setEditing] = useState<User | null>(null);
  const [statusChange, setStatusChange] = useState<{ user: User; to: UserStatus } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [processError, setProcessError] = useState<string | null>(null);
  const update = useUpdateUser();

  function onAction(action: UserAction, u: User) {
    setProcessError(null);
    if (action === 'view') setViewing(u);
    else if (action === 'edit') setEditing(u);
    else setStatusChange({ user: u, to: action === 'suspend' ? 'SUSPENDED' : 'ACTIVE' });
  }

  function confirmStatus() {
    if (!statusChange) return;
    const { user, to } = statusChange;
    update.mutate(
      { id: user.id, body: { status: to } },
      {
        onSuccess: (u) => {
          setStatusChange(null);
          setNotice(to === 'ACTIVE' ? `Usuario ${u.email} reactivado` : `Usuario ${u.email} suspendido`);
        },
        onError: (error) => {
          setStatusChange(null);
          setProcessError(messageOf(error, 'No se pudo conectar con el servidor.'));
        },
      },
    );
  }

  const rows = list.data?.data ?? [];
  const filtered = Boolean(search || role || status || tenantId);

  return (
    <>
      <PageHeader
        title="Gestión de Usuarios"
        subtitle={isSystemAdmin ? 'Usuarios de todas las entidades' : 'Usuarios de su entidad'}
        actions={
          canManage ? (
            <Button variant="contained" startIcon={<PersonAddAlt1Outlined />} onClick={() => setCreating(true)}>
              Nuevo Usuario
            </Button>
          ) : undefined
        }
      />

      {processError ? (
        <Alert severity="error" role="alert" onClose={() => setProcessError(null)} sx={{ mb: 2 }}>
          <AlertTitle>{USER_ERRORS.process}</AlertTitle>
          {processError}
        </Alert>
      ) : null}

      <Paper variant="outlined" sx={{ mb: 2, p: 2 }}>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: isSystemAdmin ? '2fr 1fr 1fr 1fr' : '2fr 1fr 1fr' },
          }}
        >
          <TextField
            label="Buscar por email o empresa"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
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
            label="Rol"
            slotProps={SELECT_ALL}
            value={role}
            onChange={(e) => setRole(e.target.value as Role | '')}
          >
            <MenuItem value="">Todos</MenuItem>
            {ROLES.filter((r) => isSystemAdmin || r !== 'SYSTEM_ADMIN').map((r) => (
              <MenuItem key={r} value={r}>
                {roleLabel(r)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Estado"
            slotProps={SELECT_ALL}
            value={status}
            onChange={(e) => setStatus(e.target.value as UserStatus | '')}
          >
            <MenuItem value="">Todos</MenuItem>
            {(Object.keys(USER_STATUS_MAP) as UserStatus[]).map((s) => (
              <MenuItem key={s} value={s}>
                {USER_STATUS_MAP[s].label}
              </MenuItem>
            ))}
          </TextField>
          {isSystemAdmin ? (
            <TextField
              select
              label="Entidad"
              slotProps={SELECT_ALL}
              value={tenantId}
              onChange={(e) => setTenantId(e.target.value)}
            >
              <MenuItem value="">Todas</MenuItem>
              {(tenants.data ?? []).map((t) => (
                <MenuItem key={t.id} value={t.id}>
                  {t.nombre}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
        </Box>
      </Paper>

      <Paper variant="outlined">
        {list.isFetching && list.data ? <LinearProgress aria-label="Actualizando" /> : null}
        {list.isPending ? (
          <LoadingState />
        ) : list.isError ? (
          <Box sx={{ p: 2 }}>
            <ErrorAlert
              title={USER_ERRORS.load}
              message={messageOf(list.error, 'No se pudo conectar con el servidor.')}
              onRetry={() => list.refetch()}
            />
          </Box>
        ) : rows.length === 0 ? (
          <EmptyState message={filtered ? 'No hay usuarios que coincidan con los filtros' : 'No hay usuarios'} />
        ) : (
          <>
            {narrow ? (
              <UserCards rows={rows} canManage={canManage} selfId={actor.id} onAction={onAction} />
            ) : (
              <UsersTable
                rows={rows}
                canManage={canManage}
                selfId={actor.id}
                showTenant={isSystemAdmin}
                onAction={onAction}
              />
            )}
            <ListPagination paging={paging} list={list.data} fresh={!list.isPlaceholderData} compact />
          </>
        )}
      </Paper>

      {canManage ? (
        <CreateUserDialog
          open={creating}
          actorRole={actor.role}
          onClose={() => setCreating(false)}
          onCreated={(email) => {
            setCreating(false);
            setNotice(`Usuario ${email} creado`);
          }}
        />
      ) : null}
      {viewing ? <UserDetailsDialog user={viewing} onClose={() => setViewing(null)} /> : null}
      {editing ? (
        <EditUserDialog
          key={editing.id}
          user={editing}
          actorRole={actor.role}
          self={editing.id === actor.id}
          onClose={() => setEditing(null)}
          onSaved={(u) => {
            setEditing(null);
            setNotice(`Usuario ${u.email} actualizado`);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={statusChange !== null}
        title={statusChange?.to === 'ACTIVE' ? 'Reactivar usuario' : 'Suspender usuario'}
        message={
          statusChange?.to === 'ACTIVE'
            ? `¿Reactivar a ${statusChange.user.email}? Podrá volver a iniciar sesión.`
            : `¿Suspender a ${statusChange?.user.email}? Sus sesiones se cerrarán de inmediato y no podrá iniciar sesión.`
        }
        confirmLabel={statusChange?.to === 'ACTIVE' ? 'Reactivar' : 'Suspender'}
        destructive={statusChange?.to !== 'ACTIVE'}
        loading={update.isPending}
        onConfirm={confirmStatus}
        onClose={() => setStatusChange(null)}
      />
      <Snackbar
        open={notice !== null}
        autoHideDuration={5000}
        onClose={() => setNotice(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity="success" variant="filled" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      </Snackbar>
    </>
  );
}
