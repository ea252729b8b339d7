import type { Custody } from '@echeq/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tooltip from '@mui/material/Tooltip';
import { useId } from 'react';
import { DetailField } from '../../components/detail-field';
import { Money } from '../../components/money';
import { ReceiptButton } from '../../components/receipt-button';
import { StatusChip } from '../../components/status-chip';
import { formatDate, formatDateTime } from '../../lib/format';
import { CUSTODY_STATUS_MAP } from './custody-format';

/** Why the release button is off, for its tooltip; null when it can be used. */
function releaseBlockedReason(custody: Custody, canRelease: boolean): string | null {
  if (!canRelease) return 'Su rol no puede liberar custodias';
  if (custody.status !== 'IN_CUSTODY') return 'Solo se libera un ECHEQ En Custodia';
  if (custody.echeq.discounted_at) return 'Descontado por el banco: el ECHEQ ya no puede liberarse';
  return null;
}

/** 'Ver': the custody record and its cheque, with the release action ('Liberar'). */
export function CustodyDetailsDialog({
  custody,
  canRelease,
  onRelease,
  onClose,
}: {
  custody: Custody | null;
  canRelease: boolean;
  onRelease: (c: Custody) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  if (!custody) return null;
  const c = custody;
  const blocked = releaseBlockedReason(c, canRelease);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        ECHEQ N° {c.echeq.number}
        <StatusChip status={c.status} map={CUSTODY_STATUS_MAP} />
      </DialogTitle>
      <DialogContent dividers>
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <DetailField label="Monto">
            <Money amount={c.echeq.amount} currency={c.echeq.currency} strong />
          </DetailField>
          <DetailField label="Empresa">{c.company_name ?? '-'}</DetailField>
          <DetailField label="Emisor">{c.echeq.issuer}</DetailField>
          <DetailField label="Beneficiario">{c.echeq.beneficiary}</DetailField>
          <DetailField label="Fecha de Emisión">{formatDate(c.echeq.issue_date)}</DetailField>
          <DetailField label="Fecha de Vencimiento">{formatDate(c.echeq.due_date)}</DetailField>
          <DetailField label="Fecha de Custodia">{formatDateTime(c.custody_date)}</DetailField>
          <DetailField label="Plazo de presentación">hasta el {formatDate(c.presentation_deadline)}</DetailField>
          {c.release_date ? (
            <DetailField label="Fecha de Liberación">{formatDateTime(c.release_date)}</DetailField>
          ) : null}
          {c.release_reason ? <DetailField label="Motivo de liberación">{c.release_reason}</DetailField> : null}
          <DetailField label="Notas" wide>
            {c.notes || '-'}
          </DetailField>
        </Box>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <ReceiptButton
          path={`/echeqs/custody/${c.id}/receipt.pdf`}
          fallbackName={`comprobante-custodia-${c.echeq.number}.pdf`}
          subject={`custodia del ECHEQ ${c.echeq.number}`}
        />
        <Box sx={{ flexGrow: 1 }} />
        <Button onClick={onClose}>Cerrar</Button>
        <Tooltip title={blocked ?? ''} disableHoverListener={!blocked} disableFocusListener={!blocked}>
          <span>
            <Button variant="contained" color="warning" disabled={Boolean(blocked)} onClick={() => onRelease(c)}>
              Liberar
            </Button>
          </span>
        </Tooltip>
      </DialogActions>
    </Dialog>
  );
}
