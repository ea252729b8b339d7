import type { Custody } from '@echeq/contract';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { BulkBar, BulkResultDialog, type BulkRow, totalsText } from '../../components/bulk-dialogs';
import { BulkFailure, BulkReason } from '../../components/bulk-reason';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useBulkRelease } from './api';

/**
 * Releasing the chosen custody records at once with one reason: the bar, a confirmation stating how many and their
 * total amount, then each record's outcome (the server releases each on its own).
 */
export function CustodyBulk({ chosen: onScreen, onClear }: { chosen: Custody[]; onClear: () => void }) {
  const [confirming, setConfirming] = useState(false);
  // What the confirmation names stays as it was when it opened (the selection clears when the release is done).
  const [asked, setAsked] = useState<Custody[]>([]);
  const chosen = asked;
  const [reason, setReason] = useState('');
  const [results, setResults] = useState<BulkRow[] | null>(null);
  const bulk = useBulkRelease();
  const total = totalsText(chosen.map((c) => ({ amount: c.echeq.amount, currency: c.echeq.currency })));
  const count = chosen.length;

  const confirm = () => {
    const byId = new Map(chosen.map((c) => [c.id, c]));
    bulk.mutate(
      { ids: chosen.map((c) => c.id), reason: reason.trim() },
      {
        onSuccess: (r) => {
          setConfirming(false);
          onClear();
          setResults(
            r.results.map((o) => ({
              id: o.id,
              ok: o.ok,
              message: o.message,
              label: `ECHEQ ${byId.get(o.id)?.echeq.number ?? o.id}`,
            })),
          );
        },
      },
    );
  };

  return (
    <>
      <BulkBar
        count={onScreen.length}
        total={totalsText(onScreen.map((c) => ({ amount: c.echeq.amount, currency: c.echeq.currency })))}
        onClear={onClear}
      >
        <Button
          size="small"
          variant="contained"
          onClick={() => {
            bulk.reset();
            setAsked(onScreen);
            setReason('');
            setConfirming(true);
          }}
        >
          Liberar seleccionados
        </Button>
      </BulkBar>
      <ConfirmDialog
        open={confirming}
        title="Liberar custodias"
        message={`Se liberarán ${count === 1 ? '1 ECHEQ' : `${count} ECHEQs`} por un total de ${total}. Cada uno se procesa por separado: si alguno no puede liberarse, los demás sí.`}
        confirmLabel={`Liberar ${count}`}
        loading={bulk.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      >
        <BulkReason label="Motivo de liberación" value={reason} onChange={setReason} />
        <BulkFailure request={bulk} fallback="No se pudieron liberar las custodias" />
      </ConfirmDialog>
      <BulkResultDialog title="Resultado de la liberación" rows={results} onClose={() => setResults(null)} />
    </>
  );
}
