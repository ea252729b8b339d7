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
import { CuitField } from '../../components/cuit-field';
import { FormDialog } from '../../components/form-dialog';
import { issuesByField, useFormFields } from '../../components/use-form-fields';
import { tenantChoicesQuery, useCreateUser } from './api';
import { roleLabel, USER_ERRORS } from './user-format';

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
  const { form, set, err, setErrors, clear } = useFormFields<Form>(EMPTY, create);
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
    const checked = createUserBodySchema.safeParse(body);
    const found = checked.success ? {} : issuesByField(checked.error.issues);
    if (choosesTenant && !form.tenant_id) found.tenant_id = 'Seleccione el tenant';
    if (companyRole && !form.cuit.trim()) found.cuit = 'CUIT requerido';
    if (companyRole && !form.company_name.trim()) found.company_name = 'Razón social requerida';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
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
        helperText={err('password') ?? 'Al menos 8 caracteres, con letras y números'}
      />
      <TextField
        select
        label="Rol"
        value={form.role}
        onChange={(e) => set('role', e.target.value as Role)}
        error={Boolean(err('role'))}
        helperText={err('role')}
      >
        {roles.map((r) => (
          <MenuItem key={r} value={r}>
            {roleLabel(r)}
          </MenuItem>
        ))}
      </TextField>
      {choosesTenant ? (
        <TextField
          select
          label="Tenant"
          required
          value={form.tenant_id}
          onChange={(e) => set('tenant_id', e.target.value)}
          error={Boolean(err('tenant_id'))}
          helperText={err('tenant_id') ?? (tenants.isError ? 'No se pudo cargar la lista de tenants' : undefined)}
        >
          {(tenants.data ?? []).map((t) => (
            <MenuItem key={t.id} value={t.id}>
              {t.nombre} ({t.codigo})
            </MenuItem>
          ))}
        </TextField>
      ) : null}
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
          <CuitField
            value={form.cuit}
            onChange={(v) => set('cuit', v)}
            error={err('cuit')}
            helperText="Si la empresa ya existe en el banco, el usuario se suma a ella"
          />
        </>
      ) : null}
      <TextField
        label="Nombre completo"
        value={form.full_name}
        onChange={(e) => set('full_name', e.target.value)}
        error={Boolean(err('full_name'))}
        helperText={err('full_name')}
      />
    </FormDialog>
  );
}
