import {
  percentTextToRate,
  rateToPercentText,
  type Tenant,
  type TenantStatus,
  type UpdateTenantBody,
} from '@echeq/contract';
import Alert from '@mui/material/Alert';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { FormDialog } from '../../components/form-dialog';
import { useFormFields } from '../../components/use-form-fields';
import { formatNumber } from '../../lib/format';
import { useUpdateTenant } from './api';
import { CodigoField, NombreField } from './tenant-fields';
import { ADMIN_ERRORS, TENANT_STATUS_MAP } from './tenant-format';

type Form = { nombre: string; estado: TenantStatus; discount_rate: string };

/**
 * Edits a tenant: nombre, estado (deactivating signs its users out and keeps them out) and the annual discount rate
 * the bank applies when it approves a discount.
 */
export function EditTenantDialog({
  tenant,
  onClose,
  onSaved,
}: {
  tenant: Tenant;
  onClose: () => void;
  onSaved: (t: Tenant) => void;
}) {
  const update = useUpdateTenant();
  const { form, set, err, setErrors } = useFormFields<Form>(
    () => ({ nombre: tenant.nombre, estado: tenant.estado, discount_rate: rateToPercentText(tenant.discount_rate) }),
    update,
  );
  const { nombre, estado } = form;

  function onSubmit() {
    const found: Record<string, string> = {};
    if (!nombre.trim()) found.nombre = 'Nombre requerido';
    const parsed = percentTextToRate(form.discount_rate);
    if (parsed === null || parsed > 1) found.discount_rate = 'Ingrese un porcentaje entre 0 y 100 (hasta 4 decimales)';
    setErrors(found);
    if (Object.keys(found).length > 0 || parsed === null) return;
    const body: UpdateTenantBody = {};
    if (nombre.trim() !== tenant.nombre) body.nombre = nombre.trim();
    if (estado !== tenant.estado) body.estado = estado;
    if (parsed !== tenant.discount_rate) body.discount_rate = parsed;
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    update.mutate({ id: tenant.id, body }, { onSuccess: onSaved });
  }

  const deactivating = estado === 'INACTIVO' && tenant.estado === 'ACTIVO';
  return (
    <FormDialog
      title="Editar entidad"
      submitLabel="Guardar"
      pending={update.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
      error={update.error}
      errorTitle={ADMIN_ERRORS.update}
    >
      <CodigoField value={tenant.codigo} locked />
      <NombreField value={nombre} onChange={(v) => set('nombre', v)} error={err('nombre')} />
      <TextField select label="Estado" value={estado} onChange={(e) => set('estado', e.target.value as TenantStatus)}>
        {(Object.keys(TENANT_STATUS_MAP) as TenantStatus[]).map((s) => (
          <MenuItem key={s} value={s}>
            {TENANT_STATUS_MAP[s].label}
          </MenuItem>
        ))}
      </TextField>
      {deactivating ? (
        <Alert severity="warning">
          {tenant.users_count === 1
            ? 'Su usuario no podrá iniciar sesión y su sesión abierta se cerrará.'
            : `Sus ${formatNumber(tenant.users_count)} usuarios no podrán iniciar sesión y sus sesiones abiertas se cerrarán.`}
        </Alert>
      ) : null}
      <TextField
        label="Tasa de descuento anual"
        value={form.discount_rate}
        onChange={(e) => set('discount_rate', e.target.value)}
        error={Boolean(err('discount_rate'))}
        helperText={err('discount_rate') ?? 'Tasa nominal anual aplicada al aprobar descuentos'}
        slotProps={{
          input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
          htmlInput: { inputMode: 'decimal' },
        }}
      />
    </FormDialog>
  );
}
