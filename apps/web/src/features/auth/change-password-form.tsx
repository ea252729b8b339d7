import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { fieldErrorsOf } from '../../lib/api-error';
import { useAuth } from './auth-context';
import { NEW_PASSWORD_HELP, PasswordField } from './password-field';

type Errors = { currentPassword?: string; newPassword?: string; confirm?: string };

/**
 * PUT /auth/change-password with the current and the new password (typed twice). `onChanged` runs after a change
 * (the forced change of a temporary password then reads the profile again); `bare` drops the card around it.
 */
export function ChangePasswordForm({
  onChanged,
  bare = false,
  currentLabel = 'Contraseña actual',
}: {
  onChanged?: () => Promise<unknown> | undefined;
  bare?: boolean;
  currentLabel?: string;
} = {}) {
  const { changePassword } = useAuth();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: async () => {
      setCurrent('');
      setNext('');
      setConfirm('');
      await onChanged?.();
    },
  });
  const serverErrors = fieldErrorsOf(mutation.error);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Errors = {};
    if (!current) found.currentPassword = 'Contraseña actual requerida';
    if (!next) found.newPassword = 'Nueva contraseña requerida';
    if (next !== confirm) found.confirm = 'Las contraseñas no coinciden';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    mutation.mutate({ currentPassword: current, newPassword: next });
  }

  const form = (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label="Cambiar contraseña"
      sx={{ display: 'grid', gap: 2 }}
    >
      <PasswordField
        label={currentLabel}
        autoComplete="current-password"
        required
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
        error={Boolean(errors.currentPassword ?? serverErrors.currentPassword)}
        helperText={errors.currentPassword ?? serverErrors.currentPassword}
      />
      <PasswordField
        label="Nueva contraseña"
        autoComplete="new-password"
        required
        value={next}
        onChange={(e) => setNext(e.target.value)}
        error={Boolean(errors.newPassword ?? serverErrors.newPassword)}
        helperText={errors.newPassword ?? serverErrors.newPassword ?? NEW_PASSWORD_HELP}
      />
      <PasswordField
        label="Confirmar nueva contraseña"
        autoComplete="new-password"
        required
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={Boolean(errors.confirm)}
        helperText={errors.confirm}
      />
      {mutation.isError ? (
        <Alert severity="error" role="alert">
          {mutation.error.message || 'Password change failed'}
        </Alert>
      ) : null}
      {mutation.isSuccess ? (
        <Alert severity="success">{mutation.data || 'Contraseña actualizada correctamente.'}</Alert>
      ) : null}
      <Box>
        <Button
          type="submit"
          variant="contained"
          disabled={mutation.isPending}
          startIcon={mutation.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          Cambiar contraseña
        </Button>
      </Box>
    </Box>
  );
  if (bare) return form;
  return (
    <Card>
      <CardHeader title="Cambiar contraseña" slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>{form}</CardContent>
    </Card>
  );
}
