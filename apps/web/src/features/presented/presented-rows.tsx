import type { PresentedCheque } from '@echeq/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ChequeStateChip } from '../../components/cheque-state-chip';
import { Money } from '../../components/money';
import { formatDate } from '../../lib/format';
import { holderText, issuerText } from './presented-format';

type RowHandlers = {
  onOpen: (c: PresentedCheque) => void;
  onPay: (c: PresentedCheque) => void;
  onReject: (c: PresentedCheque) => void;
};

/** Pay and reject (in a row, a card or the cheque's detail), while the registry is not busy and the server offers them. */
export function RowActions({ cheque: c, onPay, onReject }: { cheque: PresentedCheque } & Omit<RowHandlers, 'onOpen'>) {
  if (c.syncing) return <ChequeStateChip state={c.state} syncing />;
  const can = (a: 'PAY' | 'REJECT') => !c.actions || c.actions.includes(a);
  return (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
      <Button
        size="small"
        variant="contained"
        color="success"
        disabled={!can('PAY')}
        onClick={() => onPay(c)}
        aria-label={`Pagar ECHEQ ${c.number}`}
      >
        Pagar
      </Button>
      <Button
        size="small"
        variant="outlined"
        color="error"
        disabled={!can('REJECT')}
        onClick={() => onReject(c)}
        aria-label={`Rechazar ECHEQ ${c.number}`}
      >
        Rechazar
      </Button>
    </Box>
  );
}

function NumberLink({ cheque: c, onOpen }: { cheque: PresentedCheque; onOpen: RowHandlers['onOpen'] }) {
  return (
    <Link component="button" type="button" onClick={() => onOpen(c)} sx={{ fontWeight: 600 }}>
      {c.number}
    </Link>
  );
}

/** The queue on a desktop: one row per cheque, its figures and its two actions. */
export function PresentedTable({ rows, ...handlers }: { rows: readonly PresentedCheque[] } & RowHandlers) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Cheques presentados al cobro">
        <TableHead>
          <TableRow>
            <TableCell>Número</TableCell>
            <TableCell>ID del ECHEQ</TableCell>
            <TableCell>Librador</TableCell>
            <TableCell>Tenedor</TableCell>
            <TableCell align="right">Monto</TableCell>
            <TableCell>Fecha de pago</TableCell>
            <TableCell>Fecha de compensación</TableCell>
            <TableCell align="right">Acciones</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((c) => (
            <TableRow key={c.id} hover>
              <TableCell>
                <NumberLink cheque={c} onOpen={handlers.onOpen} />
              </TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{c.cheque_id ?? '-'}</TableCell>
              <TableCell>{issuerText(c)}</TableCell>
              <TableCell>{holderText(c)}</TableCell>
              <TableCell align="right">
                <Money amount={c.amount} currency={c.currency} />
              </TableCell>
              <TableCell>{formatDate(c.payment_date ?? c.due_date)}</TableCell>
              <TableCell>{formatDate(c.clearing_date)}</TableCell>
              <TableCell align="right">
                <RowActions cheque={c} onPay={handlers.onPay} onReject={handlers.onReject} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function CardLine({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ textAlign: 'right', overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The queue on a phone: a card per cheque, amount first, the actions at its foot. */
export function PresentedCards({ rows, ...handlers }: { rows: readonly PresentedCheque[] } & RowHandlers) {
  return (
    <Stack
      spacing={1.5}
      component="ul"
      aria-label="Cheques presentados al cobro"
      sx={{ listStyle: 'none', m: 0, p: 0 }}
    >
      {rows.map((c) => (
        <Card key={c.id} component="li" variant="outlined">
          <CardContent sx={{ pb: 1 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', mb: 1 }}>
              <Typography component="span" variant="body2">
                N° <NumberLink cheque={c} onOpen={handlers.onOpen} />
              </Typography>
              <Typography component="span" variant="h6">
                <Money amount={c.amount} currency={c.currency} />
              </Typography>
            </Box>
            <Stack spacing={0.5}>
              <CardLine label="ID">{c.cheque_id ?? '-'}</CardLine>
              <CardLine label="Librador">{issuerText(c)}</CardLine>
              <CardLine label="Tenedor">{holderText(c)}</CardLine>
              <CardLine label="Fecha de pago">{formatDate(c.payment_date ?? c.due_date)}</CardLine>
              <CardLine label="Compensación">{formatDate(c.clearing_date)}</CardLine>
            </Stack>
          </CardContent>
          <CardActions sx={{ justifyContent: 'flex-end', px: 2, pb: 1.5 }}>
            <RowActions cheque={c} onPay={handlers.onPay} onReject={handlers.onReject} />
          </CardActions>
        </Card>
      ))}
    </Stack>
  );
}
