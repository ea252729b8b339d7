import type { Role } from '@echeq/contract';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { CuitField } from '../../components/cuit-field';
import { roleLabel } from './user-format';

/** The fields the create and edit dialogs share, with their values, a setter and each field's message. */
type Fields = { role: Role; company_name: string; cuit: string; full_name: string };
type Props<F extends Fields> = {
  form: F;
  set: <K extends keyof F & string>(field: K, value: F[K]) => void;
  err: (field: keyof F & string) => string | undefined;
};

/** A company role's company and CUIT must both be given (the server says so too; this says it before sending). */
export function companyErrors(form: Fields, companyRole: boolean): Record<string, string> {
  const found: Record<string, string> = {};
  if (companyRole && !form.company_name.trim()) found.company_name = 'Razón social requerida';
  if (companyRole && !form.cuit.trim()) found.cuit = 'CUIT requerido';
  return found;
}

/** 'Rol': the roles offered, by their Spanish names. */
export function RoleField<F extends Fields>({
  form,
  set,
  err,
  roles,
  disabled,
  helperText,
}: Props<F> & { roles: readonly Role[]; disabled?: boolean; helperText?: string }) {
  return (
    <TextField
      select
      label="Rol"
      value={form.role}
      disabled={disabled}
      onChange={(e) => set('role', e.target.value as F['role'])}
      error={Boolean(err('role'))}
      helperText={err('role') ?? helperText}
    >
      {roles.map((r) => (
        <MenuItem key={r} value={r}>
          {roleLabel(r)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A company user's company: its name and CUIT (digits and hyphens only). */
export function CompanyFields<F extends Fields>({ form, set, err, cuitHelp }: Props<F> & { cuitHelp?: string }) {
  return (
    <>
      <TextField
        label="Nombre de la empresa"
        required
        value={form.company_name}
        onChange={(e) => set('company_name', e.target.value as F['company_name'])}
        error={Boolean(err('company_name'))}
        helperText={err('company_name')}
      />
      <CuitField
        value={form.cuit}
        onChange={(v) => set('cuit', v as F['cuit'])}
        error={err('cuit')}
        helperText={cuitHelp}
      />
    </>
  );
}

/** 'Nombre completo' (optional). */
export function FullNameField<F extends Fields>({ form, set, err }: Props<F>) {
  return (
    <TextField
      label="Nombre completo"
      value={form.full_name}
      onChange={(e) => set('full_name', e.target.value as F['full_name'])}
      error={Boolean(err('full_name'))}
      helperText={err('full_name')}
    />
  );
}
