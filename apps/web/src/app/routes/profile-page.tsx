import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { PageHeader } from '../../components/page-header';
import { useAuth } from '../../features/auth/auth-context';
import { ChangePasswordForm } from '../../features/auth/change-password-form';
import { ProfileDetails } from '../../features/auth/profile-details';
import { ProfileForm } from '../../features/auth/profile-form';
import { MfaEnrolment } from '../../features/mfa/mfa-enrolment';

export function ProfilePage() {
  const { user, refreshProfile } = useAuth();
  if (!user) return null;
  return (
    <>
      <PageHeader title="Perfil" />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5 }}>
          <ProfileDetails user={user} />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Stack spacing={3}>
            <ProfileForm key={user.email} user={user} />
            <ChangePasswordForm />
          </Stack>
        </Grid>
        <Grid size={12}>
          <MfaEnrolment user={user} onChanged={refreshProfile} />
        </Grid>
      </Grid>
    </>
  );
}
