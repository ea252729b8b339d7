import type { Discount } from '@echeq/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Money } from '../../components/money';
import { messageOf } from '../../lib/api-error';
import { formatDate, formatNumber } from '../../lib/format';
import { discountQuoteQuery } from './api';
import { appliedRate } from './discount-format';

function Figure({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', fontWeight: strong ? 600 : 400 }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * Confirms an approval with the figures it will give, priced by the server before the click: the bank's annual
 * rate, the days to the due date, the discount and the net amount the company receives.
 */
export function ApproveDialog({
  discount: d,
  loading,
  onConfirm,
  onClose,
}: {
  discount: Discount;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const quote = useQuery(discountQuoteQuery(d.id));
  const q = quote.data;
  const currency = q?.currency ?? d.echeq?.currency ?? 'ARS';
  return (
    <ConfirmDialog
      open
      title="Aprobar descuento"
      confirmLabel="Aprobar"
      cancelLabel="Volver"
      loading={loading}
      confirmDisabled={!q}
      onClose={onClose}
      onConfirm={onConfirm}
      message={
        <>
          <Typography sx={{ mb: 1.5 }}>
            ¿Aprobar la solicitud? El monto aprobado se calcula con la tasa nominal anual del banco y los días que
            faltan hasta el vencimiento del ECHEQ.
          </Typography>
          <Typography variant="body2" sx={{ mb: 1 }}>
            ECHEQ {d.echeq ? `N° ${d.echeq.number} · vence ${formatDate(d.echeq.due_date)}` : 'N/A'}
            {d.company_name ? ` · ${d.company_name}` : ''}
          </Typography>
          {quote.isPending ? (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} role="status">
              <CircularProgress size={16} aria-hidden />
              <Typography variant="body2">Calculando el monto a acreditar…</Typography>
            </Box>
          ) : null}
          {quote.isError ? (
            <Alert severity="error">{messageOf(quote.error, 'No se pudo calcular el monto a acreditar.')}</Alert>
          ) : null}
          {q ? (
            <Box
              component="dl"
              aria-label="Cálculo del descuento"
              sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.5 }}
            >
              <Figure label="Monto solicitado">
                <Money amount={q.requested_amount} currency={currency} />
              </Figure>
              <Figure label="TNA del banco">{appliedRate(q.rate)}</Figure>
              <Figure label="Días hasta el vencimiento">{formatNumber(q.days)}</Figure>
              <Figure label="Descuento">
                <Money amount={q.discount_amount} currency={currency} />
              </Figure>
              <Figure label="Monto neto a acreditar" strong>
                <Money amount={q.approved_amount} currency={currency} strong />
              </Figure>
              <Typography variant="caption" color="text.secondary" sx={{ gridColumn: '1 / -1', mt: 0.5 }}>
                Calculado al {formatDate(q.approval_date)}: monto solicitado × (1 − TNA × días ÷ 365).
              </Typography>
            </Box>
          ) : null}
        </>
      }
    />
  );
}
