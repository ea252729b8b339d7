import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { RegisterForm } from '../../features/auth/register-form';
import { AuthLayout } from '../layout/auth-layout';

export function RegisterPage() {
  return (
    <AuthLayout>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography component="h1" variant="h4" sx={{ mb: 0.5 }}>
          Registro
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Cree la cuenta de su empresa para operar con ECHEQs.
        </Typography>
        <RegisterForm />
        <Typography sx={{ mt: 3, textAlign: 'center' }}>
          ¿Ya tiene cuenta?{' '}
          <Link component={RouterLink} to="/login" sx={{ fontWeight: 600 }}>
            Inicie sesión
          </Link>
        </Typography>
      </Paper>
    </AuthLayout>
  );
}
