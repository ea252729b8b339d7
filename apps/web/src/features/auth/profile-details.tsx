import { ROLE_LABELS, type User } from '@echeq/contract';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import type { ReactNode } from 'react';
import { EmailText } from '../../components/email-text';
import { formatCuit, formatDateTime } from '../../lib/format';

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <Box component="dt" sx={{ color: 'text.secondary', fontSize: '0.875rem' }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0, mb: 1.5, fontWeight: 500, overflowWrap: 'break-word' }}>
        {value}
      </Box>
    </>
  );
}

/** The signed-in user's own data, read-only. */
export function ProfileDetails({ user }: { user: User }) {
  const tenant = user.tenant_nombre
    ? `${user.tenant_nombre}${user.tenant_codigo ? ` (${user.tenant_codigo})` : ''}`
    : 'Plataforma';
  return (
    <Card>
      <CardHeader title="Mis datos" slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Box component="dl" sx={{ m: 0 }}>
          <Row label="Email" value={<EmailText email={user.email} />} />
          <Row label="Nombre" value={user.full_name || '-'} />
          <Row label="Rol" value={ROLE_LABELS[user.role]} />
          <Row label="Empresa" value={user.company_name || '-'} />
          <Row label="CUIT" value={formatCuit(user.cuit)} />
          <Row label="Entidad" value={tenant} />
          <Row label="Último acceso" value={formatDateTime(user.last_login)} />
          <Row label="Verificación en dos pasos" value={user.mfa_enabled ? 'Activado' : 'Desactivado'} />
        </Box>
      </CardContent>
    </Card>
  );
}
