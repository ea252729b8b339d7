import type { Custody } from '@echeq/contract';
import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { formatAmount } from '../../lib/format';

/** Asks the reason for releasing a cheque from custody; nothing is sent without one. */
export function ReleaseDialog({
  custody,
  loading,
  error,
  onConfirm,
  onClose,
}: {
  custody: Custody | null;
  loading: boolean;
  error: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  return custody ? (
    <ReleaseDialogOpen custody={custody} loading={loading} error={error} onConfirm={onConfirm} onClose={onClose} />
  ) : null;
}

function ReleaseDialogOpen({
  custody: c,
  loading,
  error,
  onConfirm,
  onClose,
}: {
  custody: Custody;
  loading: boolean;
  error: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = !reason.trim();
  return (
    <ConfirmDialog
      open
      title="Liberar ECHEQ de custodia"
      message={`Se liberará el ECHEQ N° ${c.echeq.number} por ${formatAmount(c.echeq.amount, c.echeq.currency)}. Indique el motivo.`}
      confirmLabel="Liberar"
      cancelLabel="Volver"
      loading={loading}
      onClose={onClose}
      onConfirm={() => {
        setTouched(true);
        if (!missing) onConfirm(reason.trim());
      }}
    >
      {error ? (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {error}
        </Alert>
      ) : null}
      <TextField
        autoFocus
        required
        fullWidth
        multiline
        minRows={2}
        label="Motivo de liberación"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            setTouched(true);
            if (!missing) onConfirm(reason.trim());
          }
        }}
        error={touched && missing}
        helperText={touched && missing ? 'Indique el motivo de la liberación' : 'Por ejemplo: cobro al vencimiento'}
        slotProps={{ htmlInput: { maxLength: 500 } }}
        sx={{ mt: 2 }}
      />
    </ConfirmDialog>
  );
}
