import { DISCOUNT_REJECTION_REASONS, type Discount } from '@echeq/contract';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Money } from '../../components/money';
import { formatDate } from '../../lib/format';

const OTHER = 'other';

/**
 * Confirms a rejection with its reason: one of the usual ones (the specification's fixed text first, chosen by
 * default) or the bank's own words. The company reads it in its view of the discount.
 */
export function RejectDialog({
  discount: d,
  loading,
  onConfirm,
  onClose,
}: {
  discount: Discount;
  loading: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const labelId = useId();
  const [choice, setChoice] = useState<string>(DISCOUNT_REJECTION_REASONS[0]);
  const [other, setOther] = useState('');
  const [touched, setTouched] = useState(false);
  const reason = choice === OTHER ? other.trim() : choice;
  const error = reason ? null : 'Indique el motivo del rechazo';
  const currency = d.echeq?.currency ?? 'ARS';
  return (
    <ConfirmDialog
      open
      title="Rechazar descuento"
      confirmLabel="Rechazar"
      cancelLabel="Volver"
      destructive
      loading={loading}
      onClose={onClose}
      onConfirm={() => {
        setTouched(true);
        if (!error) onConfirm(reason);
      }}
      message={
        <>
          <Typography sx={{ mb: 1.5 }}>¿Rechazar la solicitud? La empresa verá el motivo.</Typography>
          <Typography variant="body2">
            ECHEQ {d.echeq ? `N° ${d.echeq.number} · vence ${formatDate(d.echeq.due_date)}` : 'N/A'}
            {d.company_name ? ` · ${d.company_name}` : ''}
          </Typography>
          <Typography variant="body2">
            Monto solicitado: <Money amount={d.requested_amount} currency={currency} />
          </Typography>
        </>
      }
    >
      <FormControl sx={{ mt: 2 }} fullWidth>
        <FormLabel id={labelId}>Motivo de rechazo</FormLabel>
        <RadioGroup aria-labelledby={labelId} value={choice} onChange={(e) => setChoice(e.target.value)}>
          {DISCOUNT_REJECTION_REASONS.map((r) => (
            <FormControlLabel key={r} value={r} control={<Radio size="small" />} label={r} />
          ))}
          <FormControlLabel value={OTHER} control={<Radio size="small" />} label="Otro motivo" />
        </RadioGroup>
      </FormControl>
      {choice === OTHER ? (
        <TextField
          label="Otro motivo"
          value={other}
          onChange={(e) => setOther(e.target.value)}
          required
          autoFocus
          fullWidth
          multiline
          minRows={2}
          sx={{ mt: 1 }}
          error={touched && Boolean(error)}
          helperText={(touched && error) || 'La empresa verá este motivo'}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      ) : null}
    </ConfirmDialog>
  );
}
