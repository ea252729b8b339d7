import type { User } from '@echeq/contract';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';

/** 'Verificación en dos pasos': the current state; enrolment (QR code, confirm, disable) comes here later. */
export function MfaSection({ user }: { user: User }) {
  return (
    <Card component="section" aria-labelledby="mfa-title">
      <CardHeader
        sx={{ '& .MuiCardHeader-action': { alignSelf: 'center', m: 0 } }}
        title="Verificación en dos pasos"
        slotProps={{ title: { component: 'h2', variant: 'h6', id: 'mfa-title' } }}
        action={
          <Chip
            label={user.mfa_enabled ? 'Activado' : 'Desactivado'}
            color={user.mfa_enabled ? 'success' : 'default'}
            variant={user.mfa_enabled ? 'filled' : 'outlined'}
            sx={{ fontWeight: 600 }}
          />
        }
      />
      <CardContent sx={{ pt: 0 }}>
        <Typography color="text.secondary">
          {user.mfa_enabled
            ? 'Al iniciar sesión se le pedirá el código de 6 dígitos de su aplicación de autenticación.'
            : 'Su cuenta ingresa solo con email y contraseña.'}
        </Typography>
      </CardContent>
    </Card>
  );
}
