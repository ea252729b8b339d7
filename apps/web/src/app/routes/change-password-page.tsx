import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAuth } from '../../features/auth/auth-context';
import { ChangePasswordForm } from '../../features/auth/change-password-form';
import { AuthLayout } from '../layout/auth-layout';

/**
 * The forced change of a temporary password (one an administrator set): the only page such a session sees, since
 * the server refuses it everything else until the password is its own.
 */
export function ChangePasswordPage() {
  const { user, refreshProfile, logout } = useAuth();
  return (
    <AuthLayout maxWidth={560}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography component="h1" variant="h4" sx={{ mb: 1 }}>
          Cambie su contraseña
        </Typography>
        <Stack spacing={2} sx={{ mb: 3 }}>
          <Alert severity="info">
            Un administrador le asignó una contraseña temporal. Para continuar, elija una contraseña propia que solo
            usted conozca.
          </Alert>
          {user ? (
            <Typography color="text.secondary">
              Usuario: <strong>{user.email}</strong>
            </Typography>
          ) : null}
        </Stack>
        <ChangePasswordForm bare currentLabel="Contraseña temporal" onChanged={refreshProfile} />
        <Button onClick={() => void logout()} sx={{ mt: 2 }}>
          Cerrar Sesión
        </Button>
      </Paper>
    </AuthLayout>
  );
}
