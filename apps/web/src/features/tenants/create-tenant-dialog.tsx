import { type CreateTenantBody, createTenantBodySchema, TENANT_TYPE_LABELS, type TenantType } from '@echeq/contract';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { CuitField } from '../../components/cuit-field';
import { FormDialog } from '../../components/form-dialog';
import { issuesByField, useFormFields } from '../../components/use-form-fields';
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
  const create = useCreateTenant();
  const { form, set, err, setErrors, clear } = useFormFields<Form>(EMPTY, create);

  function close() {
    if (create.isPending) return;
    clear();
    create.reset();
    onClose();
  }

  function onSubmit() {
    const body: CreateTenantBody = { nombre: form.nombre, codigo: form.codigo, cuit: form.cuit, tipo: form.tipo };
    const checked = createTenantBodySchema.safeParse(body);
    const found = checked.success ? {} : issuesByField(checked.error.issues);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(body, {
      onSuccess: (t) => {
        clear();
        onCreated(t.nombre);
      },
    });
  }

  return (
    <FormDialog
      open={open}
      title="Crear Nuevo Tenant"
      submitLabel="Crear Tenant"
      pending={create.isPending}
      onSubmit={onSubmit}
      onClose={close}
      error={create.error}
      errorTitle={ADMIN_ERRORS.create}
    >
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
      <CuitField value={form.cuit} onChange={(v) => set('cuit', v)} error={err('cuit')} />
      <TextField select label="Tipo" value={form.tipo} onChange={(e) => set('tipo', e.target.value as TenantType)}>
        {(Object.keys(TENANT_TYPE_LABELS) as TenantType[]).map((t) => (
          <MenuItem key={t} value={t}>
            {t}
          </MenuItem>
        ))}
      </TextField>
    </FormDialog>
  );
}
