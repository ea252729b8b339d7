import type { Discount } from '@echeq/contract';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Money } from '../../components/money';
import { formatDate } from '../../lib/format';
import type { DiscountAction } from './api';
import { ApproveDialog } from './approve-dialog';
import { RejectDialog } from './reject-dialog';

/** The confirmations without figures or reasons to choose: cancel and complete. */
const TEXTS: Record<
  'cancel' | 'complete',
  { title: string; confirm: string; cancel: string; destructive: boolean; lead: string }
> = {
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

/**
 * Confirms approve (with the server's figures, ApproveDialog), reject (with its reason, RejectDialog), cancel and
 * complete.
 */
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
  if (action === 'approve') {
    return <ApproveDialog discount={d} loading={loading} onConfirm={() => onConfirm()} onClose={onClose} />;
  }
  if (action === 'reject') {
    return <RejectDialog discount={d} loading={loading} onConfirm={onConfirm} onClose={onClose} />;
  }
  const t = TEXTS[action];
  const currency = d.echeq?.currency ?? 'ARS';
  return (
    <ConfirmDialog
      open
      title={t.title}
      confirmLabel={t.confirm}
      cancelLabel={t.cancel}
      destructive={t.destructive}
      loading={loading}
      onClose={onClose}
      onConfirm={() => onConfirm()}
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
    />
  );
}
