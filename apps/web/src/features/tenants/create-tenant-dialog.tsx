import { type CreateTenantBody, createTenantBodySchema, TENANT_TYPE_LABELS, type TenantType } from '@echeq/contract';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { CuitField } from '../../components/cuit-field';
import { FormDialog } from '../../components/form-dialog';
import { useFormFields } from '../../components/use-form-fields';
import { useCreateTenant } from './api';
import { CodigoField, NombreField } from './tenant-fields';
import { ADMIN_ERRORS } from './tenant-format';

type Form = { nombre: string; codigo: string; cuit: string; tipo: TenantType };
const EMPTY: Form = { nombre: '', codigo: '', cuit: '', tipo: 'BANCO' };

/** 'Nueva entidad' (from 'Crear Nuevo Tenant'): nombre, código (unique), CUIT (check digit) and tipo (BANCO by default). */
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
  const { form, set, err, check, clear } = useFormFields<Form>(EMPTY, create);

  function close() {
    if (create.isPending) return;
    clear();
    create.reset();
    onClose();
  }

  function onSubmit() {
    const body: CreateTenantBody = { nombre: form.nombre, codigo: form.codigo, cuit: form.cuit, tipo: form.tipo };
    if (!check(createTenantBodySchema, body)) return;
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
      title="Nueva entidad"
      submitLabel="Crear entidad"
      pending={create.isPending}
      onSubmit={onSubmit}
      onClose={close}
      error={create.error}
      errorTitle={ADMIN_ERRORS.create}
    >
      <NombreField value={form.nombre} onChange={(v) => set('nombre', v)} error={err('nombre')} />
      <CodigoField value={form.codigo} onChange={(v) => set('codigo', v)} error={err('codigo')} />
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
