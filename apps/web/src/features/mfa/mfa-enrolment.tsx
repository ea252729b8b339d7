import type { User } from '@echeq/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { fieldErrorsOf, messageOf } from '../../lib/api-error';
import { type MfaSetup, useDisableMfa, useEnableMfa, useStartMfaSetup } from './api';
import { StartForm } from './mfa-start-form';

const onlyDigits = (v: string) => v.replace(/\D/g, '').slice(0, 6);
const groupKey = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

function CodeField({
  value,
  onChange,
  error,
  autoFocus,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string | undefined;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      label="Código de verificación"
      required
      autoFocus={autoFocus}
      autoComplete="one-time-code"
      value={value}
      onChange={(e) => onChange(onlyDigits(e.target.value))}
      error={Boolean(error)}
      helperText={error ?? 'Los 6 dígitos que muestra su aplicación'}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, pattern: '[0-9]{6}' } }}
      sx={{ maxWidth: 280 }}
    />
  );
}

function EnrolForm({ setup, onDone, onCancel }: { setup: MfaSetup; onDone: () => void; onCancel: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const enable = useEnableMfa();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setError('El código debe tener 6 dígitos');
      return;
    }
    enable.mutate(code, {
      onSuccess: onDone,
      onError: (e) => setError(fieldErrorsOf(e).code ?? messageOf(e, 'No se pudo conectar con el servidor.')),
    });
  }

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Activar verificación en dos pasos">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: { md: 'flex-start' } }}>
        <Box
          component="img"
          src={setup.qr_data_url}
          alt="Código QR para su aplicación de autenticación"
          sx={{ width: 200, height: 200, border: 1, borderColor: 'divider', borderRadius: 1, flexShrink: 0 }}
        />
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <Typography>
            1. Escanee el código QR con su aplicación de autenticación (Google Authenticator, Microsoft Authenticator u
            otra compatible).
          </Typography>
          <Box>
            <Typography>O ingrese esta clave manualmente:</Typography>
            <Typography
              data-testid="mfa-secret"
              sx={{ fontFamily: 'monospace', fontSize: '1.05rem', letterSpacing: 1, overflowWrap: 'anywhere', mt: 0.5 }}
            >
              {groupKey(setup.secret)}
            </Typography>
          </Box>
          <Typography>2. Ingrese el código que muestra la aplicación para confirmar.</Typography>
          <CodeField
            value={code}
            onChange={(v) => {
              setCode(v);
              setError(undefined);
            }}
            error={error}
            autoFocus
          />
          <Stack direction="row" spacing={1}>
            <Button
              type="submit"
              variant="contained"
              disabled={enable.isPending}
              startIcon={enable.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
            >
              Confirmar y activar
            </Button>
            <Button onClick={onCancel} disabled={enable.isPending}>
              Cancelar
            </Button>
          </Stack>
        </Stack>
      </Stack>
    </Box>
  );
}

function DisableForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const [mode, setMode] = useState<'code' | 'password'>('code');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const disable = useDisableMfa();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mode === 'code' && !/^\d{6}$/.test(code)) {
      setError('El código debe tener 6 dígitos');
      return;
    }
    if (mode === 'password' && !password) {
      setError('Contraseña requerida');
      return;
    }
    disable.mutate(mode === 'code' ? { code } : { password }, {
      onSuccess: onDone,
      onError: (e) => {
        const f = fieldErrorsOf(e);
        setError(f.code ?? f.password ?? messageOf(e, 'No se pudo conectar con el servidor.'));
      },
    });
  }

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Desactivar verificación en dos pasos">
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>Para desactivarla, confirme con un código actual o con su contraseña.</Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={mode}
          onChange={(_e, v) => {
            if (v) {
              setMode(v);
              setError(undefined);
            }
          }}
          aria-label="Confirmar con"
        >
          <ToggleButton value="code">Código</ToggleButton>
          <ToggleButton value="password">Contraseña</ToggleButton>
        </ToggleButtonGroup>
        {mode === 'code' ? (
          <CodeField
            value={code}
            onChange={(v) => {
              setCode(v);
              setError(undefined);
            }}
            error={error}
            autoFocus
          />
        ) : (
          <TextField
            label="Contraseña"
            type="password"
            autoComplete="current-password"
            required
            autoFocus
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setError(undefined);
            }}
            error={Boolean(error)}
            helperText={error}
            sx={{ maxWidth: 320 }}
          />
        )}
        <Stack direction="row" spacing={1}>
          <Button
            type="submit"
            color="error"
            variant="contained"
            disabled={disable.isPending}
            startIcon={disable.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            Desactivar
          </Button>
          <Button onClick={onCancel} disabled={disable.isPending}>
            Cancelar
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

/**
 * 'Verificación en dos pasos' on the profile: turn TOTP sign-in on (QR code or manual key, confirmed by a first
 * code) or off (a current code or the password). `onChanged` refreshes the signed-in user.
 */
export function MfaEnrolment({ user, onChanged }: { user: User; onChanged: () => Promise<unknown> }) {
  const [setup, setSetup] = useState<MfaSetup | null>(null);
  const [disabling, setDisabling] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const start = useStartMfaSetup();

  const finish = async (message: string) => {
    setSetup(null);
    setDisabling(false);
    setNotice(message);
    await onChanged();
  };

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
        <Stack spacing={2}>
          {notice ? (
            <Alert severity="success" onClose={() => setNotice(null)}>
              {notice}
            </Alert>
          ) : null}
          {start.isError && !fieldErrorsOf(start.error).current_password ? (
            <Alert severity="error" role="alert">
              {messageOf(start.error, 'No se pudo iniciar la configuración.')}
            </Alert>
          ) : null}
          {user.mfa_enabled ? (
            disabling ? (
              <DisableForm
                onDone={() => finish('Verificación en dos pasos desactivada')}
                onCancel={() => setDisabling(false)}
              />
            ) : (
              <Box>
                <Typography color="text.secondary" sx={{ mb: 2 }}>
                  Al iniciar sesión se le pide el código de 6 dígitos de su aplicación de autenticación.
                </Typography>
                <Button variant="outlined" color="error" onClick={() => setDisabling(true)}>
                  Desactivar verificación en dos pasos
                </Button>
              </Box>
            )
          ) : setup ? (
            <EnrolForm
              setup={setup}
              onDone={() => finish('Verificación en dos pasos activada. Sus demás sesiones fueron cerradas.')}
              onCancel={() => setSetup(null)}
            />
          ) : (
            <StartForm
              pending={start.isPending}
              error={fieldErrorsOf(start.error).current_password}
              onStart={(currentPassword) => {
                setNotice(null);
                start.mutate({ current_password: currentPassword }, { onSuccess: setSetup });
              }}
            />
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
