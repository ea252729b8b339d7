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
import { useState } from 'react';
import { FormDialog } from '../../components/form-dialog';
import { fieldErrorsOf } from '../../lib/api-error';
import { useUpdateTenant } from './api';
import { ADMIN_ERRORS, TENANT_STATUS_MAP } from './tenant-format';

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
  const [nombre, setNombre] = useState(tenant.nombre);
  const [estado, setEstado] = useState<TenantStatus>(tenant.estado);
  const [rate, setRate] = useState(rateToPercentText(tenant.discount_rate));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateTenant();
  const serverErrors = fieldErrorsOf(update.error);

  function onSubmit() {
    const found: Record<string, string> = {};
    if (!nombre.trim()) found.nombre = 'Nombre requerido';
    const parsed = percentTextToRate(rate);
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
      title="Editar tenant"
      submitLabel="Guardar"
      pending={update.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
      error={update.error}
      errorTitle={ADMIN_ERRORS.update}
    >
      <TextField label="Código" value={tenant.codigo} disabled />
      <TextField
        label="Nombre"
        required
        value={nombre}
        onChange={(e) => setNombre(e.target.value)}
        error={Boolean(errors.nombre ?? serverErrors.nombre)}
        helperText={errors.nombre ?? serverErrors.nombre}
      />
      <TextField select label="Estado" value={estado} onChange={(e) => setEstado(e.target.value as TenantStatus)}>
        {(Object.keys(TENANT_STATUS_MAP) as TenantStatus[]).map((s) => (
          <MenuItem key={s} value={s}>
            {TENANT_STATUS_MAP[s].label}
          </MenuItem>
        ))}
      </TextField>
      {deactivating ? (
        <Alert severity="warning">
          Sus {tenant.users_count} usuarios no podrán iniciar sesión y sus sesiones abiertas se cerrarán.
        </Alert>
      ) : null}
      <TextField
        label="Tasa de descuento anual"
        value={rate}
        onChange={(e) => setRate(e.target.value)}
        error={Boolean(errors.discount_rate ?? serverErrors.discount_rate)}
        helperText={
          errors.discount_rate ?? serverErrors.discount_rate ?? 'Tasa nominal anual aplicada al aprobar descuentos'
        }
        slotProps={{
          input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
          htmlInput: { inputMode: 'decimal' },
        }}
      />
    </FormDialog>
  );
}
