import {
  type CreateEcheqBody,
  type Echeq,
  type EcheqStatus,
  isValidCuit,
  MAX_TERM_DAYS,
  type UpdateEcheqBody,
} from '@echeq/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useState } from 'react';
import { DateInput } from '../../components/date-input';
import { DateLocalization } from '../../components/date-localization';
import { fieldErrorsOf } from '../../lib/api-error';
import { useCreateEcheq, useUpdateEcheq } from './api';
import {
  daysBetween,
  ECHEQ_ERRORS,
  ECHEQ_STATUS_MAP,
  ECHEQ_STATUSES,
  parseAmount,
  saveErrorMessage,
} from './echeq-format';

type Form = {
  number: string;
  amount: string;
  currency: 'ARS' | 'USD';
  issue_date: string;
  due_date: string;
  issuer: string;
  issuer_cuit: string;
  beneficiary: string;
  beneficiary_cuit: string;
  status: EcheqStatus;
};

type Errors = Partial<Record<keyof Form, string>>;

function formOf(e: Echeq | null): Form {
  return {
    number: e?.number ?? '',
    amount: e ? String(e.amount) : '',
    currency: e?.currency ?? 'ARS',
    issue_date: e?.issue_date ?? '',
    due_date: e?.due_date ?? '',
    issuer: e?.issuer ?? '',
    issuer_cuit: e?.issuer_cuit ?? '',
    beneficiary: e?.beneficiary ?? '',
    beneficiary_cuit: e?.beneficiary_cuit ?? '',
    status: e?.status ?? 'ACTIVE',
  };
}

function check(f: Form, isEdit: boolean): Errors {
  const e: Errors = {};
  if (!isEdit) {
    if (!f.number.trim()) e.number = 'Ingrese el número';
    else if (!/^[A-Za-z0-9][A-Za-z0-9-]{0,29}$/.test(f.number.trim())) e.number = 'De 1 a 30 letras, dígitos o guiones';
  }
  const amount = parseAmount(f.amount);
  if (!f.amount.trim()) e.amount = 'Ingrese el monto';
  else if (amount === null) e.amount = 'Monto inválido: use números con hasta dos decimales';
  else if (amount <= 0) e.amount = 'El monto debe ser mayor que cero';
  else if (amount > 999_999_999_999.99) e.amount = 'El monto supera el máximo permitido';
  if (!f.issue_date) e.issue_date = 'Ingrese la fecha de emisión';
  else if (f.issue_date === 'invalid') e.issue_date = 'Fecha inválida';
  if (!f.due_date) e.due_date = 'Ingrese la fecha de vencimiento';
  else if (f.due_date === 'invalid') e.due_date = 'Fecha inválida';
  if (!e.issue_date && !e.due_date) {
    const days = daysBetween(f.issue_date, f.due_date);
    if (days < 0) e.due_date = 'No puede ser anterior a la fecha de emisión';
    else if (days > MAX_TERM_DAYS) e.due_date = `Como máximo ${MAX_TERM_DAYS} días después de la emisión`;
  }
  if (!f.issuer.trim()) e.issuer = 'Ingrese el emisor';
  if (!f.beneficiary.trim()) e.beneficiary = 'Ingrese el beneficiario';
  if (f.issuer_cuit.trim() && !isValidCuit(f.issuer_cuit)) e.issuer_cuit = 'CUIT inválido';
  if (f.beneficiary_cuit.trim() && !isValidCuit(f.beneficiary_cuit)) e.beneficiary_cuit = 'CUIT inválido';
  return e;
}

type Props = {
  open: boolean;
  /** The cheque being edited; null creates a new one. */
  editing: Echeq | null;
  /** False when the clearing house is known not to be configured: nothing can be saved. */
  clearingReady: boolean | null;
  onClose: () => void;
  onSaved: (e: Echeq, created: boolean) => void;
};

/** 'Nuevo ECHEQ' / 'Editar ECHEQ': the number is locked when editing; Cancelar and Crear/Actualizar. */
export function EcheqFormDialog(props: Props) {
  return props.open ? <EcheqForm {...props} /> : null;
}

