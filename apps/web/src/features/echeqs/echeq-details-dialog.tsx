import type { Echeq } from '@echeq/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { Money } from '../../components/money';
import { StatusChip } from '../../components/status-chip';
import { formatCuit, formatDate, formatDateTime } from '../../lib/format';
import { ECHEQ_STATUS_MAP, VALIDATION_STATUS_MAP } from './echeq-format';

const CUSTODY_LABELS: Record<string, string> = {
  IN_CUSTODY: 'En Custodia',
  RELEASED: 'Liberado',
  EXPIRED: 'Expirado',
  CANCELLED: 'Cancelado',
};

function Field({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Box sx={{ gridColumn: wide ? '1 / -1' : undefined, minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** Every field of one cheque, with its validation answer and custody; actions passed in by the screen. */
export function EcheqDetailsDialog({
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
          <Field label="Monto">
            <Money amount={e.amount} currency={e.currency} strong />
          </Field>
          <Field label="Empresa">{e.company_name ?? '-'}</Field>
          <Field label="Emisor">
            {e.issuer}
            {e.issuer_cuit ? ` (CUIT ${formatCuit(e.issuer_cuit)})` : ''}
          </Field>
          <Field label="Beneficiario">
            {e.beneficiary}
            {e.beneficiary_cuit ? ` (CUIT ${formatCuit(e.beneficiary_cuit)})` : ''}
          </Field>
          <Field label="Fecha de Emisión">{formatDate(e.issue_date)}</Field>
          <Field label="Fecha de Vencimiento">{formatDate(e.due_date)}</Field>
          <Field label="Validación">
            <StatusChip status={e.validation_status} map={VALIDATION_STATUS_MAP} />
            {e.validated_at ? ` ${formatDateTime(e.validated_at)}` : ''}
          </Field>
          <Field label="Custodia">
            {e.custody_status ? (CUSTODY_LABELS[e.custody_status] ?? e.custody_status) : 'Nunca depositado'}
          </Field>
          {e.validation_message ? (
            <Field label="Respuesta de COELSA" wide>
              {e.validation_message}
            </Field>
          ) : null}
          <Field label="Creado">{formatDateTime(e.created_at)}</Field>
          <Field label="Última modificación">{formatDateTime(e.updated_at)}</Field>
        </Box>
      </DialogContent>
      <DialogActions>
        {actions}
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}
