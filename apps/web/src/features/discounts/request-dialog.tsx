import { buenosAiresDateOf, type Custody, type Discount, toCents } from '@echeq/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Money } from '../../components/money';
import { fieldErrorsOf, isApiError } from '../../lib/api-error';
import { formatAmount, formatDate } from '../../lib/format';
import { blockedChequesQuery, useRequestDiscount, useUpdateDiscount } from './api';
import { DISCOUNT_ERRORS, DISCOUNT_STATUS_MAP, parseAmount } from './discount-format';

const AMOUNT_HELP = 'Ingrese el monto que desea descontar del ECHEQ';
const NOTES_HELP = 'Información adicional sobre la solicitud';

type Props = {
  open: boolean;
  onClose: () => void;
  onSaved: (d: Discount, message: string) => void;
  /** The cheques in custody the company may choose from (request mode). */
  custody: Custody[];
  /** Edit mode: the PENDING discount whose amount and notes change. */
  editing?: Discount | null;
};

/** 'Solicitar Descuento' (or edit a pending request): cheque in custody, amount and notes. */
export function RequestDialog(props: Props) {
  // Remounted each time it opens so the form starts clean.
  return props.open ? <RequestForm {...props} /> : null;
}

function RequestForm({ open, onClose, onSaved, custody, editing }: Props) {
  const titleId = useId();
  const isEdit = Boolean(editing);
  const [echeqId, setEcheqId] = useState(editing?.echeq_id ?? '');
  const [amount, setAmount] = useState(editing ? String(editing.requested_amount) : '');
  const [notes, setNotes] = useState(editing?.notes ?? '');
  const [touched, setTouched] = useState(false);
  const create = useRequestDiscount();
  const update = useUpdateDiscount();
  const mutation = isEdit ? update : create;
  const blocked = useQuery({ ...blockedChequesQuery(), enabled: open && !isEdit });
  const today = buenosAiresDateOf(new Date());

  const selected = custody.find((c) => c.echeq_id === echeqId);
  const chequeAmount = editing?.echeq?.amount ?? selected?.echeq.amount ?? null;
  const currency = editing?.echeq?.currency ?? selected?.echeq.currency ?? 'ARS';
  const parsed = parseAmount(amount);

  const errors: { echeq?: string; amount?: string } = {};
  if (!isEdit && !echeqId) errors.echeq = 'Seleccione un ECHEQ en custodia';
  if (!amount.trim()) errors.amount = 'Ingrese el monto a descontar';
  else if (parsed === null) errors.amount = 'Monto inválido: use números con hasta dos decimales';
  else if (parsed <= 0) errors.amount = 'El monto debe ser mayor que cero';
  else if (chequeAmount !== null && toCents(parsed) > toCents(chequeAmount)) {
    errors.amount = `El monto no puede superar el del ECHEQ (${formatAmount(chequeAmount, currency)})`;
  }
  const server = fieldErrorsOf(mutation.error);
  const showEcheqError = touched ? (errors.echeq ?? server.echeq_id) : server.echeq_id;
  const showAmountError = touched ? (errors.amount ?? server.requested_amount) : server.requested_amount;

  function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (errors.echeq || errors.amount || parsed === null) return;
    const trimmed = notes.trim();
    const done = (d: Discount) => {
      onSaved(d, isEdit ? 'Solicitud de descuento actualizada' : 'Solicitud de descuento enviada');
    };
    if (editing) {
      update.mutate(
        { id: editing.id, body: { requested_amount: parsed, notes: trimmed || null, version: editing.version } },
        { onSuccess: done },
      );
    } else {
      create.mutate(
        { echeq_id: echeqId, requested_amount: parsed, ...(trimmed ? { notes: trimmed } : {}) },
        { onSuccess: done },
      );
    }
  }

  const serverMessage =
    mutation.error && isApiError(mutation.error) && mutation.error.isServerAnswer ? mutation.error.message : null;

  return (
    <Dialog
      open={open}
      onClose={mutation.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{isEdit ? 'Modificar Solicitud de Descuento' : 'Solicitar Descuento'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {mutation.isError ? (
              <Alert severity="error" role="alert">
                <AlertTitle>{DISCOUNT_ERRORS.save}</AlertTitle>
                {serverMessage ?? 'No se pudo conectar con el servidor.'}
              </Alert>
            ) : null}
            {isEdit && editing?.echeq ? (
              <Box>
                <Typography variant="body2" color="text.secondary">
                  ECHEQ
                </Typography>
                <Typography>
                  N° {editing.echeq.number} · <Money amount={editing.echeq.amount} currency={editing.echeq.currency} />{' '}
                  · {editing.echeq.beneficiary}
                </Typography>
              </Box>
            ) : (
              <TextField
                select
                required
                label="ECHEQ en custodia"
                value={echeqId}
                onChange={(e) => setEcheqId(e.target.value)}
                error={Boolean(showEcheqError)}
                helperText={
                  showEcheqError ??
                  (custody.length === 0
                    ? 'No hay ECHEQs en custodia disponibles para descontar'
                    : 'Número, monto y beneficiario de sus ECHEQs en custodia')
                }
                slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
              >
                {custody.map((c) => {
                  const status = blocked.data?.get(c.echeq_id);
                  const due = c.echeq.due_date <= today;
                  // What the server refuses, said beside the cheque: a discount needs it validated as it is now.
                  const reason = status
                    ? `Descuento ${DISCOUNT_STATUS_MAP[status].label.toLowerCase()}`
                    : due
                      ? 'Vencido'
                      : c.echeq.validation_status !== 'VALIDATED'
                        ? 'Sin validar por COELSA'
                        : null;
                  return (
                    <MenuItem key={c.id} value={c.echeq_id} disabled={Boolean(reason)}>
                      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'baseline' }}>
                        <Typography component="span" sx={{ fontWeight: 600 }}>
                          N° {c.echeq.number}
                        </Typography>
                        <Money amount={c.echeq.amount} currency={c.echeq.currency} />
                        <Typography component="span" color="text.secondary">
                          {c.echeq.beneficiary} · vence {formatDate(c.echeq.due_date)}
                          {reason ? ` · ${reason}` : ''}
                        </Typography>
                      </Box>
                    </MenuItem>
                  );
                })}
              </TextField>
            )}
            <TextField
              required
              label="Monto a descontar"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              error={Boolean(showAmountError)}
              helperText={showAmountError ?? AMOUNT_HELP}
              slotProps={{
                htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
                input: {
                  startAdornment: <InputAdornment position="start">$</InputAdornment>,
                  endAdornment: <InputAdornment position="end">{currency}</InputAdornment>,
                },
              }}
            />
            {chequeAmount !== null && !isEdit ? (
              <Box sx={{ mt: -1.5 }}>
                <Button size="small" onClick={() => setAmount(String(chequeAmount))}>
                  Usar el monto total ({formatAmount(chequeAmount, currency)})
                </Button>
              </Box>
            ) : null}
            <TextField
              label="Notas"
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
              helperText={NOTES_HELP}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: 1000 } }}
            />
          </Stack>
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
            {isEdit ? 'Guardar' : 'Solicitar'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
