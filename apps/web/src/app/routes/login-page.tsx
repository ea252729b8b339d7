import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { DemoAccounts } from '../../features/auth/demo-accounts';
import { LoginForm } from '../../features/auth/login-form';
import { AuthLayout } from '../layout/auth-layout';

export function LoginPage() {
  const [prefill, setPrefill] = useState({ email: '', password: '', key: 0 });
  return (
    <AuthLayout maxWidth={960}>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Typography component="h1" variant="h4" sx={{ mb: 0.5 }}>
            Iniciar Sesión
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Ingrese con su email y contraseña.
          </Typography>
          <LoginForm key={prefill.key} initialEmail={prefill.email} initialPassword={prefill.password} />
          <Typography sx={{ mt: 3, textAlign: 'center' }}>
            ¿No tienes cuenta?{' '}
            <Link component={RouterLink} to="/register" sx={{ fontWeight: 600 }}>
              Regístrate aquí
            </Link>
          </Typography>
        </Paper>
        <DemoAccounts onPick={({ email, password }) => setPrefill((p) => ({ email, password, key: p.key + 1 }))} />
      </Box>
    </AuthLayout>
  );
}
