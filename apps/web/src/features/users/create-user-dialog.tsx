import {
  assignableRoles,
  type CreateUserBody,
  createUserBodySchema,
  DEFAULT_NEW_USER_ROLE,
  isCompanyRole,
  type Role,
} from '@echeq/contract';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { FormDialog } from '../../components/form-dialog';
import { useFormFields } from '../../components/use-form-fields';
import { tenantChoicesQuery, useCreateUser } from './api';
import { CompanyFields, companyErrors, FullNameField, RoleField } from './user-fields';
import { USER_ERRORS } from './user-format';

type Form = {
  email: string;
  password: string;
  role: Role;
  company_name: string;
  cuit: string;
  full_name: string;
  tenant_id: string;
};

const EMPTY: Form = {
  email: '',
  password: '',
  role: DEFAULT_NEW_USER_ROLE,
  company_name: '',
  cuit: '',
  full_name: '',
  tenant_id: '',
};

/**
 * 'Nuevo Usuario': email, password, role (only those the actor may give; COMPANY_USER by default), company name
 * and CUIT for company roles, and the tenant when a system admin creates it. Checked with the contract's schema
 * before it is sent; the server's field messages are shown under their fields.
 */
export function CreateUserDialog({
  open,
  actorRole,
  onClose,
  onCreated,
}: {
  open: boolean;
  actorRole: Role;
  onClose: () => void;
  onCreated: (email: string) => void;
}) {
  const create = useCreateUser();
  const { form, set, err, check, clear } = useFormFields<Form>(EMPTY, create);
  const roles = assignableRoles(actorRole);
  const companyRole = isCompanyRole(form.role);
  const choosesTenant = actorRole === 'SYSTEM_ADMIN' && form.role !== 'SYSTEM_ADMIN';
  const tenants = useQuery({ ...tenantChoicesQuery(), enabled: open && actorRole === 'SYSTEM_ADMIN' });

  function close() {
    if (create.isPending) return;
    clear();
    create.reset();
    onClose();
  }

  function onSubmit() {
    const body: CreateUserBody = {
      email: form.email,
      password: form.password,
      role: form.role,
      ...(companyRole ? { company_name: form.company_name, cuit: form.cuit } : {}),
      ...(form.full_name.trim() ? { full_name: form.full_name.trim() } : {}),
      ...(choosesTenant && form.tenant_id ? { tenant_id: form.tenant_id } : {}),
    };
    const extra = companyErrors(form, companyRole);
    if (choosesTenant && !form.tenant_id) extra.tenant_id = 'Seleccione la entidad';
    if (!check(createUserBodySchema, body, extra)) return;
    create.mutate(body, {
      onSuccess: (user) => {
        clear();
        onCreated(user.email);
      },
    });
  }

  return (
    <FormDialog
      open={open}
      title="Nuevo Usuario"
      submitLabel="Crear"
      pending={create.isPending}
      onSubmit={onSubmit}
      onClose={close}
      error={create.error}
      errorTitle={USER_ERRORS.create}
    >
      <TextField
        label="Email"
        type="email"
        required
        autoComplete="off"
        value={form.email}
        onChange={(e) => set('email', e.target.value)}
        error={Boolean(err('email'))}
        helperText={err('email')}
      />
      <TextField
        label="Contraseña"
        type="password"
        required
        autoComplete="new-password"
        value={form.password}
        onChange={(e) => set('password', e.target.value)}
        error={Boolean(err('password'))}
        helperText={
          err('password') ??
          'Temporal: al menos 12 caracteres, difícil de adivinar. Deberá cambiarla al iniciar sesión.'
        }
      />
      <RoleField form={form} set={set} err={err} roles={roles} />
      {choosesTenant ? (
        <TextField
          select
          label="Entidad"
          required
          value={form.tenant_id}
          onChange={(e) => set('tenant_id', e.target.value)}
          error={Boolean(err('tenant_id'))}
          helperText={err('tenant_id') ?? (tenants.isError ? 'No se pudo cargar la lista de entidades' : undefined)}
        >
          {(tenants.data ?? []).map((t) => (
            <MenuItem key={t.id} value={t.id}>
              {t.nombre} ({t.codigo})
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      {companyRole ? (
        <CompanyFields
          form={form}
          set={set}
          err={err}
          cuitHelp="Si la empresa ya existe en el banco, el usuario se suma a ella"
        />
      ) : null}
      <FullNameField form={form} set={set} err={err} />
    </FormDialog>
  );
}
