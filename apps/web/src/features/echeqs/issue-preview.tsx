import {
  CHEQUE_CARACTER_LABELS,
  CHEQUE_CONCEPTO_LABELS,
  CHEQUE_TIPO_LABELS,
  type CurrentAccount,
  type IssueBody,
} from '@echeq/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatAmount, formatCuit, formatDate } from '../../lib/format';
import { todayBA } from './issue-form';

/** Everything the cheque will say, before 'Emitir'. */
export function IssuePreview({ body, account }: { body: IssueBody; account: CurrentAccount | undefined }) {
  const currency = account?.currency ?? 'ARS';
  const rows: [string, string][] = [
    ['Cuenta', account ? `CBU ${account.cbu} (${currency})` : '-'],
    ['Número', account?.chequebooks.find((c) => c.status === 'ACTIVE' && c.next)?.next ?? 'El próximo de la chequera'],
    [
      'Beneficiario',
      body.beneficiary_name
        ? `${body.beneficiary_name} (CUIT ${formatCuit(body.beneficiary_cuit)})`
        : `CUIT ${formatCuit(body.beneficiary_cuit)}`,
    ],
    ['Monto', formatAmount(body.amount, currency)],
    ['Tipo', CHEQUE_TIPO_LABELS[body.tipo]],
    ['Carácter', CHEQUE_CARACTER_LABELS[body.caracter]],
    ['Concepto', CHEQUE_CONCEPTO_LABELS[body.concepto]],
    ['Fecha de emisión', formatDate(todayBA())],
    ['Fecha de pago', formatDate(body.payment_date ?? todayBA())],
    ['Motivo de pago', body.motivo ?? '-'],
  ];
  return (
    <Box
      component="dl"
      aria-label="Vista previa del ECHEQ"
      sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.75, m: 0 }}
    >
      {rows.map(([k, v]) => (
        <Box key={k} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {k}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
            {v}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
