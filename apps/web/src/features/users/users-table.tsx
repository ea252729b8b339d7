import type { User } from '@echeq/contract';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import PersonOffOutlined from '@mui/icons-material/PersonOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { EmailText } from '../../components/email-text';
import { SortHeader } from '../../components/sort-header';
import { StatusChip } from '../../components/status-chip';
import { mfaLabel, roleLabel, USER_STATUS_MAP } from './user-format';
import { type Approver, StandingActions, StandingChips, type UserAction } from './user-standing';

/**
 * Email, Empresa, Rol, Estado (with what keeps the user from operating), MFA and the row actions ('Ver'; edit and
 * suspend/reactivate for managers; approve a registration or confirm a user for approvers). Email, Empresa, Rol and
 * Estado sort the list on the server.
 */
export function UsersTable({
  rows,
  canManage,
  approver,
  selfId,
  showTenant,
  sort = '',
  onSort,
  onAction,
}: {
  rows: User[];
  canManage: boolean;
  approver: Approver | null;
  selfId: string | undefined;
  showTenant: boolean;
  /** The list's sort ('' for the default, newest first) and how to change it (the headers). */
  sort?: string;
  onSort?: (sort: string) => void;
  onAction: (action: UserAction, u: User) => void;
}) {
  const sorted = (label: string, key: string) =>
    onSort ? <SortHeader label={label} sortKey={key} sort={sort} onSort={onSort} /> : <TableCell>{label}</TableCell>;
  return (
    <TableContainer>
      <Table size="small" aria-label="Usuarios">
        <TableHead>
          <TableRow>
            {sorted('Email', 'email')}
            {sorted('Empresa', 'company')}
            {sorted('Rol', 'role')}
            {sorted('Estado', 'status')}
            <TableCell>MFA</TableCell>
            <TableCell>Acciones</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((u) => {
            const self = u.id === selfId;
            return (
              <TableRow key={u.id} hover>
                <TableCell sx={{ overflowWrap: 'break-word', minWidth: 180 }}>
                  <EmailText email={u.email} />
                  {self ? (
                    <Typography component="span" variant="body2" color="text.secondary">
                      {' '}
                      (usted)
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell sx={{ minWidth: 140 }}>
                  {u.company_name ?? '-'}
                  {showTenant && u.tenant_codigo ? (
                    <Typography variant="body2" color="text.secondary">
                      {u.tenant_codigo}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{roleLabel(u.role)}</TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                    <StatusChip status={u.status} map={USER_STATUS_MAP} />
                    <StandingChips u={u} />
                  </Box>
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    label={mfaLabel(u.mfa_enabled)}
                    color={u.mfa_enabled ? 'success' : 'default'}
                    variant={u.mfa_enabled ? 'filled' : 'outlined'}
                  />
                </TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
                    <Button size="small" onClick={() => onAction('view', u)} aria-label={`Ver ${u.email}`}>
                      Ver
                    </Button>
                    <StandingActions u={u} approver={approver} onAction={onAction} />
                    {canManage ? (
                      <Tooltip title="Editar">
                        <IconButton size="small" aria-label={`Editar ${u.email}`} onClick={() => onAction('edit', u)}>
                          <EditOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    ) : null}
                    {canManage && !self && u.status === 'ACTIVE' ? (
                      <Tooltip title="Suspender">
                        <IconButton
                          size="small"
                          color="error"
                          aria-label={`Suspender ${u.email}`}
                          onClick={() => onAction('suspend', u)}
                        >
                          <PersonOffOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    ) : null}
                    {canManage && !self && u.status !== 'ACTIVE' ? (
                      <Tooltip title="Reactivar">
                        <IconButton
                          size="small"
                          color="success"
                          aria-label={`Reactivar ${u.email}`}
                          onClick={() => onAction('reactivate', u)}
                        >
                          <LockOpenOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    ) : null}
                  </Box>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
