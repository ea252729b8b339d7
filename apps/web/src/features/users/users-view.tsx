import { can, PENDING_KINDS, ROLES, type Role, type User, type UserStatus } from '@echeq/contract';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { filterOptions, SearchField, SelectFilter } from '../../components/list-filters';
import { NoticeSnackbar } from '../../components/notice-snackbar';
import { PageHeader } from '../../components/page-header';
import { PagedList } from '../../components/paged-list';
import { usePaging } from '../../components/pagination';
import { useDebounced } from '../../components/use-debounced';
import { messageOf } from '../../lib/api-error';
import { tenantChoicesQuery, usersQuery, useUpdateUser } from './api';
import { CreateUserDialog } from './create-user-dialog';
import { EditUserDialog } from './edit-user-dialog';
import { type StandingChange, StandingDialog } from './standing-dialog';
import { UserCards } from './user-cards';
import { UserDetailsDialog } from './user-details-dialog';
import { roleLabel, USER_ERRORS, USER_STATUS_MAP } from './user-format';
import type { UserAction } from './user-standing';
import { UsersTable } from './users-table';

const STATUS_OPTIONS = filterOptions(Object.keys(USER_STATUS_MAP) as UserStatus[], (s) => USER_STATUS_MAP[s].label);
type PendingKind = (typeof PENDING_KINDS)[number];
const PENDING_OPTIONS = filterOptions<PendingKind>(PENDING_KINDS, (k) =>
  k === 'approval' ? 'Altas por aprobar' : 'Usuarios sin confirmar',
);

/**
 * 'Gestión de Usuarios' on real data (GET /users): server paging, search by e-mail or company, role, status and
 * pending filters; 'Ver' details; 'Nuevo Usuario', edit and suspend/reactivate for roles with users:manage; approve
 * or reject a company's registration and confirm a user added to an existing company for roles with users:approve.
 */
export function UsersView({
  actor,
  initialSearch = '',
}: {
  actor: { id: string; role: Role };
  initialSearch?: string;
}) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const canManage = can(actor.role, 'users:manage');
  const isSystemAdmin = actor.role === 'SYSTEM_ADMIN';
  const approver = can(actor.role, 'users:approve') ? { id: actor.id, isSystemAdmin } : null;
  const [searchText, setSearchText] = useState(initialSearch);
  const search = useDebounced(searchText.trim());
  const [role, setRole] = useState<Role | ''>('');
  const [status, setStatus] = useState<UserStatus | ''>('');
  const [tenantId, setTenantId] = useState('');
  const [pending, setPending] = useState<PendingKind | ''>('');
  const paging = usePaging([search, role, status, tenantId, pending]);
  const list = useQuery(
    usersQuery({
      page: paging.page,
      limit: paging.limit,
      search,
      role: role || undefined,
      status: status || undefined,
      tenant_id: tenantId || undefined,
      pending: pending || undefined,
    }),
  );
  const tenants = useQuery({ ...tenantChoicesQuery(), enabled: isSystemAdmin });
  const roleOptions = filterOptions(
    ROLES.filter((r) => isSystemAdmin || r !== 'SYSTEM_ADMIN'),
    roleLabel,
  );

  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<User | null>(null);
  const [editing, setEditing] = useState<User | null>(null);
  const [statusChange, setStatusChange] = useState<{ user: User; to: UserStatus } | null>(null);
  const [standingChange, setStandingChange] = useState<StandingChange | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [processError, setProcessError] = useState<string | null>(null);
  const update = useUpdateUser();

  function onAction(action: UserAction, u: User) {
    setProcessError(null);
    if (action === 'view') setViewing(u);
    else if (action === 'edit') setEditing(u);
    else if (action === 'approve' || action === 'reject' || action === 'confirm')
      setStandingChange({ user: u, action });
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
  const filtered = Boolean(search || role || status || tenantId || pending);

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

      <PagedList
        compact
        toolbar={
          <>
            <SearchField label="Buscar por email o empresa" value={searchText} onChange={setSearchText} />
            <SelectFilter label="Rol" value={role} onChange={setRole} options={roleOptions} />
            <SelectFilter label="Estado" value={status} onChange={setStatus} options={STATUS_OPTIONS} />
            {approver ? (
              <SelectFilter label="Pendientes" value={pending} onChange={setPending} options={PENDING_OPTIONS} />
            ) : null}
            {isSystemAdmin ? (
              <SelectFilter
                label="Entidad"
                value={tenantId}
                onChange={setTenantId}
                options={filterOptions(
                  (tenants.data ?? []).map((t) => t.id),
                  (id) => tenants.data?.find((t) => t.id === id)?.nombre ?? id,
                  'Todas',
                )}
              />
            ) : null}
          </>
        }
        list={list.data}
        fresh={!list.isPlaceholderData}
        paging={paging}
        fetching={Boolean(list.isFetching && list.data)}
        loadError={list.isError ? messageOf(list.error, 'No se pudo conectar con el servidor.') : null}
        loadErrorTitle={USER_ERRORS.load}
        onRetry={() => void list.refetch()}
        loadingLabel="Cargando..."
        emptyMessage={filtered ? 'No hay usuarios que coincidan con los filtros' : 'No hay usuarios'}
      >
        {narrow ? (
          <UserCards rows={rows} canManage={canManage} approver={approver} selfId={actor.id} onAction={onAction} />
        ) : (
          <UsersTable
            rows={rows}
            canManage={canManage}
            approver={approver}
            selfId={actor.id}
            showTenant={isSystemAdmin}
            onAction={onAction}
          />
        )}
      </PagedList>

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
      <StandingDialog
        change={standingChange}
        onClose={() => setStandingChange(null)}
        onDone={(text) => {
          setStandingChange(null);
          setNotice(text);
        }}
        onError={(text) => {
          setStandingChange(null);
          setProcessError(text);
        }}
      />
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </>
  );
}
