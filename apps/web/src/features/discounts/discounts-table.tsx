import type { Discount } from '@echeq/contract';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Money } from '../../components/money';
import { ReceiptButton } from '../../components/receipt-button';
import { type RowSelection, SelectAllCell, SelectRowCell } from '../../components/row-selection';
import { SortHeader } from '../../components/sort-header';
import { StatusChip } from '../../components/status-chip';
import { formatDate } from '../../lib/format';
import { DiscountActions, type DiscountPermissions, type RowAction } from './discount-actions';
import { DISCOUNT_STATUS_MAP, listRate, RATE_CAPTION_ID, RATE_MEANING, shortId } from './discount-format';

export type DiscountListProps = {
  rows: Discount[];
  perms: DiscountPermissions;
  onAction: (action: RowAction, d: Discount) => void;
  /** The requesting company beside the ID, for those who see several companies (bank staff, platform admin). */
  showCompany?: boolean;
  /** The bank's name of a discount, where the viewer sees several banks (the system administrator). */
  bankOf?: ((tenantId: string) => string) | undefined;
  /** Checkboxes for a bulk action (the pending rows, for who may decide). */
  selection?: RowSelection | undefined;
  /** The list's sort ('' for the default) and how to change it (the headers). */
  sort?: string;
  onSort?: (sort: string) => void;
};

/**
 * The list view: ID, (Banco, Empresa,) ECHEQ, Monto Solicitado, Monto Aprobado, Tasa, Estado, Fecha Solicitud, Acciones.
 */
export function DiscountsTable({
  rows,
  perms,
  onAction,
  showCompany = false,
  bankOf,
  selection,
  sort = '',
  onSort,
}: DiscountListProps) {
  const sorted = (label: string, key: string) =>
    onSort ? <SortHeader label={label} sortKey={key} sort={sort} onSort={onSort} /> : <TableCell>{label}</TableCell>;
  return (
    <TableContainer>
      <Table
        size="small"
        aria-label="Descuentos"
        sx={{
          '& th, & td': { px: 1 },
          '& th:first-of-type, & td:first-of-type': { pl: 2 },
          '& th:last-of-type, & td:last-of-type': { pr: 1.5 },
          '& th': { whiteSpace: 'nowrap' },
        }}
      >
        <TableHead>
          <TableRow>
            {selection ? (
              <SelectAllCell selection={selection} label="Seleccionar los pendientes de esta página" />
            ) : null}
            <TableCell>ID</TableCell>
            {bankOf ? <TableCell>Banco</TableCell> : null}
            {showCompany ? sorted('Empresa', 'company') : null}
            <TableCell>ECHEQ</TableCell>
            {onSort ? (
              <SortHeader label="Monto Solicitado" sortKey="amount" sort={sort} onSort={onSort} align="right" />
            ) : (
              <TableCell align="right">Monto Solicitado</TableCell>
            )}
            <TableCell align="right">Monto Aprobado</TableCell>
            <TableCell align="right">
              <Tooltip title={RATE_MEANING}>
                <Box component="span" tabIndex={0} aria-describedby={RATE_CAPTION_ID}>
                  Tasa
                </Box>
              </Tooltip>
            </TableCell>
            {sorted('Estado', 'status')}
            {onSort ? (
              <SortHeader label="Fecha Solicitud" sortKey="requested_at" sort={sort} onSort={onSort} />
            ) : (
              <TableCell>Fecha Solicitud</TableCell>
            )}
            <TableCell>Acciones</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((d) => {
            const currency = d.echeq?.currency ?? 'ARS';
            return (
              <TableRow key={d.id} hover selected={selection?.selected.has(d.id) ?? false}>
                {selection ? (
                  <SelectRowCell selection={selection} id={d.id} label={`Seleccionar el descuento ${shortId(d.id)}`} />
                ) : null}
                <TableCell>
                  <Tooltip title={d.id}>
                    <Box component="span" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                      {shortId(d.id)}
                    </Box>
                  </Tooltip>
                </TableCell>
                {bankOf ? <TableCell sx={{ maxWidth: 160 }}>{d.tenant_id ? bankOf(d.tenant_id) : ''}</TableCell> : null}
                {showCompany ? (
                  <TableCell sx={{ minWidth: 140 }}>
                    <Typography variant="body2">{d.company_name ?? '-'}</Typography>
                  </TableCell>
                ) : null}
                <TableCell>
                  {d.echeq ? (
                    <>
                      <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                        {d.echeq.number}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        <Money amount={d.echeq.amount} currency={d.echeq.currency} />
                      </Typography>
                    </>
                  ) : (
                    'N/A'
                  )}
                </TableCell>
                <TableCell align="right">
                  <Money amount={d.requested_amount} currency={currency} />
                </TableCell>
                <TableCell align="right">
                  {d.approved_amount === null ? '-' : <Money amount={d.approved_amount} currency={currency} />}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {listRate(d)}
                </TableCell>
                <TableCell>
                  <StatusChip status={d.status} map={DISCOUNT_STATUS_MAP} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(d.requested_at)}</TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', alignItems: 'center' }}>
                    <DiscountActions discount={d} perms={perms} onAction={onAction} />
                    <ReceiptButton
                      variant="icon"
                      path={`/discounts/${d.id}/receipt.pdf`}
                      fallbackName={`comprobante-descuento-${d.id.slice(0, 8)}.pdf`}
                      subject={`descuento ${d.echeq ? `ECHEQ ${d.echeq.number}` : d.id.slice(0, 8)}`}
                    />
                  </Box>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
