import type { CreateEcheqBody, Echeq, EcheqStatus, UpdateEcheqBody } from '@echeq/contract';
import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ChequeFields } from '../../components/cheque-fields';
import { type ChequeValues, checkCheque, chequeBody, chequeValues } from '../../components/cheque-form';
import { DateLocalization } from '../../components/date-localization';
import { FormDialog } from '../../components/form-dialog';
import { fieldErrorsOf } from '../../lib/api-error';
import { formatCuit } from '../../lib/format';
import { useCreateEcheq, useUpdateEcheq } from './api';
import {
  ECHEQ_ERRORS,
  ECHEQ_STATUS_MAP,
  ECHEQ_STATUSES,
  NEW_ECHEQ_STATUS_OPTIONS,
  saveErrorMessage,
} from './echeq-format';

type Form = ChequeValues & { status: EcheqStatus };

/** The company a new cheque is proposed to be issued by: the user's own. */
export type OwnCompany = { name: string; cuit: string | null };

/** A stored cheque's values; a new one proposes the user's company as 'Emisor'. */
function formOf(e: Echeq | null, own: OwnCompany | null | undefined): Form {
  const values = { ...chequeValues(e), status: e?.status ?? 'ACTIVE' };
  if (e || !own) return values;
  return { ...values, issuer: own.name, issuer_cuit: own.cuit ? formatCuit(own.cuit) : '' };
}

type Props = {
  open: boolean;
  /** The cheque being edited; null creates a new one. */
  editing: Echeq | null;
  /** False when the clearing house is known not to be configured: nothing can be saved. */
  clearingReady: boolean | null;
  /** The user's company, proposed as the new cheque's 'Emisor'. */
  ownCompany?: OwnCompany | null;
  onClose: () => void;
  onSaved: (e: Echeq, created: boolean) => void;
};

/** 'Nuevo ECHEQ' / 'Editar ECHEQ': the number is locked when editing; Cancelar and Crear/Actualizar. */
export function EcheqFormDialog(props: Props) {
  return props.open ? <EcheqForm {...props} /> : null;
}

function EcheqForm({ open, editing, clearingReady, ownCompany, onClose, onSaved }: Props) {
  const isEdit = Boolean(editing);
  const [form, setForm] = useState<Form>(() => formOf(editing, ownCompany));
  const [checked, setChecked] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const create = useCreateEcheq();
  const update = useUpdateEcheq();
  const mutation = isEdit ? update : create;

  const check = () => checkCheque(form, { required: true, number: !isEdit });
  const errors: Partial<Record<keyof Form, string>> = checked ? check() : {};
  const server = fieldErrorsOf(mutation.error);
  const errorOf = (k: keyof Form) => errors[k] ?? server[k];
  const set = (k: keyof Form) => (v: string) => setForm((f) => ({ ...f, [k]: v }));

  function submit() {
    if (clearingReady === false) {
      setBlocked(true);
      return;
    }
    setChecked(true);
    if (Object.keys(check()).length > 0) return;
    const { number, ...fields } = chequeBody(form);
    if (editing) {
      const body: UpdateEcheqBody = {
        ...fields,
        issuer_cuit: form.issuer_cuit.trim() || null,
        beneficiary_cuit: form.beneficiary_cuit.trim() || null,
        status: form.status,
        version: editing.version,
      };
      update.mutate({ id: editing.id, body }, { onSuccess: (e) => onSaved(e, false) });
    } else {
      const status = form.status === 'CANCELLED' ? 'CANCELLED' : 'ACTIVE';
      const body: CreateEcheqBody = { ...fields, number, status };
      create.mutate(body, { onSuccess: (e) => onSaved(e, true) });
    }
  }

  return (
    <FormDialog
      open={open}
      title={isEdit ? `Editar ECHEQ N° ${editing?.number}` : 'Nuevo ECHEQ'}
      submitLabel={isEdit ? 'Actualizar' : 'Crear'}
      pending={mutation.isPending}
      onSubmit={submit}
      onClose={onClose}
      grid={false}
      maxWidth="md"
    >
      <DateLocalization>
        <Grid container spacing={2} sx={{ pt: 1 }}>
          {blocked || clearingReady === false ? (
            <Grid size={12}>
              <Alert severity="error" role="alert">
                {ECHEQ_ERRORS.blocked}
              </Alert>
            </Grid>
          ) : null}
          {isEdit && editing?.validation_status === 'VALIDATED' && !mutation.isError ? (
            <Grid size={12}>
              <Alert severity="info">{ECHEQ_ERRORS.revalidate}</Alert>
            </Grid>
          ) : null}
          {mutation.isError ? (
            <Grid size={12}>
              <Alert severity="error" role="alert">
                {saveErrorMessage(mutation.error)}
              </Alert>
            </Grid>
          ) : null}
          <ChequeFields
            values={form}
            onChange={(k, v) => set(k)(v)}
            errorOf={errorOf}
            numberLocked={isEdit}
            dateExtra={
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
                {(isEdit ? ECHEQ_STATUSES : NEW_ECHEQ_STATUS_OPTIONS).map((s) => (
                  <MenuItem key={s} value={s}>
                    {ECHEQ_STATUS_MAP[s].label}
                  </MenuItem>
                ))}
              </TextField>
            }
          />
        </Grid>
      </DateLocalization>
    </FormDialog>
  );
}
