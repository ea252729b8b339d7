import { isValidCuit } from '@echeq/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { fieldErrorsOf } from '../../lib/api-error';
import { useAuth } from './auth-context';
import { NEW_PASSWORD_HELP, PasswordField } from './password-field';

type Values = { email: string; password: string; company_name: string; cuit: string; tenant_codigo: string };
type Field = keyof Values;

/** Required fields and the CUIT check digit here; every other rule is the server's (its messages per field). */
function validate(values: Values): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.email.trim()) errors.email = 'Email requerido';
  if (!values.password) errors.password = 'Contraseña requerida';
  if (!values.company_name.trim()) errors.company_name = 'Razón social requerida';
  if (!values.cuit.trim()) errors.cuit = 'CUIT requerido';
  else if (!isValidCuit(values.cuit)) errors.cuit = 'CUIT inválido';
  return errors;
}

const EMPTY: Values = { email: '', password: '', company_name: '', cuit: '', tenant_codigo: '' };

/** 'Registro': creates a company user (the server decides the role) and signs in with it. */
export function RegisterForm() {
  const { register } = useAuth();
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const bind = (field: Field) => ({
    name: field,
    value: values[field],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value })),
    error: Boolean(errors[field]),
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const body = {
      email: values.email.trim(),
      password: values.password,
      company_name: values.company_name.trim(),
      cuit: values.cuit.trim(),
      ...(values.tenant_codigo.trim() ? { tenant_codigo: values.tenant_codigo.trim().toUpperCase() } : {}),
    };
    const found = validate(values);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setErrors({});
    setError(null);
    setSubmitting(true);
    try {
      await register(body);
      navigate('/dashboard', { replace: true });
    } catch (e) {
      setErrors(fieldErrorsOf(e) as Partial<Record<Field, string>>);
      setError(e instanceof Error && e.message ? e.message : 'Registration failed');
      setSubmitting(false);
    }
  }

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Registro" sx={{ display: 'grid', gap: 2 }}>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        {...bind('email')}
        helperText={errors.email}
      />
      <PasswordField
        label="Contraseña"
        autoComplete="new-password"
        required
        {...bind('password')}
        helperText={errors.password ?? NEW_PASSWORD_HELP}
      />
      <TextField
        label="Razón social"
        autoComplete="organization"
        required
        {...bind('company_name')}
        helperText={errors.company_name}
      />
      <TextField
        label="CUIT"
        required
        {...bind('cuit')}
        helperText={errors.cuit ?? 'Formato: 30-12345678-9 (11 dígitos, con o sin guiones).'}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 13 } }}
      />
      <TextField
        label="Código de banco"
        {...bind('tenant_codigo')}
        helperText={errors.tenant_codigo ?? 'Opcional. Si lo deja vacío se usa el banco de registro de la plataforma.'}
        slotProps={{ htmlInput: { maxLength: 20, style: { textTransform: 'uppercase' } } }}
      />
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
        startIcon={submitting ? <CircularProgress size={18} color="inherit" aria-label="Procesando" /> : undefined}
      >
        Registrarse
      </Button>
    </Box>
  );
}
