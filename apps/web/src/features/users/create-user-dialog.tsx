import {
  assignableRoles,
  type CreateUserBody,
  createUserBodySchema,
  DEFAULT_NEW_USER_ROLE,
  isCompanyRole,
  type Role,
} from '@echeq/contract';
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
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { fieldErrorsOf, messageOf } from '../../lib/api-error';
import { tenantChoicesQuery, useCreateUser } from './api';
import { cuitInput, issuesByField, roleLabel, USER_ERRORS } from './user-format';

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
  const titleId = useId();
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateUser();
  const roles = assignableRoles(actorRole);
  const companyRole = isCompanyRole(form.role);
  const choosesTenant = actorRole === 'SYSTEM_ADMIN' && form.role !== 'SYSTEM_ADMIN';
  const tenants = useQuery({ ...tenantChoicesQuery(), enabled: open && actorRole === 'SYSTEM_ADMIN' });
  const serverErrors = fieldErrorsOf(create.error);
  const err = (field: keyof Form) => errors[field] ?? serverErrors[field];

  const set = (field: keyof Form, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => {
      const { [field]: _drop, ...rest } = e;
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
        setForm(EMPTY);
        setErrors({});
        onCreated(user.email);
      },
    });
  }

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Nuevo Usuario">
        <DialogTitle id={titleId}>Nuevo Usuario</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {create.isError ? (
            <Alert severity="error" role="alert">
              <AlertTitle>{USER_ERRORS.create}</AlertTitle>
              {messageOf(create.error, 'No se pudo conectar con el servidor.')}
            </Alert>
          ) : null}
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
            onChange={(e) => set('role', e.target.value)}
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
              <TextField
                label="CUIT"
                required
                placeholder="30-12345678-9"
                value={form.cuit}
                onChange={(e) => set('cuit', cuitInput(e.target.value))}
                error={Boolean(err('cuit'))}
                helperText={err('cuit') ?? 'Si la empresa ya existe en el banco, el usuario se suma a ella'}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
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
            Crear
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
