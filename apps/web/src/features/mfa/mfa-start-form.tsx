import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';

/** Turning it on starts with the current password (a stolen session alone cannot enrol its own device). */
export function StartForm({
  pending,
  error,
  onStart,
}: {
  pending: boolean;
  error: string | undefined;
  onStart: (currentPassword: string) => void;
}) {
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const intro = (
    <Typography color="text.secondary" sx={{ mb: 2 }}>
      Su cuenta ingresa solo con email y contraseña. Active la verificación en dos pasos para pedir además un código de
      su aplicación de autenticación al iniciar sesión. Al activarla se cierran sus demás sesiones.
    </Typography>
  );
  if (!asking) {
    return (
      <Box>
        {intro}
        <Button variant="contained" onClick={() => setAsking(true)}>
          Activar verificación en dos pasos
        </Button>
      </Box>
    );
  }
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password) {
      setMissing(true);
      return;
    }
    onStart(password);
  }
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Confirmar con su contraseña">
      {intro}
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label="Contraseña actual"
          type="password"
          autoComplete="current-password"
          required
          autoFocus
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setMissing(false);
          }}
          error={Boolean(error) || missing}
          helperText={error ?? (missing ? 'Contraseña requerida' : 'Para activarla, confirme con su contraseña.')}
          sx={{ maxWidth: 320, width: '100%' }}
        />
        <Stack direction="row" spacing={1}>
          <Button
            type="submit"
            variant="contained"
            disabled={pending}
            startIcon={pending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            Continuar
          </Button>
          <Button onClick={() => setAsking(false)} disabled={pending}>
            Cancelar
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
