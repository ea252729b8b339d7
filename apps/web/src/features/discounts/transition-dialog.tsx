import { DEFAULT_REJECTION_REASON, type Discount } from '@echeq/contract';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Money } from '../../components/money';
import { formatDate } from '../../lib/format';
import type { DiscountAction } from './api';

const TEXTS: Record<
  DiscountAction,
  { title: string; confirm: string; cancel: string; destructive: boolean; lead: string }
> = {
  approve: {
    title: 'Aprobar descuento',
    confirm: 'Aprobar',
    cancel: 'Volver',
    destructive: false,
    lead: '¿Aprobar la solicitud? El monto aprobado se calcula con la tasa nominal anual del banco y los días que faltan hasta el vencimiento del ECHEQ.',
  },
  reject: {
    title: 'Rechazar descuento',
    confirm: 'Rechazar',
    cancel: 'Volver',
    destructive: true,
    lead: '¿Rechazar la solicitud? La empresa verá el motivo.',
  },
  cancel: {
    title: 'Cancelar solicitud de descuento',
    confirm: 'Cancelar solicitud',
    cancel: 'Volver',
    destructive: true,
    lead: '¿Cancelar la solicitud? Esta acción no se puede deshacer.',
  },
  complete: {
    title: 'Completar descuento',
    confirm: 'Completar',
    cancel: 'Volver',
    destructive: false,
    lead: '¿Confirmar que el banco acreditó el monto aprobado a la empresa?',
  },
};

/** Confirms approve / reject / cancel / complete; reject asks for the reason, prefilled with the fixed text. */
export function TransitionDialog({
  target,
  loading,
  onConfirm,
  onClose,
}: {
  target: { action: DiscountAction; discount: Discount } | null;
  loading: boolean;
  onConfirm: (reason?: string) => void;
  onClose: () => void;
}) {
  return target ? (
    <TransitionDialogOpen target={target} loading={loading} onConfirm={onConfirm} onClose={onClose} />
  ) : null;
}

function TransitionDialogOpen({
  target: { action, discount: d },
  loading,
  onConfirm,
  onClose,
}: {
  target: { action: DiscountAction; discount: Discount };
  loading: boolean;
  onConfirm: (reason?: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState(DEFAULT_REJECTION_REASON);
  const [touched, setTouched] = useState(false);
  const t = TEXTS[action];
  const currency = d.echeq?.currency ?? 'ARS';
  const reasonError = action === 'reject' && !reason.trim() ? 'Indique el motivo del rechazo' : null;
  return (
    <ConfirmDialog
      open
      title={t.title}
      confirmLabel={t.confirm}
      cancelLabel={t.cancel}
      destructive={t.destructive}
      loading={loading}
      onClose={onClose}
      onConfirm={() => {
        setTouched(true);
        if (reasonError) return;
        onConfirm(action === 'reject' ? reason.trim() : undefined);
      }}
      message={
        <>
          <Typography sx={{ mb: 1.5 }}>{t.lead}</Typography>
          <Typography variant="body2">
            ECHEQ {d.echeq ? `N° ${d.echeq.number}` : 'N/A'}
            {d.echeq ? ` · vence ${formatDate(d.echeq.due_date)}` : ''}
          </Typography>
          <Typography variant="body2">
            Monto solicitado: <Money amount={d.requested_amount} currency={currency} />
          </Typography>
          {d.approved_amount !== null ? (
            <Typography variant="body2">
              Monto aprobado: <Money amount={d.approved_amount} currency={currency} strong />
            </Typography>
          ) : null}
        </>
      }
    >
      {action === 'reject' ? (
        <TextField
          label="Motivo de rechazo"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
          fullWidth
          multiline
          minRows={2}
          sx={{ mt: 2 }}
          error={touched && Boolean(reasonError)}
          helperText={(touched && reasonError) || 'La empresa verá este motivo'}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      ) : null}
    </ConfirmDialog>
  );
}
