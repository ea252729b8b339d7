import { type PlatformSettingsDto, platformSettingsSchema } from '@echeq/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { messageOf } from '../../lib/api-error';
import { useUpdateSettings } from './api';

type Field = keyof PlatformSettingsDto;

const FIELDS: { key: Field; label: string; unit: string; help: string }[] = [
  {
    key: 'session_hours',
    label: 'Duración de la sesión',
    unit: 'horas',
    help: 'Se aplica a las sesiones que se inicien desde ahora',
  },
  {
    key: 'login_max_failures_per_account',
    label: 'Intentos fallidos por cuenta',
    unit: 'intentos',
    help: 'Superado este número, la dirección que falló espera hasta que termine la ventana y las demás esperan una demora creciente de hasta un minuto',
  },
  {
    key: 'login_max_failures_per_ip',
    label: 'Intentos fallidos por dirección IP',
    unit: 'intentos',
    help: 'Límite por dirección de origen, para todas las cuentas',
  },
  {
    key: 'login_window_minutes',
    label: 'Ventana de intentos',
    unit: 'minutos',
    help: 'Período en que se cuentan los intentos fallidos',
  },
  {
    key: 'registration_max_per_ip',
    label: 'Registros por dirección IP',
    unit: 'por hora',
    help: 'Altas de empresas aceptadas desde una misma dirección',
  },
  {
    key: 'registration_max_per_hour',
    label: 'Registros en total',
    unit: 'por hora',
    help: 'Altas de empresas aceptadas entre todas las direcciones',
  },
];

const toText = (s: PlatformSettingsDto) =>
  Object.fromEntries(FIELDS.map((f) => [f.key, String(s[f.key])])) as Record<Field, string>;

/** 'Sesiones e inicio de sesión': session lifetime and the sign-in throttling thresholds. */
export function PlatformSettingsForm({
  settings,
  onSaved,
}: {
  settings: PlatformSettingsDto;
  onSaved: (message: string) => void;
}) {
  const [values, setValues] = useState(() => toText(settings));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const update = useUpdateSettings();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const candidate = Object.fromEntries(
      FIELDS.map((f) => [f.key, values[f.key].trim() === '' ? Number.NaN : Number(values[f.key])]),
    );
    const checked = platformSettingsSchema.safeParse(candidate);
    if (!checked.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const i of checked.error.issues) {
        const k = i.path[0] as Field;
        found[k] ??= i.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    const changed = Object.fromEntries(
      FIELDS.filter((f) => checked.data[f.key] !== settings[f.key]).map((f) => [f.key, checked.data[f.key]]),
    );
    if (Object.keys(changed).length === 0) {
      onSaved('Sin cambios');
      return;
    }
    update.mutate({ platform: changed }, { onSuccess: () => onSaved('Configuración guardada') });
  }

  return (
    <Card component="section" aria-labelledby="platform-settings-title">
      <CardHeader
        title="Sesiones e inicio de sesión"
        slotProps={{ title: { component: 'h2', variant: 'h6', id: 'platform-settings-title' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Box
          component="form"
          noValidate
          onSubmit={onSubmit}
          aria-label="Sesiones e inicio de sesión"
          sx={{ display: 'grid', gap: 2 }}
        >
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {FIELDS.map((f) => (
              <TextField
                key={f.key}
                label={f.label}
                type="number"
                value={values[f.key]}
                onChange={(e) => {
                  setValues((v) => ({ ...v, [f.key]: e.target.value }));
                  if (update.isError) update.reset();
                }}
                error={Boolean(errors[f.key])}
                helperText={errors[f.key] ?? f.help}
                slotProps={{
                  input: { endAdornment: <InputAdornment position="end">{f.unit}</InputAdornment> },
                  htmlInput: { min: 1, step: 1 },
                }}
              />
            ))}
          </Box>
          {update.isError ? (
            <Alert severity="error" role="alert">
              {messageOf(update.error, 'No se pudo guardar la configuración.')}
            </Alert>
          ) : null}
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={update.isPending}
              startIcon={update.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
            >
              Guardar
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
