import type { Custody } from '@echeq/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Money } from '../../components/money';
import { ReceiptButton } from '../../components/receipt-button';
import { type RowSelection, SelectAllCell, SelectRowCell } from '../../components/row-selection';
import { SortHeader } from '../../components/sort-header';
import { StatusChip } from '../../components/status-chip';
import { formatDate } from '../../lib/format';
import { CUSTODY_STATUS_MAP } from './custody-format';

type Props = {
  rows: Custody[];
  showCompany: boolean;
  /** The bank's name of a record, where the viewer sees several banks (the system administrator). */
  bankOf?: ((tenantId: string) => string) | undefined;
  onView: (c: Custody) => void;
  /** Checkboxes for a bulk release (the records in custody, for who may release). */
  selection?: RowSelection | undefined;
  /** The list's sort ('' for the default) and how to change it (the headers). */
  sort?: string;
  onSort?: (sort: string) => void;
};

/**
 * Number (with the issuer underneath), bank (system administrator), company (above a company), amount, custody date, status and the 'Ver' action; on a phone the
 * same as one card per record, so nothing hides off the right edge.
 */
export function CustodyTable(props: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  return phone ? <CustodyCards {...props} /> : <CustodyRows {...props} />;
}

function CustodyCards({ rows, showCompany, bankOf, onView, selection }: Props) {
  return (
    <Box component="ul" aria-label="ECHEQs en custodia" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((c) => (
        <Box
          component="li"
          key={c.id}
          sx={{ display: 'flex', gap: 1.5, px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
        >
          {selection?.selectable.includes(c.id) ? (
            <Checkbox
              size="small"
              checked={selection.selected.has(c.id)}
              onChange={() => selection.toggle(c.id)}
              sx={{ alignSelf: 'flex-start', ml: -1, mt: -0.5 }}
              slotProps={{ input: { 'aria-label': `Seleccionar ECHEQ ${c.echeq.number}` } }}
            />
          ) : null}
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }}>{c.echeq.number}</Typography>
            <Money amount={c.echeq.amount} currency={c.echeq.currency} />
            <Typography variant="body2" color="text.secondary">
              {c.echeq.issuer}
              {showCompany && c.company_name ? ` · ${c.company_name}` : ''}
              {bankOf && c.tenant_id ? ` · ${bankOf(c.tenant_id)}` : ''}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Custodia {formatDate(c.custody_date)}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 1 }}>
            <StatusChip status={c.status} map={CUSTODY_STATUS_MAP} />
            <Button
              size="small"
              variant="outlined"
              onClick={() => onView(c)}
              aria-label={`Ver ECHEQ ${c.echeq.number}`}
            >
              Ver
            </Button>
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function CustodyRows({ rows, showCompany, bankOf, onView, selection, sort = '', onSort }: Props) {
  const sorted = (label: string, key: string) =>
    onSort ? <SortHeader label={label} sortKey={key} sort={sort} onSort={onSort} /> : <TableCell>{label}</TableCell>;
  return (
    <TableContainer>
      <Table size="small" aria-label="ECHEQs en custodia" sx={{ minWidth: 560 }}>
        <TableHead>
          <TableRow>
            {selection ? (
              <SelectAllCell selection={selection} label="Seleccionar los en custodia de esta página" />
            ) : null}
            <TableCell>Número de ECHEQ</TableCell>
            {bankOf ? <TableCell>Banco</TableCell> : null}
            {showCompany ? sorted('Empresa', 'company') : null}
            <TableCell align="right">Monto</TableCell>
            {sorted('Fecha de Custodia', 'custody_date')}
            {sorted('Estado', 'status')}
            <TableCell align="right">Acciones</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((c) => (
            <TableRow key={c.id} hover selected={selection?.selected.has(c.id) ?? false}>
              {selection ? (
                <SelectRowCell selection={selection} id={c.id} label={`Seleccionar ECHEQ ${c.echeq.number}`} />
              ) : null}
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {c.echeq.number}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {c.echeq.issuer}
                </Typography>
              </TableCell>
              {bankOf ? <TableCell sx={{ maxWidth: 160 }}>{c.tenant_id ? bankOf(c.tenant_id) : ''}</TableCell> : null}
              {showCompany ? <TableCell sx={{ maxWidth: 200 }}>{c.company_name}</TableCell> : null}
              <TableCell align="right">
                <Money amount={c.echeq.amount} currency={c.echeq.currency} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(c.custody_date)}</TableCell>
              <TableCell>
                <StatusChip status={c.status} map={CUSTODY_STATUS_MAP} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <ReceiptButton
                  variant="icon"
                  path={`/echeqs/custody/${c.id}/receipt.pdf`}
                  fallbackName={`comprobante-custodia-${c.echeq.number}.pdf`}
                  subject={`custodia del ECHEQ ${c.echeq.number}`}
                />
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
