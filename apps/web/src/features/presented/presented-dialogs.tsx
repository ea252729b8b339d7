import type { PresentedCheque } from '@echeq/contract';
import { REJECTION_MOTIVES, type RejectBody } from '@echeq/contract';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Money } from '../../components/money';
import { formatDate } from '../../lib/format';
import { holderText } from './presented-format';

type RejectionMotive = RejectBody['motivo'];

/** "Pagar ECHEQ": what will be paid, to whom and from which account, before the bank confirms it. */
export function PayDialog({
  cheque,
  loading,
  onConfirm,
  onClose,
}: {
  cheque: PresentedCheque | null;
  loading: boolean;
  onConfirm: (c: PresentedCheque) => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={cheque !== null}
      title="Pagar ECHEQ"
      confirmLabel="Pagar"
      loading={loading}
      onConfirm={() => cheque && onConfirm(cheque)}
      onClose={onClose}
      message={
        cheque ? (
          <>
            ¿Confirma el pago del ECHEQ N° {cheque.number} por{' '}
            <Money amount={cheque.amount} currency={cheque.currency} strong /> a {holderText(cheque)}?
            <br />
            Se debitará de la cuenta del librador {cheque.issuer}
            {cheque.issuer_cbu ? ` (CBU ${cheque.issuer_cbu})` : ''}. Fecha de compensación:{' '}
            {formatDate(cheque.clearing_date)}.
          </>
        ) : null
      }
    />
  );
}

/** "Rechazar ECHEQ": the motivo is chosen from the contract's list; the button waits for one. */
export function RejectDialog({
  cheque,
  loading,
  onConfirm,
  onClose,
}: {
  cheque: PresentedCheque | null;
  loading: boolean;
  onConfirm: (c: PresentedCheque, motivo: RejectionMotive) => void;
  onClose: () => void;
}) {
  const [motivo, setMotivo] = useState<RejectionMotive | ''>('');
  const [shownFor, setShownFor] = useState<string | null>(null);
  // A new cheque starts without a motivo chosen.
  if ((cheque?.id ?? null) !== shownFor) {
    setShownFor(cheque?.id ?? null);
    if (cheque) setMotivo('');
  }
  return (
    <ConfirmDialog
      open={cheque !== null}
      title="Rechazar ECHEQ"
      confirmLabel="Rechazar"
      destructive
      loading={loading}
      confirmDisabled={motivo === ''}
      onConfirm={() => cheque && motivo && onConfirm(cheque, motivo)}
      onClose={onClose}
      message={
        cheque ? (
          <>
            El ECHEQ N° {cheque.number} por <Money amount={cheque.amount} currency={cheque.currency} strong /> de{' '}
            {cheque.issuer} quedará rechazado y se informará al tenedor. Esta acción no se puede deshacer.
          </>
        ) : null
      }
    >
      <TextField
        select
        fullWidth
        required
        label="Motivo de rechazo"
        value={motivo}
        onChange={(e) => setMotivo(e.target.value as RejectionMotive)}
        sx={{ mt: 2.5 }}
      >
        {REJECTION_MOTIVES.map((m) => (
          <MenuItem key={m} value={m}>
            {m}
          </MenuItem>
        ))}
      </TextField>
    </ConfirmDialog>
  );
}
