import type { ActionType, Echeq } from '@echeq/contract';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
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
import type { ReactNode } from 'react';
import { ChequeStateChip, chequeStateText } from '../../components/cheque-state-chip';
import { Money } from '../../components/money';
import { SortHeader } from '../../components/sort-header';
import { StatusChip } from '../../components/status-chip';
import { formatDate } from '../../lib/format';
import { ChequeActions } from './cheque-actions';
import { ECHEQ_STATUS_MAP, VALIDATION_STATUS_MAP } from './echeq-format';

export type EcheqAction = 'view' | 'edit' | 'validate' | 'delete';

/** Which row actions the user has (permission map) and why one is off, per cheque. */
export type EcheqRowRules = {
  canUpdate: boolean;
  /** null when the action is allowed for this cheque, otherwise why not (the button's tooltip). */
  blockedReason: (action: Exclude<EcheqAction, 'view'>, e: Echeq) => string | null;
};

function Action({
  label,
  reason,
  icon,
  onClick,
  color,
}: {
  label: string;
  reason: string | null;
  icon: ReactNode;
  onClick: () => void;
  color?: 'error' | 'primary';
}) {
  return (
    <Tooltip title={reason ?? label}>
      <span>
        <IconButton size="small" aria-label={label} onClick={onClick} disabled={Boolean(reason)} color={color}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

type Props = {
  rows: Echeq[];
  rules: EcheqRowRules;
  showCompany: boolean;
  /** The bank's name of a row (system administrator: the book of every bank); undefined hides the column. */
  bankOf?: ((tenantId: string) => string) | undefined;
  /** The list's sort ('' for the default) and how to change it (the headers). */
  sort?: string;
  onSort?: (sort: string) => void;
  onAction: (action: EcheqAction, e: Echeq) => void;
  /** A registry cheque's operations (the ones the server lists in its `actions`), as in the trays; off for readers. */
  operations?: { onOperation: (action: ActionType, e: Echeq) => void } | undefined;
};

type RowProps = Pick<Props, 'rules' | 'onAction' | 'operations'> & { e: Echeq; phone: boolean };

/**
 * 'Ver', then a hand-registered cheque's Editar, Validar and Eliminar (each off with its reason), or a registry
 * cheque's operations the user may do now, which is all that moves it: buttons, or on a phone a menu.
 */
function RowActions({ e, rules, onAction, operations, phone }: RowProps) {
  const registry = e.origin === 'REGISTRY';
  return (
    <>
      <Action
        label={`Ver ECHEQ ${e.number}`}
        reason={null}
        icon={<VisibilityOutlined fontSize="small" />}
        onClick={() => onAction('view', e)}
      />
      {registry && operations ? <ChequeActions echeq={e} phone={phone} onAction={operations.onOperation} /> : null}
      {rules.canUpdate && !registry ? (
        <>
          <Action
            label={`Editar ECHEQ ${e.number}`}
            reason={rules.blockedReason('edit', e)}
            icon={<EditOutlined fontSize="small" />}
            onClick={() => onAction('edit', e)}
            color="primary"
          />
          <Action
            label={`Validar ECHEQ ${e.number}`}
            reason={rules.blockedReason('validate', e)}
            icon={<FactCheckOutlined fontSize="small" />}
            onClick={() => onAction('validate', e)}
          />
          <Action
            label={`Eliminar ECHEQ ${e.number}`}
            reason={rules.blockedReason('delete', e)}
            icon={<DeleteOutlined fontSize="small" />}
            onClick={() => onAction('delete', e)}
            color="error"
          />
        </>
      ) : null}
    </>
  );
}

const IN_CUSTODY = 'En custodia';
/** The Estado column's width: the registry's longer states take two lines in it, and the table fits a 1366 px screen. */
const ESTADO_WIDTH = 150;

/** Who holds the cheque, when it is not simply the company: the bank that discounted it, or custody. */
function holdingNote(e: Echeq): string | null {
  if (e.discounted_at) return 'Descontado por el banco';
  if (e.custody_status !== 'IN_CUSTODY') return null;
  // A registry cheque in custody already says so on its state chip (CUSTODIA: "En custodia").
  return chequeStateText(e.state, e.syncing) === IN_CUSTODY ? null : IN_CUSTODY;
}

/** The derived status's text, beside which a registry state that reads the same is not repeated. */
function statusText(e: Echeq): string {
  return ECHEQ_STATUS_MAP[e.status]?.label ?? e.status;
}

/**
 * Número, (Banco, Empresa,) Monto (amount plus currency), Emisor, Beneficiario, Fecha Emisión, Fecha Vencimiento,
 * Estado, Validación, Acciones (a registry cheque's Estado also shows its COELSA state, its Acciones its operations);
 * Número, Empresa, Monto, Fecha Vencimiento and Estado sort the list. On a phone one card per cheque with the same
 * facts and actions (the toolbar's select sorts it).
 */
export function EcheqsTable(props: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  return phone ? <EcheqCards {...props} /> : <EcheqRows {...props} />;
}

function EcheqCards({ rows, rules, showCompany, onAction, operations }: Props) {
  return (
    <Box component="ul" aria-label="ECHEQs" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((e) => (
        <Box component="li" key={e.id} sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <Typography sx={{ fontWeight: 600, mr: 'auto' }}>{e.number}</Typography>
            <StatusChip status={e.status} map={ECHEQ_STATUS_MAP} />
            <ChequeStateChip state={e.state} syncing={e.syncing} besides={statusText(e)} wrap />
            <StatusChip status={e.validation_status} map={VALIDATION_STATUS_MAP} />
          </Box>
          <Money amount={e.amount} currency={e.currency} strong />
          <Typography variant="body2" color="text.secondary">
            {e.issuer} → {e.beneficiary}
            {showCompany && e.company_name ? ` · ${e.company_name}` : ''}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Emisión {formatDate(e.issue_date)} · Vence {formatDate(e.due_date)}
            {holdingNote(e) ? ` · ${holdingNote(e)}` : ''}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 0.5, mt: 0.5 }}>
            <RowActions e={e} rules={rules} onAction={onAction} operations={operations} phone />
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function EcheqRows({ rows, rules, showCompany, bankOf, sort = '', onSort, onAction, operations }: Props) {
  const sorted = (label: string, key: string, align?: 'right') =>
    onSort ? (
      <SortHeader label={label} sortKey={key} sort={sort} onSort={onSort} align={align} />
    ) : (
      <TableCell align={align}>{label}</TableCell>
    );
  return (
    <TableContainer>
      <Table
        size="small"
        aria-label="ECHEQs"
        sx={{
          minWidth: 900,
          // 6 px a side: with the Estado column's width, a company's ten columns fit a 1366 px screen, none under
          // the pinned Acciones.
          '& td, & th': { px: 0.75 },
          '& td:first-of-type, & th:first-of-type': { pl: 2 },
          // Acciones stays in view when the columns are wider than the card (a bank's Banco and Empresa columns,
          // a registry cheque's operations): the table scrolls under it.
          '& td:last-of-type, & th:last-of-type': {
            pr: 2,
            position: 'sticky',
            right: 0,
            zIndex: 1,
            bgcolor: 'background.paper',
            boxShadow: (t) => `inset 1px 0 0 ${t.palette.divider}`,
          },
        }}
      >
        <TableHead>
          <TableRow>
            {sorted('Número', 'number')}
            {bankOf ? <TableCell>Banco</TableCell> : null}
            {showCompany ? sorted('Empresa', 'company') : null}
            {sorted('Monto', 'amount', 'right')}
            <TableCell>Emisor</TableCell>
            <TableCell>Beneficiario</TableCell>
            <TableCell>Fecha Emisión</TableCell>
            {sorted('Fecha Vencimiento', 'due_date')}
            {sorted('Estado', 'status')}
            <TableCell>Validación</TableCell>
            <TableCell align="right">Acciones</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((e) => (
            <TableRow key={e.id} hover>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {e.number}
                </Typography>
              </TableCell>
              {bankOf ? <TableCell sx={{ maxWidth: 160 }}>{bankOf(e.tenant_id)}</TableCell> : null}
              {showCompany ? <TableCell sx={{ maxWidth: 180 }}>{e.company_name ?? '-'}</TableCell> : null}
              <TableCell align="right">
                <Money amount={e.amount} currency={e.currency} />
              </TableCell>
              <TableCell sx={{ maxWidth: 200 }}>{e.issuer}</TableCell>
              <TableCell sx={{ maxWidth: 200 }}>{e.beneficiary}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(e.issue_date)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(e.due_date)}</TableCell>
              {/* The registry's longer states ("Emitido, pendiente de aceptación") wrap to two lines in this width
                  rather than widen the table past its card, where they would run under the pinned Acciones. */}
              <TableCell sx={{ width: ESTADO_WIDTH, minWidth: ESTADO_WIDTH }}>
                <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
                  <StatusChip status={e.status} map={ECHEQ_STATUS_MAP} />
                  <ChequeStateChip state={e.state} syncing={e.syncing} besides={statusText(e)} wrap />
                  {holdingNote(e) ? (
                    <Typography variant="caption" color="text.secondary">
                      {holdingNote(e)}
                    </Typography>
                  ) : null}
                </Box>
              </TableCell>
              <TableCell>
                <StatusChip status={e.validation_status} map={VALIDATION_STATUS_MAP} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                  <RowActions e={e} rules={rules} onAction={onAction} operations={operations} phone={false} />
                </Box>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
