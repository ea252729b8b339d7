import type { ActionType, Echeq } from '@echeq/contract';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { ChequeStateChip } from '../../components/cheque-state-chip';
import { Money } from '../../components/money';
import { formatDate } from '../../lib/format';
import { ChequeActions } from './cheque-actions';
import { partyLabel } from './operations-format';

type Props = {
  rows: Echeq[];
  /** The tray's name, the table's accessible name ('Recibidos'). */
  label: string;
  /** False for roles that read only (no operation buttons). */
  canOperate: boolean;
  onView: (e: Echeq) => void;
  onAction: (action: ActionType, e: Echeq) => void;
};

const paymentDate = (e: Echeq) => formatDate(e.payment_date ?? e.due_date);

function View({ e, onView }: { e: Echeq; onView: Props['onView'] }) {
  return (
    <Tooltip title={`Ver ECHEQ ${e.number}`}>
      <IconButton size="small" aria-label={`Ver ECHEQ ${e.number}`} onClick={() => onView(e)}>
        <VisibilityOutlined fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/**
 * A tray's cheques: Número, Monto, Emisor, Beneficiario, Fecha de pago, Estado (COELSA's, or 'Actualizando') and
 * the operations the user may do now as buttons; on a phone one card per cheque, the operations in a menu.
 */
export function TrayTable(props: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  return phone ? <TrayCards {...props} /> : <TrayRows {...props} />;
}

function TrayCards({ rows, label, canOperate, onView, onAction }: Props) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((e) => (
        <Box component="li" key={e.id} sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <Typography sx={{ fontWeight: 600, mr: 'auto' }}>N° {e.number}</Typography>
            <ChequeStateChip state={e.state} syncing={e.syncing} />
          </Box>
          <Money amount={e.amount} currency={e.currency} strong />
          <Typography variant="body2" color="text.secondary">
            {partyLabel(e.issuer)} → {partyLabel(e.beneficiary)}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }}>
              Pago {paymentDate(e)}
            </Typography>
            <View e={e} onView={onView} />
            {canOperate ? <ChequeActions echeq={e} phone onAction={onAction} /> : null}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function TrayRows({ rows, label, canOperate, onView, onAction }: Props) {
  return (
    <TableContainer>
      <Table
        size="small"
        aria-label={label}
        sx={{
          minWidth: 900,
          '& td, & th': { px: 1 },
          '& td:first-of-type, & th:first-of-type': { pl: 2 },
          '& td:last-of-type, & th:last-of-type': { pr: 2 },
        }}
      >
        <TableHead>
          <TableRow>
            <TableCell>Número</TableCell>
            <TableCell align="right">Monto</TableCell>
            <TableCell>Emisor</TableCell>
            <TableCell>Beneficiario</TableCell>
            <TableCell>Fecha de pago</TableCell>
            <TableCell>Estado</TableCell>
            <TableCell align="right">Acciones</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((e) => (
            <TableRow key={e.id} hover>
              <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{e.number}</TableCell>
              <TableCell align="right">
                <Money amount={e.amount} currency={e.currency} />
              </TableCell>
              <TableCell sx={{ maxWidth: 200 }}>{partyLabel(e.issuer)}</TableCell>
              <TableCell sx={{ maxWidth: 200 }}>{partyLabel(e.beneficiary)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{paymentDate(e)}</TableCell>
              <TableCell>
                <ChequeStateChip state={e.state} syncing={e.syncing} />
              </TableCell>
              <TableCell align="right">
                <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 0.5 }}>
                  {canOperate ? <ChequeActions echeq={e} phone={false} onAction={onAction} /> : null}
                  <View e={e} onView={onView} />
                </Box>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
