import type { Echeq } from '@echeq/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactNode, useId } from 'react';
import { DetailField } from '../../components/detail-field';
import { Money } from '../../components/money';
import { StatusChip } from '../../components/status-chip';
import { formatCuit, formatDate, formatDateTime } from '../../lib/format';
import { ECHEQ_STATUS_MAP, VALIDATION_STATUS_MAP } from './echeq-format';
import { RegistryDetailsDialog } from './registry-details-dialog';

const CUSTODY_LABELS: Record<string, string> = {
  IN_CUSTODY: 'En Custodia',
  RELEASED: 'Liberado',
  EXPIRED: 'Expirado',
  CANCELLED: 'Cancelado',
};

/**
 * Every field of one cheque, with its validation answer and custody; actions passed in by the screen. A registry
 * cheque shows its lifecycle instead (state, face, endorsement chain, timeline, receipt).
 */
export function EcheqDetailsDialog(props: { echeq: Echeq | null; actions?: ReactNode; onClose: () => void }) {
  if (props.echeq?.origin === 'REGISTRY') {
    return <RegistryDetailsDialog echeq={props.echeq} actions={props.actions} onClose={props.onClose} />;
  }
  return <ManualDetailsDialog {...props} />;
}

/** A hand-registered cheque: the specification's fields. */
function ManualDetailsDialog({
  echeq: e,
  actions,
  onClose,
}: {
  echeq: Echeq | null;
  actions?: ReactNode;
  onClose: () => void;
}) {
  const titleId = useId();
  if (!e) return null;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        ECHEQ N° {e.number}
        <StatusChip status={e.status} map={ECHEQ_STATUS_MAP} />
      </DialogTitle>
      <DialogContent dividers>
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <DetailField label="Monto">
            <Money amount={e.amount} currency={e.currency} strong />
          </DetailField>
          <DetailField label="Empresa">{e.company_name ?? '-'}</DetailField>
          <DetailField label="Emisor">
            {e.issuer}
            {e.issuer_cuit ? ` (CUIT ${formatCuit(e.issuer_cuit)})` : ''}
          </DetailField>
          <DetailField label="Beneficiario">
            {e.beneficiary}
            {e.beneficiary_cuit ? ` (CUIT ${formatCuit(e.beneficiary_cuit)})` : ''}
          </DetailField>
          <DetailField label="Fecha de Emisión">{formatDate(e.issue_date)}</DetailField>
          <DetailField label="Fecha de Vencimiento">{formatDate(e.due_date)}</DetailField>
          <DetailField label="Validación">
            <StatusChip status={e.validation_status} map={VALIDATION_STATUS_MAP} />
            {e.validated_at ? ` ${formatDateTime(e.validated_at)}` : ''}
          </DetailField>
          <DetailField label="Custodia">
            {e.custody_status ? (CUSTODY_LABELS[e.custody_status] ?? e.custody_status) : 'Nunca depositado'}
          </DetailField>
          {e.validation_message ? (
            <DetailField label="Respuesta de COELSA" wide>
              {e.validation_message}
            </DetailField>
          ) : null}
          <DetailField label="Creado">{formatDateTime(e.created_at)}</DetailField>
          <DetailField label="Última modificación">{formatDateTime(e.updated_at)}</DetailField>
        </Box>
      </DialogContent>
      <DialogActions>
        {actions}
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}
