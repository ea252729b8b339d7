import { type CreateCustodyBody, type Custody, type Echeq, isValidCuit, MAX_TERM_DAYS } from '@echeq/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
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
import { fieldErrorsOf, isApiError } from '../../lib/api-error';
import { useCreateCustody } from './api';
import { addDays, CUSTODY_ERRORS, daysBetween, parseAmount, todayInBuenosAires } from './custody-format';

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
  notes: string;
};

const EMPTY: Form = {
  number: '',
  amount: '',
  currency: 'ARS',
  issue_date: '',
  due_date: '',
  issuer: '',
  issuer_cuit: '',
  beneficiary: '',
  beneficiary_cuit: '',
  notes: '',
};

/** The required fields in the order the 'Campos requeridos: ' message names them (specification §5). */
const REQUIRED: [keyof Form, string][] = [
  ['number', 'Número'],
  ['amount', 'Monto'],
  ['issue_date', 'Fecha de Emisión'],
  ['due_date', 'Fecha de Vencimiento'],
  ['issuer', 'Emisor'],
  ['beneficiary', 'Beneficiario'],
];

type Errors = Partial<Record<keyof Form, string>>;

/** Field checks beyond presence, mirroring the server's rules so a person learns them before sending. */
function checkFields(f: Form, today: string): Errors {
  const e: Errors = {};
  if (f.number.trim() && !/^[A-Za-z0-9][A-Za-z0-9-]{0,29}$/.test(f.number.trim())) {
    e.number = 'De 1 a 30 letras, dígitos o guiones';
  }
  const amount = parseAmount(f.amount);
  if (f.amount.trim() && amount === null) e.amount = 'Monto inválido: use números con hasta dos decimales';
  else if (amount !== null && amount <= 0) e.amount = 'El monto debe ser mayor que cero';
  else if (amount !== null && amount > 999_999_999_999.99) e.amount = 'El monto supera el máximo permitido';
  if (f.issue_date === 'invalid') e.issue_date = 'Fecha inválida';
  if (f.due_date === 'invalid') e.due_date = 'Fecha inválida';
  if (/^\d{4}-/.test(f.issue_date) && /^\d{4}-/.test(f.due_date)) {
    const days = daysBetween(f.issue_date, f.due_date);
    if (days < 0) e.due_date = 'No puede ser anterior a la fecha de emisión';
    else if (days > MAX_TERM_DAYS) e.due_date = `Como máximo ${MAX_TERM_DAYS} días después de la emisión`;
    else if (addDays(f.due_date, 30) < today) e.due_date = 'Su plazo de presentación (30 días) ya venció';
  }
  if (f.issuer_cuit.trim() && !isValidCuit(f.issuer_cuit)) e.issuer_cuit = 'CUIT inválido';
  if (f.beneficiary_cuit.trim() && !isValidCuit(f.beneficiary_cuit)) e.beneficiary_cuit = 'CUIT inválido';
  return e;
}

type Props = {
  open: boolean;
  onClose: () => void;
  onCreated: (result: { echeq: Echeq; custody: Custody }) => void;
};

/** 'Nuevo ECHEQ en Custodia' (medium width): the cheque's fields; nothing is sent while a required one is empty. */
export function CustodyFormDialog(props: Props) {
  // Mounted only while open, so every opening starts with an empty form.
  return props.open ? <CustodyForm {...props} /> : null;
}

