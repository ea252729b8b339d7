import { addDays, buenosAiresDateOf, type CreateCustodyBody, type Custody, type Echeq } from '@echeq/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ChequeFields } from '../../components/cheque-fields';
import { type ChequeValues, checkCheque, chequeBody, chequeValues, isDate } from '../../components/cheque-form';
import { DateLocalization } from '../../components/date-localization';
import { FormDialog } from '../../components/form-dialog';
import { fieldErrorsOf, isApiError } from '../../lib/api-error';
import { useCreateCustody } from './api';
import { CUSTODY_ERRORS } from './custody-format';

type Form = ChequeValues & { notes: string };

const EMPTY: Form = { ...chequeValues(null), notes: '' };

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

/**
 * The cheque's checks, each under its field as in the ECHEQ form (an empty required field too), and a due date whose
 * 30-day presentation period has already passed cannot be deposited.
 */
function checkFields(f: Form, today: string): Errors {
  const e: Errors = checkCheque(f, { required: true });
  if (!e.due_date && isDate(f.issue_date) && isDate(f.due_date) && addDays(f.due_date, 30) < today) {
    e.due_date = 'Su plazo de presentación (30 días) ya venció';
  }
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
  const [form, setForm] = useState<Form>(EMPTY);
  const [missing, setMissing] = useState<string[]>([]);
  const [checked, setChecked] = useState(false);
  const create = useCreateCustody();
  const today = buenosAiresDateOf(new Date());

  const errors = checked ? checkFields(form, today) : {};
  const server = fieldErrorsOf(create.error);
  const set = (key: keyof Form) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (missing.length > 0) setMissing([]);
  };
  const errorOf = (key: keyof Form) => errors[key] ?? server[key];

  function submit() {
    const empty = REQUIRED.filter(([key]) => !form[key].trim()).map(([, label]) => label);
    setMissing(empty);
    setChecked(true);
    if (empty.length > 0) return;
    if (Object.keys(checkFields(form, today)).length > 0) return;
    const body: CreateCustodyBody = {
      ...chequeBody(form),
      ...(form.notes.trim() ? { notes: form.notes.trim() } : {}),
    };
    create.mutate(body, { onSuccess: onCreated });
  }

  const serverMessage =
    create.error && isApiError(create.error) && create.error.isServerAnswer ? create.error.message : null;

  return (
    <FormDialog
      open={open}
      title="Nuevo ECHEQ en Custodia"
      submitLabel="Crear"
      pending={create.isPending}
      onSubmit={submit}
      onClose={onClose}
      grid={false}
      maxWidth="md"
    >
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
          <ChequeFields values={form} onChange={(k, v) => set(k)(v)} errorOf={errorOf} />
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
    </FormDialog>
  );
}