function EcheqForm({ open, editing, clearingReady, onClose, onSaved }: Props) {
  const titleId = useId();
  const isEdit = Boolean(editing);
  const [form, setForm] = useState<Form>(() => formOf(editing));
  const [checked, setChecked] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const create = useCreateEcheq();
  const update = useUpdateEcheq();
  const mutation = isEdit ? update : create;

  const errors = checked ? check(form, isEdit) : {};
  const server = fieldErrorsOf(mutation.error);
  const errorOf = (k: keyof Form) => errors[k] ?? server[k];
  const set = (k: keyof Form) => (v: string) => setForm((f) => ({ ...f, [k]: v }));

  function submit(ev: FormEvent) {
    ev.preventDefault();
    if (clearingReady === false) {
      setBlocked(true);
      return;
    }
    setChecked(true);
    if (Object.keys(check(form, isEdit)).length > 0) return;
    const fields = {
      amount: parseAmount(form.amount) as number,
      currency: form.currency,
      issue_date: form.issue_date,
      due_date: form.due_date,
      issuer: form.issuer.trim(),
      beneficiary: form.beneficiary.trim(),
      status: form.status,
    };
    if (editing) {
      const body: UpdateEcheqBody = {
        ...fields,
        issuer_cuit: form.issuer_cuit.trim() || null,
        beneficiary_cuit: form.beneficiary_cuit.trim() || null,
        version: editing.version,
      };
      update.mutate({ id: editing.id, body }, { onSuccess: (e) => onSaved(e, false) });
    } else {
      const body: CreateEcheqBody = {
        ...fields,
        number: form.number.trim(),
        ...(form.issuer_cuit.trim() ? { issuer_cuit: form.issuer_cuit.trim() } : {}),
        ...(form.beneficiary_cuit.trim() ? { beneficiary_cuit: form.beneficiary_cuit.trim() } : {}),
      };
      create.mutate(body, { onSuccess: (e) => onSaved(e, true) });
    }
  }

  const text = (k: keyof Form, label: string, opts: { required?: boolean; help?: string; max?: number } = {}) => (
    <TextField
      required={opts.required}
      fullWidth
      label={label}
      name={k}
      value={form[k]}
      onChange={(e) => set(k)(e.target.value)}
      error={Boolean(errorOf(k))}
      helperText={errorOf(k) ?? opts.help}
      slotProps={{ htmlInput: { maxLength: opts.max ?? 200, autoComplete: 'off' } }}
    />
  );

  return (
    <Dialog
      open={open}
      onClose={mutation.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{isEdit ? `Editar ECHEQ N° ${editing?.number}` : 'Nuevo ECHEQ'}</DialogTitle>
        <DialogContent>
          <DateLocalization>
            <Grid container spacing={2} sx={{ pt: 1 }}>
              {blocked || clearingReady === false ? (
                <Grid size={12}>
                  <Alert severity="error" role="alert">
                    {ECHEQ_ERRORS.blocked}
                  </Alert>
                </Grid>
              ) : null}
              {mutation.isError ? (
                <Grid size={12}>
                  <Alert severity="error" role="alert">
                    {saveErrorMessage(mutation.error)}
                  </Alert>
                </Grid>
              ) : null}
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  required
                  fullWidth
                  autoFocus={!isEdit}
                  label="Número"
                  name="number"
                  value={form.number}
                  onChange={(e) => set('number')(e.target.value)}
                  disabled={isEdit}
                  error={Boolean(errorOf('number'))}
                  helperText={errorOf('number') ?? (isEdit ? 'El número no puede modificarse' : 'Número del ECHEQ')}
                  slotProps={{ htmlInput: { maxLength: 30, autoComplete: 'off' } }}
                />
              </Grid>
              <Grid size={{ xs: 8, sm: 4 }}>
                <TextField
                  required
                  fullWidth
                  autoFocus={isEdit}
                  label="Monto"
                  name="amount"
                  value={form.amount}
                  onChange={(e) => set('amount')(e.target.value)}
                  error={Boolean(errorOf('amount'))}
                  helperText={errorOf('amount') ?? 'Hasta dos decimales'}
                  slotProps={{
                    htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
                    input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                  }}
                />
              </Grid>
              <Grid size={{ xs: 4, sm: 2 }}>
                <TextField
                  select
                  fullWidth
                  label="Moneda"
                  name="currency"
                  value={form.currency}
                  onChange={(e) => set('currency')(e.target.value)}
                >
                  <MenuItem value="ARS">ARS</MenuItem>
                  <MenuItem value="USD">USD</MenuItem>
                </TextField>
              </Grid>
              <Grid size={{ xs: 12, sm: 7 }}>{text('issuer', 'Emisor', { required: true })}</Grid>
              <Grid size={{ xs: 12, sm: 5 }}>
                {text('issuer_cuit', 'CUIT del emisor', { help: 'Opcional (30-12345678-9)', max: 13 })}
              </Grid>
              <Grid size={{ xs: 12, sm: 7 }}>{text('beneficiary', 'Beneficiario', { required: true })}</Grid>
              <Grid size={{ xs: 12, sm: 5 }}>
                {text('beneficiary_cuit', 'CUIT del beneficiario', { help: 'Opcional', max: 13 })}
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <DateInput
                  required
                  label="Fecha de Emisión"
                  name="issue_date"
                  value={form.issue_date}
                  onChange={set('issue_date')}
                  error={Boolean(errorOf('issue_date'))}
                  helperText={errorOf('issue_date')}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <DateInput
                  required
                  label="Fecha de Vencimiento"
                  name="due_date"
                  value={form.due_date}
                  onChange={set('due_date')}
                  error={Boolean(errorOf('due_date'))}
                  helperText={errorOf('due_date') ?? `Hasta ${MAX_TERM_DAYS} días después de la emisión`}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <TextField
                  select
                  fullWidth
                  label="Estado"
                  name="status"
                  value={form.status}
                  onChange={(e) => set('status')(e.target.value)}
                  error={Boolean(errorOf('status'))}
                  helperText={errorOf('status')}
                >
                  {ECHEQ_STATUSES.map((s) => (
                    <MenuItem key={s} value={s}>
                      {ECHEQ_STATUS_MAP[s].label}
                    </MenuItem>
                  ))}
                </TextField>
              </Grid>
            </Grid>
          </DateLocalization>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={mutation.isPending}>
            Cancelar
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={mutation.isPending}
            startIcon={mutation.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {isEdit ? 'Actualizar' : 'Crear'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
