import type { AuditEntry } from '@echeq/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmailText } from '../../components/email-text';
import { formatDateTime } from '../../lib/format';
import { actionLabel, actorRoleLabel, diffRows, entityLabel } from './audit-format';
import { RecordId } from './audit-table';

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
      <Typography component="dt" color="text.secondary" sx={{ minWidth: 140 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'break-word', minWidth: 0 }}>
        {children}
      </Typography>
    </Stack>
  );
}

/** One audit record: who, when, what, and the before/after of each field by name (changed values highlighted). */
export function AuditDetailDialog({
  entry,
  onClose,
  reachable,
}: {
  entry: AuditEntry;
  onClose: () => void;
  reachable: (path: string) => boolean;
}) {
  const titleId = useId();
  const rows = diffRows(entry);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>Detalle de auditoría</DialogTitle>
      <DialogContent>
        <Stack component="dl" spacing={1} sx={{ m: 0, mb: 2 }}>
          <Meta label="Fecha y hora">{formatDateTime(entry.at)}</Meta>
          <Meta label="Usuario">{entry.actor_email ? <EmailText email={entry.actor_email} /> : 'Sistema'}</Meta>
          <Meta label="Rol">{actorRoleLabel(entry.actor_role)}</Meta>
          <Meta label="Acción">{actionLabel(entry.action)}</Meta>
          <Meta label="Entidad">{entityLabel(entry.entity)}</Meta>
          <Meta label="ID">
            <RecordId entry={entry} reachable={reachable} />
          </Meta>
          <Meta label="Solicitud">{entry.request_id ?? '-'}</Meta>
        </Stack>
        {rows.length === 0 ? (
          <Typography color="text.secondary">Sin datos de antes y después.</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label="Antes y después">
              <TableHead>
                <TableRow>
                  <TableCell>Campo</TableCell>
                  <TableCell>Antes</TableCell>
                  <TableCell>Después</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.key} sx={r.changed ? { bgcolor: 'action.hover' } : undefined}>
                    <TableCell title={r.key}>{r.label}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.before}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere', fontWeight: r.changed ? 600 : undefined }}>
                      {r.href && reachable(r.href) ? (
                        <Link component={RouterLink} to={r.href}>
                          {r.after}
                        </Link>
                      ) : (
                        <Box component="span">{r.after}</Box>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}
