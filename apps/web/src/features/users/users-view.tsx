import {
  can,
  type ListUsersQuery,
  listUsersQuerySchema,
  PENDING_KINDS,
  ROLES,
  type Role,
  type User,
  type UserStatus,
} from '@echeq/contract';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ListExport } from '../../components/list-export';
import { filterOptions, SearchField, SelectFilter } from '../../components/list-filters';
import { NoticeSnackbar } from '../../components/notice-snackbar';
import { PageHeader } from '../../components/page-header';
import { PagedList } from '../../components/paged-list';
import { SortSelect } from '../../components/sort-header';
import { useOpenDetail } from '../../components/use-open-record';
import { messageOf } from '../../lib/api-error';
import { fromSchema, useListParams, uuid } from '../../lib/use-list-params';
import { tenantChoicesQuery, userQuery, usersQuery, useUpdateUser } from './api';
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
type UserSort = NonNullable<ListUsersQuery['sort']>;
/** The sorts (the table's headers, and the creation date, which has no column): the select's names. */
const SORT_LABELS = {
  email: 'Email',
  company: 'Empresa',
  role: 'Rol',
  status: 'Estado',
  created_at: 'Fecha de alta',
};
const Q = listUsersQuerySchema.shape;
/** What the address keeps (search, filters, sort, page, the user whose details are open). */
const PARAMS = {
  filters: {
    search: fromSchema(Q.search),
    role: fromSchema<Role>(Q.role),
    status: fromSchema<UserStatus>(Q.status),
    tenant_id: fromSchema(Q.tenant_id),
    pending: fromSchema<PendingKind>(Q.pending),
    sort: fromSchema<UserSort>(Q.sort),
  },
  extras: { detail: uuid },
};

/**
 * 'Gestión de Usuarios' on real data (GET /users): server paging, search by e-mail or company, role, status and
 * pending filters, sorted by the table's headers or the 'Ordenar por' select; 'Ver' details; 'Nuevo Usuario', edit
 * and suspend/reactivate for roles with users:manage; approve or reject a company's registration and confirm a user
 * added to an existing company for roles with users:approve. Search, filters, sort, page and the open details live
 * in the address.
 */
export function UsersView({ actor }: { actor: { id: string; role: Role } }) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const canManage = can(actor.role, 'users:manage');
  const isSystemAdmin = actor.role === 'SYSTEM_ADMIN';
  const approver = can(actor.role, 'users:approve') ? { id: actor.id, isSystemAdmin } : null;
  const url = useListParams(PARAMS);
  const { paging } = url;
  const { search, role, status, tenant_id: tenantId, pending, sort } = url.filters;
  // The list's query; its export sends the same (less the page).
  const query = {
    page: paging.page,
    limit: paging.limit,
    search,
    role: role || undefined,
    status: status || undefined,
    tenant_id: tenantId || undefined,
    pending: pending || undefined,
    sort: sort || undefined,
  };
  const setSort = (v: string) => url.setFilter('sort', v as UserSort | '');
  const list = useQuery(usersQuery(query));
  const tenants = useQuery({ ...tenantChoicesQuery(), enabled: isSystemAdmin });
  const roleOptions = filterOptions(
    ROLES.filter((r) => isSystemAdmin || r !== 'SYSTEM_ADMIN'),
    roleLabel,
  );

  const [creating, setCreating] = useState(false);
  const viewing = useOpenDetail(url, list, userQuery).record;
  const [editing, setEditing] = useState<User | null>(null);
  const [statusChange, setStatusChange] = useState<{ user: User; to: UserStatus } | null>(null);
  const [standingChange, setStandingChange] = useState<StandingChange | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [processError, setProcessError] = useState<string | null>(null);
  const update = useUpdateUser();

  function onAction(action: UserAction, u: User) {
    setProcessError(null);
    if (action === 'view') url.open('detail', u.id);
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
  const filtered = url.filtered;

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
            <SearchField label="Buscar por email o empresa" value={url.searchText} onChange={url.setSearchText} />
            <SelectFilter label="Rol" value={role} onChange={(v) => url.setFilter('role', v)} options={roleOptions} />
            <SelectFilter
              label="Estado"
              value={status}
              onChange={(v) => url.setFilter('status', v)}
              options={STATUS_OPTIONS}
            />
            {approver ? (
              <SelectFilter
                label="Pendientes"
                value={pending}
                onChange={(v) => url.setFilter('pending', v)}
                options={PENDING_OPTIONS}
              />
            ) : null}
            {isSystemAdmin ? (
              <SelectFilter
                label="Entidad"
                value={tenantId}
                onChange={(v) => url.setFilter('tenant_id', v)}
                options={filterOptions(
                  (tenants.data ?? []).map((t) => t.id),
                  (id) => tenants.data?.find((t) => t.id === id)?.nombre ?? id,
                  'Todas',
                )}
              />
            ) : null}
            <SortSelect labels={SORT_LABELS} defaultLabel="Más recientes" sort={sort} onSort={setSort} />
            <ListExport path="/users" query={query} name="usuarios" />
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
            sort={sort}
            onSort={setSort}
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
      {viewing ? <UserDetailsDialog user={viewing} onClose={() => url.close('detail')} /> : null}
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
