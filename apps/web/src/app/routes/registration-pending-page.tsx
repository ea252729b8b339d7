import Paper from '@mui/material/Paper';
import { useAuth } from '../../features/auth/auth-context';
import { RegistrationPending } from '../../features/auth/registration-pending';
import { AuthLayout } from '../layout/auth-layout';

/** The only page of a company whose registration its bank has not approved (or rejected). */
export function RegistrationPendingPage() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <AuthLayout maxWidth={560}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
        <RegistrationPending user={user} />
      </Paper>
    </AuthLayout>
  );
}
