import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Money } from '../../components/money';
import { StatusChip } from '../../components/status-chip';
import { formatDate } from '../../lib/format';
import { DiscountActions } from './discount-actions';
import { DISCOUNT_STATUS_MAP, listRate, shortId } from './discount-format';
import type { DiscountListProps } from './discounts-table';

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" component="span" sx={{ textAlign: 'right' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The grid view: one card per discount with the same figures and actions as the list. */
export function DiscountsGrid({ rows, perms, onAction, showCompany = false }: DiscountListProps) {
  return (
    <Box
      component="ul"
      aria-label="Descuentos"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 2,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {rows.map((d) => {
        const currency = d.echeq?.currency ?? 'ARS';
        return (
          <Box component="li" key={d.id}>
            <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
              <CardContent sx={{ flexGrow: 1 }}>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
                  <Typography sx={{ fontFamily: 'monospace' }} title={d.id}>
                    {shortId(d.id)}
                  </Typography>
                  <StatusChip status={d.status} map={DISCOUNT_STATUS_MAP} />
                </Box>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                  {d.echeq ? `ECHEQ ${d.echeq.number}` : 'ECHEQ N/A'}
                </Typography>
                {d.echeq ? (
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                    <Money amount={d.echeq.amount} currency={d.echeq.currency} /> · vence {formatDate(d.echeq.due_date)}
                  </Typography>
                ) : null}
                {showCompany ? <Line label="Empresa">{d.company_name ?? '-'}</Line> : null}
                <Line label="Monto Solicitado">
                  <Money amount={d.requested_amount} currency={currency} />
                </Line>
                <Line label="Monto Aprobado">
                  {d.approved_amount === null ? '-' : <Money amount={d.approved_amount} currency={currency} strong />}
                </Line>
                <Line label="Tasa">{listRate(d)}</Line>
                <Line label="Fecha Solicitud">{formatDate(d.requested_at)}</Line>
              </CardContent>
              <CardActions sx={{ px: 2, pb: 2 }}>
                <DiscountActions discount={d} perms={perms} onAction={onAction} variant="buttons" />
              </CardActions>
            </Card>
          </Box>
        );
      })}
    </Box>
  );
}
