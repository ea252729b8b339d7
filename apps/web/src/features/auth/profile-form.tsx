import type { User } from '@echeq/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { fieldErrorsOf } from '../../lib/api-error';
import { useAuth } from './auth-context';
import { PasswordField } from './password-field';

/** Edits the own email and full name (PUT /auth/profile); a new email asks for the current password. */
export function ProfileForm({ user }: { user: User }) {
  const { updateProfile } = useAuth();
  const [email, setEmail] = useState(user.email);
  const [fullName, setFullName] = useState(user.full_name ?? '');
  const [currentPassword, setCurrentPassword] = useState('');
  const [missingPassword, setMissingPassword] = useState(false);
  const mutation = useMutation({ mutationFn: updateProfile });
  const fieldErrors = fieldErrorsOf(mutation.error);
  const emailError = fieldErrors.email ?? (email.trim() ? undefined : 'Email requerido');
  const emailChanged = email.trim().toLowerCase() !== user.email;
  const passwordError = fieldErrors.current_password ?? (missingPassword ? 'Contraseña actual requerida' : undefined);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim()) return;
    if (emailChanged && !currentPassword) {
      setMissingPassword(true);
      return;
    }
    mutation.mutate(
      {
        email: email.trim(),
        full_name: fullName.trim() || null,
        ...(emailChanged ? { current_password: currentPassword } : {}),
      },
      { onSuccess: () => setCurrentPassword('') },
    );
  }

  return (
    <Card>
      <CardHeader title="Editar datos" slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Box component="form" noValidate onSubmit={onSubmit} aria-label="Editar datos" sx={{ display: 'grid', gap: 2 }}>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              mutation.reset();
            }}
            error={Boolean(emailError)}
            helperText={emailError}
          />
          <TextField
            label="Nombre completo"
            autoComplete="name"
            value={fullName}
            onChange={(e) => {
              setFullName(e.target.value);
              mutation.reset();
            }}
            error={Boolean(fieldErrors.full_name)}
            helperText={fieldErrors.full_name}
          />
          {emailChanged ? (
            <PasswordField
              label="Contraseña actual"
              autoComplete="current-password"
              required
              value={currentPassword}
              onChange={(e) => {
                setCurrentPassword(e.target.value);
                setMissingPassword(false);
                mutation.reset();
              }}
              error={Boolean(passwordError)}
              helperText={passwordError ?? 'Para cambiar el email, confirme con su contraseña.'}
            />
          ) : null}
          {mutation.isError ? (
            <Alert severity="error" role="alert">
              {mutation.error.message || 'Profile update failed'}
            </Alert>
          ) : null}
          {mutation.isSuccess ? <Alert severity="success">Datos actualizados correctamente.</Alert> : null}
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={mutation.isPending}
              startIcon={mutation.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
            >
              Guardar cambios
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
