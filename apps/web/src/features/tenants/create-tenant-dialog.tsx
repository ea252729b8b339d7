import { type CreateTenantBody, createTenantBodySchema, TENANT_TYPE_LABELS, type TenantType } from '@echeq/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useState } from 'react';
import { fieldErrorsOf, messageOf } from '../../lib/api-error';
import { useCreateTenant } from './api';
import { ADMIN_ERRORS } from './tenant-format';

type Form = { nombre: string; codigo: string; cuit: string; tipo: TenantType };
const EMPTY: Form = { nombre: '', codigo: '', cuit: '', tipo: 'BANCO' };

/** 'Crear Nuevo Tenant': nombre, código (unique), CUIT (check digit) and tipo (BANCO by default). */
export function CreateTenantDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (nombre: string) => void;
}) {
  const titleId = useId();
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateTenant();
  const serverErrors = fieldErrorsOf(create.error);
  const err = (f: keyof Form) => errors[f] ?? serverErrors[f];

  const set = (f: keyof Form, v: string) => {
    setForm((x) => ({ ...x, [f]: v }));
    setErrors((e) => {
      const { [f]: _drop, ...rest } = e;
      return rest;
    });
    if (create.isError) create.reset();
  };

  function close() {
    if (create.isPending) return;
    setForm(EMPTY);
    setErrors({});
    create.reset();
    onClose();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body: CreateTenantBody = { nombre: form.nombre, codigo: form.codigo, cuit: form.cuit, tipo: form.tipo };
    const checked = createTenantBodySchema.safeParse(body);
    const found: Record<string, string> = {};
    if (!checked.success) {
      for (const i of checked.error.issues) {
        const k = String(i.path[0] ?? '');
        if (k && !found[k]) found[k] = i.message;
      }
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(body, {
      onSuccess: (t) => {
        setForm(EMPTY);
        onCreated(t.nombre);
      },
    });
  }

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Crear Nuevo Tenant">
        <DialogTitle id={titleId}>Crear Nuevo Tenant</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {create.isError ? (
            <Alert severity="error" role="alert">
              <AlertTitle>{ADMIN_ERRORS.create}</AlertTitle>
              {messageOf(create.error, 'No se pudo conectar con el servidor.')}
            </Alert>
          ) : null}
          <TextField
            label="Nombre"
            required
            value={form.nombre}
            onChange={(e) => set('nombre', e.target.value)}
            error={Boolean(err('nombre'))}
            helperText={err('nombre')}
          />
          <TextField
            label="Código"
            required
            value={form.codigo}
            onChange={(e) => set('codigo', e.target.value.toUpperCase())}
            error={Boolean(err('codigo'))}
            helperText={err('codigo') ?? 'Único. Letras, números, guion o guion bajo (p. ej. BNORTE)'}
            slotProps={{ htmlInput: { maxLength: 20 } }}
          />
          <TextField
            label="CUIT"
            required
            placeholder="30-12345678-9"
            value={form.cuit}
            onChange={(e) => set('cuit', e.target.value.replace(/[^\d-]/g, '').slice(0, 13))}
            error={Boolean(err('cuit'))}
            helperText={err('cuit')}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextField select label="Tipo" value={form.tipo} onChange={(e) => set('tipo', e.target.value)}>
            {(Object.keys(TENANT_TYPE_LABELS) as TenantType[]).map((t) => (
              <MenuItem key={t} value={t}>
                {t}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={create.isPending}>
            Cancelar
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={create.isPending}
            startIcon={create.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            Crear Tenant
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
