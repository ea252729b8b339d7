import {
  COELSA_DEFAULTS,
  COELSA_ENVIRONMENT_LABELS,
  type CoelsaConfigBody,
  type CoelsaEnvironment,
  coelsaConfigBodySchema,
  type Tenant,
} from '@echeq/contract';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormDialog } from '../../components/form-dialog';
import { issuesByField, useFormFields } from '../../components/use-form-fields';
import { useConfigureCoelsa } from './api';
import { ADMIN_ERRORS } from './tenant-format';

type Form = {
  environment: CoelsaEnvironment;
  base_url: string;
  api_key: string;
  api_secret: string;
  timeout: string;
  max_retries: string;
};

function initial(t: Tenant): Form {
  const c = t.coelsaConfig;
  return {
    environment: c?.environment ?? COELSA_DEFAULTS.environment,
    base_url: c?.base_url ?? '',
    api_key: '',
    api_secret: '',
    timeout: String(c?.timeout ?? COELSA_DEFAULTS.timeout),
    max_retries: String(c?.max_retries ?? COELSA_DEFAULTS.max_retries),
  };
}

/**
 * Configures a bank's clearing house (COELSA): environment (sandbox by default), base URL, API key and secret,
 * timeout (30000 ms) and retries (3). Key and secret are never shown again; left empty they keep the stored ones.
 */
export function CoelsaConfigDialog({
  tenant,
  onClose,
  onSaved,
}: {
  tenant: Tenant;
  onClose: () => void;
  onSaved: () => void;
}) {
  const save = useConfigureCoelsa();
  const { form, set, err, setErrors } = useFormFields<Form>(() => initial(tenant), save);
  const stored = tenant.coelsaConfig;

  function onSubmit() {
    const body: CoelsaConfigBody = {
      environment: form.environment,
      base_url: form.base_url.trim() || null,
      timeout: Number(form.timeout),
      max_retries: Number(form.max_retries),
      ...(form.api_key.trim() ? { api_key: form.api_key } : {}),
      ...(form.api_secret.trim() ? { api_secret: form.api_secret } : {}),
    };
    const checked = coelsaConfigBodySchema.safeParse(body);
    const found: Record<string, string> = {};
    if (!form.timeout.trim()) found.timeout = 'Timeout requerido';
    if (!form.max_retries.trim()) found.max_retries = 'Reintentos requeridos';
    if (!checked.success) for (const [k, m] of Object.entries(issuesByField(checked.error.issues))) found[k] ??= m;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate({ id: tenant.id, body }, { onSuccess: onSaved });
  }

  const keepHint = (has: boolean | undefined) => (has ? 'Guardada. Déjela vacía para conservarla.' : undefined);

  return (
    <FormDialog
      title="Configurar COELSA"
      submitLabel="Guardar Configuración"
      pending={save.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
      error={save.error}
      errorTitle={ADMIN_ERRORS.configure}
      lead={
        <Typography color="text.secondary">
          {tenant.nombre} ({tenant.codigo})
        </Typography>
      }
    >
      <TextField
        select
        label="Entorno"
        value={form.environment}
        onChange={(e) => set('environment', e.target.value as CoelsaEnvironment)}
        error={Boolean(err('environment'))}
        helperText={
          err('environment') ?? (form.environment === 'sandbox' ? 'Simulador integrado de COELSA' : undefined)
        }
      >
        {(Object.keys(COELSA_ENVIRONMENT_LABELS) as CoelsaEnvironment[]).map((e) => (
          <MenuItem key={e} value={e}>
            {e} ({COELSA_ENVIRONMENT_LABELS[e]})
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="URL base"
        placeholder="https://api.coelsa.example"
        required={form.environment !== 'sandbox'}
        value={form.base_url}
        onChange={(e) => set('base_url', e.target.value)}
        error={Boolean(err('base_url'))}
        helperText={err('base_url') ?? (form.environment === 'sandbox' ? 'Opcional en sandbox' : undefined)}
      />
      <TextField
        label="API key"
        type="password"
        autoComplete="off"
        value={form.api_key}
        onChange={(e) => set('api_key', e.target.value)}
        error={Boolean(err('api_key'))}
        helperText={err('api_key') ?? keepHint(stored?.has_api_key)}
      />
      <TextField
        label="API secret"
        type="password"
        autoComplete="off"
        value={form.api_secret}
        onChange={(e) => set('api_secret', e.target.value)}
        error={Boolean(err('api_secret'))}
        helperText={err('api_secret') ?? keepHint(stored?.has_api_secret)}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          label="Timeout (ms)"
          type="number"
          value={form.timeout}
          onChange={(e) => set('timeout', e.target.value)}
          error={Boolean(err('timeout'))}
          helperText={err('timeout')}
          slotProps={{ htmlInput: { min: 100, max: 120000, step: 1000 } }}
        />
        <TextField
          label="Reintentos máximos"
          type="number"
          value={form.max_retries}
          onChange={(e) => set('max_retries', e.target.value)}
          error={Boolean(err('max_retries'))}
          helperText={err('max_retries')}
          slotProps={{ htmlInput: { min: 0, max: 10, step: 1 } }}
        />
      </Box>
    </FormDialog>
  );
}
