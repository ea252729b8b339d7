import { COMPANY_APPROVAL_LABELS, type User } from '@echeq/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { EmailText } from '../../components/email-text';
import { StatusChip } from '../../components/status-chip';
import { formatDateTime } from '../../lib/format';
import { userQuery } from './api';
import { formatCuit, mfaLabel, roleLabel, USER_STATUS_MAP } from './user-format';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }} component="div">
      <Typography component="dt" color="text.secondary" sx={{ minWidth: 150 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'break-word', fontWeight: 500 }}>
        {children}
      </Typography>
    </Stack>
  );
}

/** 'Ver': the user's details, read fresh from GET /users/{id}, with the last login. */
export function UserDetailsDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const titleId = useId();
  const fresh = useQuery({ ...userQuery(user.id), initialData: user, staleTime: 0 });
  const u = fresh.data ?? user;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Detalles del usuario</DialogTitle>
      <DialogContent>
        <Stack component="dl" spacing={1.25} sx={{ m: 0 }}>
          <Row label="Email">
            <EmailText email={u.email} />
          </Row>
          <Row label="Nombre">{u.full_name ?? '-'}</Row>
          <Row label="Empresa">{u.company_name ?? '-'}</Row>
          <Row label="CUIT">{formatCuit(u.cuit)}</Row>
          <Row label="Rol">{roleLabel(u.role)}</Row>
          <Row label="Entidad">{u.tenant_nombre ? `${u.tenant_nombre} (${u.tenant_codigo})` : 'Plataforma'}</Row>
          <Row label="Estado">
            <StatusChip status={u.status} map={USER_STATUS_MAP} />
          </Row>
          <Row label="MFA">{mfaLabel(u.mfa_enabled)}</Row>
          {u.company_approval ? (
            <Row label="Alta de la empresa">{COMPANY_APPROVAL_LABELS[u.company_approval]}</Row>
          ) : null}
          <Row label="Puede operar">{u.confirmed ? 'Sí' : 'No: falta que otro administrador lo confirme'}</Row>
          <Row label="Contraseña">
            {u.must_change_password ? 'Temporal: debe cambiarla al iniciar sesión' : 'Propia'}
          </Row>
          <Row label="Último acceso">{u.last_login ? formatDateTime(u.last_login) : 'Nunca'}</Row>
          <Row label="Creado">{formatDateTime(u.created_at)}</Row>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}
