import {
  assignableRoles,
  isCompanyRole,
  type Role,
  type UpdateUserBody,
  type User,
  type UserStatus,
  updateUserBodySchema,
} from '@echeq/contract';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { CuitField } from '../../components/cuit-field';
import { FormDialog } from '../../components/form-dialog';
import { issuesByField, useFormFields } from '../../components/use-form-fields';
import { useUpdateUser } from './api';
import { formatCuit, roleLabel, USER_ERRORS, USER_STATUS_MAP } from './user-format';

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
  const update = useUpdateUser();
  const { form, set, err, setErrors } = useFormFields<Form>(() => fromUser(user), update);
  const roles = assignableRoles(actorRole);
  const companyRole = isCompanyRole(form.role);
  const systemAdmin = user.role === 'SYSTEM_ADMIN';

  function onSubmit() {
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
    <FormDialog
      title="Editar usuario"
      submitLabel="Guardar"
      pending={update.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
      error={update.error}
      errorTitle={USER_ERRORS.process}
    >
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
          <CuitField value={form.cuit} onChange={(v) => set('cuit', v)} error={err('cuit')} />
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
    </FormDialog>
  );
}
