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
import Typography from '@mui/material/Typography';
import { FormDialog } from '../../components/form-dialog';
import { useFormFields } from '../../components/use-form-fields';
import { useUpdateUser } from './api';
import { CompanyFields, companyErrors, FullNameField, RoleField } from './user-fields';
import { formatCuit, USER_ERRORS, USER_STATUS_MAP } from './user-format';

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
  const { form, set, err, check } = useFormFields<Form>(() => fromUser(user), update);
  const roles = assignableRoles(actorRole);
  const companyRole = isCompanyRole(form.role);
  const systemAdmin = user.role === 'SYSTEM_ADMIN';
  // The server refuses it too: only the system admin sets another bank admin's password or second factor.
  const credentialsLocked = actorRole === 'BANK_ADMIN' && user.role === 'BANK_ADMIN';

  function onSubmit() {
    const body = changes(user, form);
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    if (!check(updateUserBodySchema, body, companyErrors(form, companyRole))) return;
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
      <FullNameField form={form} set={set} err={err} />
      <RoleField
        form={form}
        set={set}
        err={err}
        roles={roles.includes(user.role) ? roles : [user.role]}
        disabled={self || systemAdmin || !roles.includes(user.role)}
        helperText={
          self
            ? 'No puede cambiar su propio rol'
            : systemAdmin
              ? 'Un administrador del sistema no pertenece a ninguna entidad: cree otro usuario para otro rol'
              : undefined
        }
      />
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
      {companyRole ? <CompanyFields form={form} set={set} err={err} /> : null}
      {self ? null : credentialsLocked ? (
        <Typography variant="body2" color="text.secondary">
          Solo el administrador del sistema puede cambiar la contraseña o la verificación en dos pasos de otro
          administrador del banco.
        </Typography>
      ) : (
        <TextField
          label="Nueva contraseña"
          type="password"
          autoComplete="new-password"
          value={form.password}
          onChange={(e) => set('password', e.target.value)}
          error={Boolean(err('password'))}
          helperText={
            err('password') ??
            'Opcional. Es temporal: deberá cambiarla al iniciar sesión. Sus sesiones se cierran al guardarla.'
          }
        />
      )}
      {user.mfa_enabled && !self && !credentialsLocked ? (
        <FormControlLabel
          control={<Checkbox checked={form.reset_mfa} onChange={(e) => set('reset_mfa', e.target.checked)} />}
          label="Desactivar la verificación en dos pasos (dispositivo perdido)"
        />
      ) : null}
    </FormDialog>
  );
}
