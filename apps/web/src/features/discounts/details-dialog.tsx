import type { Discount } from '@echeq/contract';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { Money } from '../../components/money';
import { ReceiptButton } from '../../components/receipt-button';
import { StatusChip } from '../../components/status-chip';
import { formatDate, formatDateTime, formatNumber } from '../../lib/format';
import { appliedRate, DISCOUNT_STATUS_MAP } from './discount-format';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}

function Fields({ children }: { children: ReactNode }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' },
        columnGap: 2,
        rowGap: { xs: 0.25, sm: 1 },
        '& dd': { mb: { xs: 1, sm: 0 } },
      }}
    >
      {children}
    </Box>
  );
}

/** The details of a discount, in an accordion: the discount, its cheque and its history. */
export function DetailsDialog({
  discount: d,
  onClose,
  actions,
}: {
  discount: Discount | null;
  onClose: () => void;
  /** The row's actions (approve, reject…) offered again at the foot of the dialog. */
  actions?: ReactNode;
}) {
  const titleId = useId();
  const currency = d?.echeq?.currency ?? 'ARS';
  return (
    <Dialog open={Boolean(d)} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Detalles del Descuento</DialogTitle>
      {d ? (
        <DialogContent>
          <Accordion defaultExpanded disableGutters>
            <AccordionSummary expandIcon={<ExpandMore />} aria-controls="discount-info" id="discount-info-header">
              <Typography sx={{ fontWeight: 600 }}>Información del descuento</Typography>
            </AccordionSummary>
            <AccordionDetails id="discount-info">
              <Fields>
                <Field label="ID">
                  <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.875rem' }}>
                    {d.id}
                  </Box>
                </Field>
                <Field label="Estado">
                  <StatusChip status={d.status} map={DISCOUNT_STATUS_MAP} />
                </Field>
                <Field label="Monto solicitado">
                  <Money amount={d.requested_amount} currency={currency} />
                </Field>
                <Field label="Monto aprobado">
                  {d.approved_amount === null ? '-' : <Money amount={d.approved_amount} currency={currency} strong />}
                </Field>
                <Field label="TNA aplicada">{appliedRate(d.rate)}</Field>
                <Field label="Días">{d.days === null ? '-' : formatNumber(d.days)}</Field>
                <Field label="Fecha de solicitud">{formatDateTime(d.requested_at)}</Field>
                <Field label="Fecha de aprobación">{formatDateTime(d.approved_at)}</Field>
                <Field label="Notas">{d.notes || '-'}</Field>
                <Field label="Motivo de rechazo">{d.rejection_reason || '-'}</Field>
              </Fields>
            </AccordionDetails>
          </Accordion>
          <Accordion disableGutters>
            <AccordionSummary expandIcon={<ExpandMore />} aria-controls="discount-echeq" id="discount-echeq-header">
              <Typography sx={{ fontWeight: 600 }}>ECHEQ</Typography>
            </AccordionSummary>
            <AccordionDetails id="discount-echeq">
              {d.echeq ? (
                <Fields>
                  <Field label="Número">{d.echeq.number}</Field>
                  <Field label="Monto">
                    <Money amount={d.echeq.amount} currency={d.echeq.currency} />
                  </Field>
                  <Field label="Emisor">{d.echeq.issuer}</Field>
                  <Field label="Beneficiario">{d.echeq.beneficiary}</Field>
                  <Field label="Vencimiento">{formatDate(d.echeq.due_date)}</Field>
                  <Field label="Empresa">{d.company_name ?? '-'}</Field>
                </Fields>
              ) : (
                <Typography color="text.secondary">N/A</Typography>
              )}
            </AccordionDetails>
          </Accordion>
          <Accordion disableGutters>
            <AccordionSummary expandIcon={<ExpandMore />} aria-controls="discount-history" id="discount-history-header">
              <Typography sx={{ fontWeight: 600 }}>Historial</Typography>
            </AccordionSummary>
            <AccordionDetails id="discount-history">
              <Fields>
                <Field label="Solicitado">{formatDateTime(d.requested_at)}</Field>
                <Field label="Aprobado">{formatDateTime(d.approved_at)}</Field>
                <Field label="Rechazado">{formatDateTime(d.rejected_at)}</Field>
                <Field label="Cancelado">{formatDateTime(d.cancelled_at)}</Field>
                <Field label="Completado">{formatDateTime(d.completed_at)}</Field>
              </Fields>
            </AccordionDetails>
          </Accordion>
        </DialogContent>
      ) : null}
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {d ? (
          <ReceiptButton
            path={`/discounts/${d.id}/receipt.pdf`}
            fallbackName={`comprobante-descuento-${d.id.slice(0, 8)}.pdf`}
            subject={`descuento ${d.id.slice(0, 8)}`}
          />
        ) : null}
        {actions}
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}
