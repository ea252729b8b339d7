import {
  assignableRoles,
  isCompanyRole,
  type Role,
  type UpdateUserBody,
  type User,
  type UserStatus,
  updateUserBodySchema,
} from '@echeq/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useState } from 'react';
import { fieldErrorsOf, messageOf } from '../../lib/api-error';
import { useUpdateUser } from './api';
import { cuitInput, formatCuit, issuesByField, roleLabel, USER_ERRORS, USER_STATUS_MAP } from './user-format';

type Form = {
  full_name: string;
  role: Role;
  status: UserStatus;
  company_name: string;
  cuit: string;
  password: string;
  reset_mfa: boolean;
};

const fromUser = (u: User): Form => ({
  full_name: u.full_name ?? '',
  role: u.role,
  status: u.status,
  company_name: isCompanyRole(u.role) ? (u.company_name ?? '') : '',
  cuit: u.cuit ? formatCuit(u.cuit) : '',
  password: '',
  reset_mfa: false,
});

/** Only what changed is sent; company name and CUIT always together. */
function changes(user: User, form: Form): UpdateUserBody {
  const initial = fromUser(user);
  const body: UpdateUserBody = {};
  if (form.full_name.trim() !== initial.full_name) body.full_name = form.full_name.trim() || null;
  if (form.role !== user.role) body.role = form.role;
  if (form.status !== user.status) body.status = form.status;
  if (
    isCompanyRole(form.role) &&
    (form.company_name !== initial.company_name || form.cuit !== initial.cuit || !isCompanyRole(user.role))
  ) {
    body.company_name = form.company_name;
    body.cuit = form.cuit;
  }
  if (form.password) body.password = form.password;
  if (form.reset_mfa) body.reset_mfa = true;
  return body;
}

/**
 * Edits a user: name, role (only those the actor may give), status, company (company roles), a new password and,
 * when it is on, turning two-factor sign-in off. One's own role and status are not editable here.
 */
export function EditUserDialog({
  user,
  actorRole,
  self,
  onClose,
  onSaved,
}: {
  user: User;
  actorRole: Role;
  self: boolean;
  onClose: () => void;
  onSaved: (u: User) => void;
}) {
  const titleId = useId();
  const [form, setForm] = useState<Form>(() => fromUser(user));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateUser();
  const roles = assignableRoles(actorRole);
  const companyRole = isCompanyRole(form.role);
  const systemAdmin = user.role === 'SYSTEM_ADMIN';
  const serverErrors = fieldErrorsOf(update.error);
  const err = (field: string) => errors[field] ?? serverErrors[field];

  const set = <K extends keyof Form>(field: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => {
      const { [field]: _drop, ...rest } = e;
      return rest;
    });
    if (update.isError) update.reset();
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = changes(user, form);
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    const checked = updateUserBodySchema.safeParse(body);
    const found = checked.success ? {} : issuesByField(checked.error.issues);
    if (companyRole && !form.company_name.trim()) found.company_name = 'Razón social requerida';
    if (companyRole && !form.cuit.trim()) found.cuit = 'CUIT requerido';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    update.mutate({ id: user.id, body }, { onSuccess: onSaved });
  }

  return (
    <Dialog open onClose={update.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Editar usuario">
        <DialogTitle id={titleId}>Editar usuario</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {update.isError ? (
            <Alert severity="error" role="alert">
              <AlertTitle>{USER_ERRORS.process}</AlertTitle>
              {messageOf(update.error, 'No se pudo conectar con el servidor.')}
            </Alert>
          ) : null}
          <TextField label="Email" value={user.email} disabled />
          <TextField
            label="Nombre completo"
            value={form.full_name}
            onChange={(e) => set('full_name', e.target.value)}
            error={Boolean(err('full_name'))}
            helperText={err('full_name')}
          />
          <TextField
            select
            label="Rol"
            value={form.role}
            disabled={self || systemAdmin || !roles.includes(user.role)}
            onChange={(e) => set('role', e.target.value as Role)}
            error={Boolean(err('role'))}
            helperText={
              err('role') ??
              (self
                ? 'No puede cambiar su propio rol'
                : systemAdmin
                  ? 'Un administrador del sistema no pertenece a ninguna entidad: cree otro usuario para otro rol'
                  : undefined)
            }
          >
            {(roles.includes(user.role) ? roles : [user.role]).map((r) => (
              <MenuItem key={r} value={r}>
                {roleLabel(r)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Estado"
            value={form.status}
            disabled={self}
            onChange={(e) => set('status', e.target.value as UserStatus)}
            error={Boolean(err('status'))}
            helperText={
              err('status') ??
              (self
                ? 'No puede cambiar su propio estado'
                : form.status !== 'ACTIVE' && form.status !== user.status
                  ? 'Sus sesiones se cerrarán de inmediato'
                  : undefined)
            }
          >
            {(Object.keys(USER_STATUS_MAP) as UserStatus[]).map((s) => (
              <MenuItem key={s} value={s}>
                {USER_STATUS_MAP[s].label}
              </MenuItem>
            ))}
          </TextField>
          {companyRole ? (
            <>
              <TextField
                label="Nombre de la empresa"
                required
                value={form.company_name}
                onChange={(e) => set('company_name', e.target.value)}
                error={Boolean(err('company_name'))}
                helperText={err('company_name')}
              />
              <TextField
                label="CUIT"
                required
                value={form.cuit}
                onChange={(e) => set('cuit', cuitInput(e.target.value))}
                error={Boolean(err('cuit'))}
                helperText={err('cuit')}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
            </>
          ) : null}
          {self ? null : (
            <TextField
              label="Nueva contraseña"
              type="password"
              autoComplete="new-password"
              value={form.password}
              onChange={(e) => set('password', e.target.value)}
              error={Boolean(err('password'))}
              helperText={err('password') ?? 'Opcional. Al cambiarla se cierran sus sesiones.'}
            />
          )}
          {user.mfa_enabled && !self ? (
            <FormControlLabel
              control={<Checkbox checked={form.reset_mfa} onChange={(e) => set('reset_mfa', e.target.checked)} />}
              label="Desactivar la verificación en dos pasos (dispositivo perdido)"
            />
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={update.isPending}>
            Cancelar
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={update.isPending}
            startIcon={update.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            Guardar
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
