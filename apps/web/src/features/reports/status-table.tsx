import { centsToNumber, percentOf, sumCents, toCents } from '@echeq/contract';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { Money } from '../../components/money';
import { formatNumber } from '../../lib/format';

export type StatusRow = { status: string; label: string; count: number; amount: number; color: string };

/**
 * Count and whole-number percentage per status (rounded; shares of all records listed), with the ARS amount.
 */
export function StatusTable({
  title,
  rows,
  amountLabel = 'Monto (ARS)',
  action,
}: {
  title: string;
  rows: StatusRow[];
  amountLabel?: string;
  action?: ReactNode;
}) {
  const total = rows.reduce((n, r) => n + r.count, 0);
  const titleId = `status-table-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader
        title={title}
        action={action}
        slotProps={{ title: { variant: 'h6', component: 'h2', id: titleId } }}
        sx={{ flexWrap: 'wrap', gap: 1, '& .MuiCardHeader-action': { m: 0 } }}
      />
      <CardContent sx={{ pt: 0, overflowX: 'auto' }}>
        <Table size="small" aria-labelledby={titleId}>
          <TableHead>
            <TableRow>
              <TableCell>Estado</TableCell>
              <TableCell align="right">Cantidad</TableCell>
              <TableCell align="right">Porcentaje</TableCell>
              <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                {amountLabel}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => {
              const pct = percentOf(r.count, total);
              return (
                <TableRow key={r.status}>
                  <TableCell>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                      <Box
                        aria-hidden
                        sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: r.color, flexShrink: 0 }}
                      />
                      {r.label}
                    </Box>
                  </TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatNumber(r.count)}
                  </TableCell>
                  <TableCell align="right" sx={{ minWidth: 96 }}>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: 'flex-end' }}>
                      <LinearProgress
                        variant="determinate"
                        value={pct}
                        aria-hidden
                        sx={{
                          width: 48,
                          height: 6,
                          borderRadius: 3,
                          display: { xs: 'none', md: 'block' },
                          bgcolor: 'action.hover',
                          '& .MuiLinearProgress-bar': { bgcolor: r.color },
                        }}
                      />
                      <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 40 }}>
                        {pct}%
                      </Box>
                    </Box>
                  </TableCell>
                  <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    <Money amount={r.amount} />
                  </TableCell>
                </TableRow>
              );
            })}
            <TableRow sx={{ '& td': { fontWeight: 600, borderBottom: 0 } }}>
              <TableCell>Total</TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatNumber(total)}
              </TableCell>
              <TableCell align="right">{total > 0 ? '100%' : '0%'}</TableCell>
              <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                <Money amount={centsToNumber(sumCents(rows.map((r) => toCents(r.amount))))} />
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