function CustodyForm({ open, onClose, onCreated }: Props) {
  const titleId = useId();
  const [form, setForm] = useState<Form>(EMPTY);
  const [missing, setMissing] = useState<string[]>([]);
  const [checked, setChecked] = useState(false);
  const create = useCreateCustody();
  const today = todayInBuenosAires();

  const errors = checked ? checkFields(form, today) : {};
  const server = fieldErrorsOf(create.error);
  const set = (key: keyof Form) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (missing.length > 0) setMissing([]);
  };
  const errorOf = (key: keyof Form) => errors[key] ?? server[key];

  function submit(e: FormEvent) {
    e.preventDefault();
    const empty = REQUIRED.filter(([key]) => !form[key].trim()).map(([, label]) => label);
    setMissing(empty);
    if (empty.length > 0) return;
    setChecked(true);
    if (Object.keys(checkFields(form, today)).length > 0) return;
    const body: CreateCustodyBody = {
      number: form.number.trim(),
      amount: parseAmount(form.amount) as number,
      currency: form.currency,
      issue_date: form.issue_date,
      due_date: form.due_date,
      issuer: form.issuer.trim(),
      beneficiary: form.beneficiary.trim(),
      ...(form.issuer_cuit.trim() ? { issuer_cuit: form.issuer_cuit.trim() } : {}),
      ...(form.beneficiary_cuit.trim() ? { beneficiary_cuit: form.beneficiary_cuit.trim() } : {}),
      ...(form.notes.trim() ? { notes: form.notes.trim() } : {}),
    };
    create.mutate(body, { onSuccess: onCreated });
  }

  const serverMessage =
    create.error && isApiError(create.error) && create.error.isServerAnswer ? create.error.message : null;
  const isMissing = (key: keyof Form) => missing.length > 0 && !form[key].trim();

  return (
    <Dialog
      open={open}
      onClose={create.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>Nuevo ECHEQ en Custodia</DialogTitle>
        <DialogContent>
          <DateLocalization>
            <Grid container spacing={2} sx={{ pt: 1 }}>
              {missing.length > 0 ? (
                <Grid size={12}>
                  <Alert severity="warning" role="alert">
                    Campos requeridos: {missing.join(', ')}
                  </Alert>
                </Grid>
              ) : null}
              {create.isError ? (
                <Grid size={12}>
                  <Alert severity="error" role="alert">
                    {serverMessage ? <AlertTitle>{CUSTODY_ERRORS.create}</AlertTitle> : null}
                    {serverMessage ?? CUSTODY_ERRORS.create}
                  </Alert>
                </Grid>
              ) : null}
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  required
                  fullWidth
                  autoFocus
                  label="Número"
                  name="number"
                  value={form.number}
                  onChange={(e) => set('number')(e.target.value)}
                  error={isMissing('number') || Boolean(errorOf('number'))}
                  helperText={errorOf('number') ?? 'Número del ECHEQ'}
                  slotProps={{ htmlInput: { maxLength: 30, autoComplete: 'off' } }}
                />
              </Grid>
              <Grid size={{ xs: 8, sm: 4 }}>
                <TextField
                  required
                  fullWidth
                  label="Monto"
                  name="amount"
                  value={form.amount}
                  onChange={(e) => set('amount')(e.target.value)}
                  error={isMissing('amount') || Boolean(errorOf('amount'))}
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
              <Grid size={{ xs: 12, sm: 6 }}>
                <DateInput
                  required
                  label="Fecha de Emisión"
                  name="issue_date"
                  value={form.issue_date}
                  onChange={set('issue_date')}
                  error={isMissing('issue_date') || Boolean(errorOf('issue_date'))}
                  helperText={errorOf('issue_date')}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <DateInput
                  required
                  label="Fecha de Vencimiento"
                  name="due_date"
                  value={form.due_date}
                  onChange={set('due_date')}
                  error={isMissing('due_date') || Boolean(errorOf('due_date'))}
                  helperText={errorOf('due_date') ?? `Hasta ${MAX_TERM_DAYS} días después de la emisión`}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 7 }}>
                <TextField
                  required
                  fullWidth
                  label="Emisor"
                  name="issuer"
                  value={form.issuer}
                  onChange={(e) => set('issuer')(e.target.value)}
                  error={isMissing('issuer') || Boolean(errorOf('issuer'))}
                  helperText={errorOf('issuer')}
                  slotProps={{ htmlInput: { maxLength: 200 } }}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 5 }}>
                <TextField
                  fullWidth
                  label="CUIT del emisor"
                  name="issuer_cuit"
                  value={form.issuer_cuit}
                  onChange={(e) => set('issuer_cuit')(e.target.value)}
                  error={Boolean(errorOf('issuer_cuit'))}
                  helperText={errorOf('issuer_cuit') ?? 'Opcional (30-12345678-9)'}
                  slotProps={{ htmlInput: { maxLength: 13, inputMode: 'numeric', autoComplete: 'off' } }}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 7 }}>
                <TextField
                  required
                  fullWidth
                  label="Beneficiario"
                  name="beneficiary"
                  value={form.beneficiary}
                  onChange={(e) => set('beneficiary')(e.target.value)}
                  error={isMissing('beneficiary') || Boolean(errorOf('beneficiary'))}
                  helperText={errorOf('beneficiary')}
                  slotProps={{ htmlInput: { maxLength: 200 } }}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 5 }}>
                <TextField
                  fullWidth
                  label="CUIT del beneficiario"
                  name="beneficiary_cuit"
                  value={form.beneficiary_cuit}
                  onChange={(e) => set('beneficiary_cuit')(e.target.value)}
                  error={Boolean(errorOf('beneficiary_cuit'))}
                  helperText={errorOf('beneficiary_cuit') ?? 'Opcional'}
                  slotProps={{ htmlInput: { maxLength: 13, inputMode: 'numeric', autoComplete: 'off' } }}
                />
              </Grid>
              <Grid size={12}>
                <TextField
                  fullWidth
                  multiline
                  minRows={2}
                  label="Notas"
                  name="notes"
                  value={form.notes}
                  onChange={(e) => set('notes')(e.target.value)}
                  helperText={errorOf('notes') ?? 'Opcional'}
                  error={Boolean(errorOf('notes'))}
                  slotProps={{ htmlInput: { maxLength: 1000 } }}
                />
              </Grid>
            </Grid>
          </DateLocalization>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={create.isPending}>
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
