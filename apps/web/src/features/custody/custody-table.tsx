import type { Custody } from '@echeq/contract';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Money } from '../../components/money';
import { StatusChip } from '../../components/status-chip';
import { formatDate } from '../../lib/format';
import { CUSTODY_STATUS_MAP } from './custody-format';

/** Number (with issuer and company underneath), amount, custody date, status and the 'Ver' action. */
export function CustodyTable({
  rows,
  showCompany,
  onView,
}: {
  rows: Custody[];
  showCompany: boolean;
  onView: (c: Custody) => void;
}) {
  return (
    <TableContainer>
      <Table size="small" aria-label="ECHEQs en custodia" sx={{ minWidth: 560 }}>
        <TableHead>
          <TableRow>
            <TableCell>Número de ECHEQ</TableCell>
            <TableCell align="right">Monto</TableCell>
            <TableCell>Fecha de Custodia</TableCell>
            <TableCell>Estado</TableCell>
            <TableCell align="right">Acciones</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((c) => (
            <TableRow key={c.id} hover>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {c.echeq.number}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {c.echeq.issuer}
                  {showCompany && c.company_name ? ` · ${c.company_name}` : ''}
                </Typography>
              </TableCell>
              <TableCell align="right">
                <Money amount={c.echeq.amount} currency={c.echeq.currency} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(c.custody_date)}</TableCell>
              <TableCell>
                <StatusChip status={c.status} map={CUSTODY_STATUS_MAP} />
              </TableCell>
              <TableCell align="right">
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() => onView(c)}
                  aria-label={`Ver ECHEQ ${c.echeq.number}`}
                >
                  Ver
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
