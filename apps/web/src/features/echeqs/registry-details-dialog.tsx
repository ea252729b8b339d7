import type { Echeq } from '@echeq/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { ChequeStateChip } from '../../components/cheque-state-chip';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingState } from '../../components/loading-state';
import { ReceiptButton } from '../../components/receipt-button';
import { formatCount } from '../../lib/format';
import { echeqQuery } from './api';
import { ChequeTimeline } from './cheque-timeline';
import { EndorsementChain } from './endorsement-chain';
import { chequeHistoryQuery } from './lifecycle-api';
import { partyNames } from './lifecycle-format';
import { RegistryFace } from './registry-face';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: 3 }}>
      <Divider sx={{ mb: 2 }} />
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * A registry cheque's detail: its state ("Actualizando" while the registry has not answered), its face, the
 * endorsement chain and the timeline of its events, with its receipt. The row the list passed shows at once; the
 * cheque's own answer (with the registry's face) and its history replace and complete it as they arrive.
 */
export function RegistryDetailsDialog({
  echeq: row,
  actions,
  onClose,
}: {
  echeq: Echeq;
  actions?: ReactNode;
  onClose: () => void;
}) {
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const detail = useQuery(echeqQuery(row.id));
  const history = useQuery(chequeHistoryQuery(row.id));
  const e = detail.data ?? row;
  const face = e.registry ?? null;
  const named = partyNames(face, { [e.issuer_cuit ?? '']: e.issuer, [e.beneficiary_cuit ?? '']: e.beneficiary });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth fullScreen={phone}>
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        ECHEQ N° {e.number}
        <ChequeStateChip state={e.state} syncing={e.syncing} />
      </DialogTitle>
      <DialogContent dividers>
        {e.syncing ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            La cámara compensadora todavía no confirmó la última operación: el ECHEQ se actualizará solo.
          </Alert>
        ) : null}
        {e.sync_error ? (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {e.sync_error}
          </Alert>
        ) : null}
        <RegistryFace echeq={e} nameOf={named} />
        <Section title="Cadena de endosos">
          {face ? (
            <EndorsementChain endorsements={face.endorsements} nameOf={named} />
          ) : detail.isPending ? (
            <LoadingState />
          ) : (
            <Typography color="text.secondary">
              {e.endorsements ? formatCount(e.endorsements, 'endoso', 'endosos') : 'Sin endosos.'}
            </Typography>
          )}
        </Section>
        <Section title="Historial">
          {history.isPending ? (
            <LoadingState />
          ) : history.isError ? (
            <ErrorAlert error={history.error} onRetry={() => void history.refetch()} />
          ) : (
            <ChequeTimeline entries={history.data} />
          )}
        </Section>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <ReceiptButton
          path={`/echeqs/${e.id}/receipt.pdf`}
          fallbackName={`comprobante-echeq-${e.number}.pdf`}
          subject={`ECHEQ ${e.number}`}
          label="Descargar comprobante"
        />
        <Box sx={{ flexGrow: 1 }} />
        {actions}
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}
