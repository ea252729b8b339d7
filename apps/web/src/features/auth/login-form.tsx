import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../lib/api-error';
import { useAuth } from './auth-context';
import { PasswordField } from './password-field';

type FieldErrors = { email?: string; password?: string; mfa_code?: string };

/** Server answers whose own message is the one to show (the rest read 'Error al iniciar sesión'). */
const SHOW_SERVER_MESSAGE = new Set(['RATE_LIMITED', 'INVALID_MFA_CODE']);

/** 'Iniciar Sesión': email and password, then the 6-digit code when the account asks for it. */
export function LoginForm({
  initialEmail = '',
  initialPassword = '',
}: {
  initialEmail?: string;
  initialPassword?: string;
}) {
  const { login } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState(initialPassword);
  const [mfaCode, setMfaCode] = useState('');
  const [mfaRequired, setMfaRequired] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  function validate(): FieldErrors {
    const errors: FieldErrors = {};
    if (!email.trim()) errors.email = 'Email requerido';
    if (!password) errors.password = 'Contraseña requerida';
    if (mfaRequired && !/^\d{6}$/.test(mfaCode)) errors.mfa_code = 'El código debe tener 6 dígitos';
    return errors;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const errors = validate();
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setError(null);
    setSubmitting(true);
    try {
      const result = await login({
        email: email.trim(),
        password,
        ...(mfaRequired ? { mfa_code: mfaCode } : {}),
      });
      if (result === 'success') {
        navigate('/dashboard', { replace: true });
        return;
      }
      if (result === 'mfa_required') {
        setMfaRequired(true);
      } else {
        setError('Credenciales inválidas');
      }
    } catch (e) {
      setError(isApiError(e) && SHOW_SERVER_MESSAGE.has(e.code) ? e.message : 'Error al iniciar sesión');
    }
    setSubmitting(false);
  }

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Iniciar Sesión" sx={{ display: 'grid', gap: 2 }}>
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="username"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={Boolean(fieldErrors.email)}
        helperText={fieldErrors.email}
        disabled={mfaRequired}
      />
      <PasswordField
        label="Contraseña"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={Boolean(fieldErrors.password)}
        helperText={fieldErrors.password}
        disabled={mfaRequired}
      />
      {mfaRequired ? (
        <>
          <Alert severity="info">Ingrese el código de 6 dígitos de su aplicación de autenticación.</Alert>
          <TextField
            label="Código de verificación"
            name="mfa_code"
            required
            autoFocus
            autoComplete="one-time-code"
            value={mfaCode}
            onChange={(e) => setMfaCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
            error={Boolean(fieldErrors.mfa_code)}
            helperText={fieldErrors.mfa_code}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, pattern: '[0-9]{6}' } }}
          />
        </>
      ) : null}
      {error ? (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      ) : null}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={submitting}
        aria-busy={submitting}
        autoFocus={Boolean(initialEmail && initialPassword)}
        startIcon={submitting ? <CircularProgress size={18} color="inherit" aria-label="Procesando" /> : undefined}
      >
        Iniciar Sesión
      </Button>
      {mfaRequired ? (
        <Button
          variant="text"
          onClick={() => {
            setMfaRequired(false);
            setMfaCode('');
            setError(null);
          }}
        >
          Usar otra cuenta
        </Button>
      ) : null}
    </Box>
  );
}
