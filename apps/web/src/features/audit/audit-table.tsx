import type { AuditEntry } from '@echeq/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { EmailText } from '../../components/email-text';
import { SortHeader } from '../../components/sort-header';
import { formatDateTime } from '../../lib/format';
import { actionLabel, actorRoleLabel, entityLabel, isKnownAction, recordLink } from './audit-format';

const shortId = (id: string | null) => (id && id.length > 12 ? `${id.slice(0, 8)}…` : (id ?? '-'));

type Props = { rows: AuditEntry[]; onView: (e: AuditEntry) => void; reachable: (path: string) => boolean };

/** 'Descuento rechazado'; an action the screen does not name yet keeps its code, in monospace. */
function Action({ action }: { action: string }) {
  return isKnownAction(action) ? (
    actionLabel(action)
  ) : (
    <Box component="span" sx={{ fontFamily: 'monospace' }}>
      {action}
    </Box>
  );
}

/** The record's short id, a link to its screen when there is one the viewer may open. */
export function RecordId({ entry, reachable }: { entry: AuditEntry; reachable: (path: string) => boolean }) {
  const href = recordLink(entry);
  const id = (
    <Box component="span" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
      {shortId(entry.entity_id)}
    </Box>
  );
  if (!entry.entity_id) return id;
  return (
    <Tooltip title={entry.entity_id}>
      {href && reachable(href) ? (
        <Link component={RouterLink} to={href} aria-label={`Abrir ${entityLabel(entry.entity)} ${entry.entity_id}`}>
          {id}
        </Link>
      ) : (
        id
      )}
    </Tooltip>
  );
}

/** The trail as a table: when, who, role, action, entity, record and a 'Ver' button for the before and after. */
export function AuditTable({
  rows,
  onView,
  reachable,
  sort = '',
  onSort,
}: Props & { sort?: string; onSort?: (sort: string) => void }) {
  const sorted = (label: string, key: string) =>
    onSort ? <SortHeader label={label} sortKey={key} sort={sort} onSort={onSort} /> : <TableCell>{label}</TableCell>;
  return (
    <TableContainer>
      <Table size="small" aria-label="Registros de auditoría">
        <TableHead>
          <TableRow>
            {sorted('Fecha y hora', 'at')}
            <TableCell>Usuario</TableCell>
            <TableCell>Rol</TableCell>
            {sorted('Acción', 'action')}
            <TableCell>Entidad</TableCell>
            <TableCell>ID</TableCell>
            <TableCell>Detalle</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((e) => (
            <TableRow key={e.id} hover>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.at)}</TableCell>
              <TableCell sx={{ overflowWrap: 'break-word', minWidth: 160 }}>
                {e.actor_email ? <EmailText email={e.actor_email} /> : 'Sistema'}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{actorRoleLabel(e.actor_role)}</TableCell>
              <TableCell>
                <Action action={e.action} />
              </TableCell>
              <TableCell>{entityLabel(e.entity)}</TableCell>
              <TableCell>
                <RecordId entry={e} reachable={reachable} />
              </TableCell>
              <TableCell>
                <Button size="small" onClick={() => onView(e)} aria-label={`Ver registro ${e.id}`}>
                  Ver
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The trail on a phone: one entry per record. */
export function AuditCards({ rows, onView, reachable }: Props) {
  return (
    <Box component="ul" aria-label="Registros de auditoría" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((e) => (
        <Box component="li" key={e.id} sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider' }}>
          <Typography variant="body2" color="text.secondary">
            {formatDateTime(e.at)} · {actorRoleLabel(e.actor_role)}
          </Typography>
          <Typography sx={{ fontWeight: 600 }}>
            <Action action={e.action} />
          </Typography>
          <Typography variant="body2" sx={{ overflowWrap: 'break-word' }}>
            {e.actor_email ? <EmailText email={e.actor_email} /> : 'Sistema'} · {entityLabel(e.entity)}{' '}
            <RecordId entry={e} reachable={reachable} />
          </Typography>
          <Button size="small" onClick={() => onView(e)} aria-label={`Ver registro ${e.id}`} sx={{ mt: 0.5 }}>
            Ver detalle
          </Button>
        </Box>
      ))}
    </Box>
  );
}
