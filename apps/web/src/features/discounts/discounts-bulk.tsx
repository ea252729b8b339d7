import type { Discount } from '@echeq/contract';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { BulkBar, BulkResultDialog, type BulkRow, totalsText } from '../../components/bulk-dialogs';
import { BulkFailure, BulkReason } from '../../components/bulk-reason';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useBulkDiscountDecision } from './api';
import { shortId } from './discount-format';

type Action = 'approve' | 'reject';
const VERB: Record<Action, { title: string; button: string; done: string }> = {
  approve: { title: 'Aprobar descuentos', button: 'Aprobar', done: 'Resultado de la aprobación' },
  reject: { title: 'Rechazar descuentos', button: 'Rechazar', done: 'Resultado del rechazo' },
};
const DEFAULT_REASON = 'Rechazado por el administrador';

const label = (d: Discount) => `${shortId(d.id)} · ECHEQ ${d.echeq?.number ?? 'N/A'}`;

/**
 * Approving or rejecting the chosen pending discounts at once: the bar, a confirmation stating how many and their
 * total requested amount, then each discount's outcome (the server decides each on its own).
 */
export function DiscountsBulk({ chosen: onScreen, onClear }: { chosen: Discount[]; onClear: () => void }) {
  const [action, setAction] = useState<Action | null>(null);
  // What the confirmation names stays as it was when it opened (the selection clears when the action is done).
  const [asked, setAsked] = useState<Discount[]>([]);
  const chosen = asked;
  // The dialog's words stay those of the action asked while it fades out.
  const [shown, setShown] = useState<Action>('approve');
  const [reason, setReason] = useState(DEFAULT_REASON);
  const [results, setResults] = useState<BulkRow[] | null>(null);
  const [done, setDone] = useState<Action>('approve');
  const bulk = useBulkDiscountDecision();
  const total = totalsText(chosen.map((d) => ({ amount: d.requested_amount, currency: d.echeq?.currency ?? 'ARS' })));
  const count = chosen.length;

  const confirm = () => {
    if (!action) return;
    const byId = new Map(chosen.map((d) => [d.id, d]));
    bulk.mutate(
      { action, ids: chosen.map((d) => d.id), reason: reason.trim() },
      {
        onSuccess: (r) => {
          setDone(action);
          setAction(null);
          onClear();
          setResults(
            r.results.map((o) => ({
              id: o.id,
              ok: o.ok,
              message: o.message,
              label: byId.get(o.id) ? label(byId.get(o.id)!) : shortId(o.id),
            })),
          );
        },
      },
    );
  };

  const open = (a: Action) => {
    bulk.reset();
    setAsked(onScreen);
    setShown(a);
    setReason(DEFAULT_REASON);
    setAction(a);
  };

  return (
    <>
      <BulkBar
        count={onScreen.length}
        total={totalsText(onScreen.map((d) => ({ amount: d.requested_amount, currency: d.echeq?.currency ?? 'ARS' })))}
        onClear={onClear}
      >
        <Button size="small" variant="contained" color="success" onClick={() => open('approve')}>
          Aprobar seleccionados
        </Button>
        <Button size="small" variant="outlined" color="error" onClick={() => open('reject')}>
          Rechazar seleccionados
        </Button>
      </BulkBar>
      <ConfirmDialog
        open={action !== null}
        title={VERB[shown].title}
        message={`${shown === 'reject' ? 'Se rechazarán' : 'Se aprobarán'} ${
          count === 1 ? '1 descuento' : `${count} descuentos`
        } por un total solicitado de ${total}. Cada uno se procesa por separado: si alguno no puede ${
          shown === 'reject' ? 'rechazarse' : 'aprobarse'
        }, los demás sí.`}
        confirmLabel={`${VERB[shown].button} ${count}`}
        destructive={shown === 'reject'}
        loading={bulk.isPending}
        onConfirm={confirm}
        onClose={() => setAction(null)}
      >
        {shown === 'reject' ? <BulkReason label="Motivo de rechazo" value={reason} onChange={setReason} /> : null}
        <BulkFailure request={bulk} fallback="No se pudieron procesar los descuentos" />
      </ConfirmDialog>
      <BulkResultDialog title={VERB[done].done} rows={results} onClose={() => setResults(null)} />
    </>
  );
}
