import type { Echeq } from '@echeq/contract';
import Box from '@mui/material/Box';
import { DetailField } from '../../components/detail-field';
import { Money } from '../../components/money';
import { formatDate, formatDateTime } from '../../lib/format';
import { caracterLabel, conceptoLabel, tipoLabel } from './lifecycle-format';

const mono = { fontFamily: 'monospace', letterSpacing: 0.5 } as const;

/**
 * The face of a registry cheque, as the paper would read: its identity (registry id, number, CMC7), kind, amount,
 * dates, the issuer with CUIT, bank and CBU, the beneficiary and the holder, then what its later operations left
 * (deposit and clearing date, a rejection's, repudiation's or annulment's motivo).
 */
export function RegistryFace({ echeq: e, nameOf }: { echeq: Echeq; nameOf: (cuit: string | null) => string }) {
  const face = e.registry ?? null;
  const ended = face?.rejection ?? face?.repudiation ?? face?.annulment ?? null;
  const endedLabel = face?.rejection
    ? 'Motivo de rechazo'
    : face?.repudiation
      ? 'Motivo de repudio'
      : 'Motivo de anulación';
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <DetailField label="ID del ECHEQ">
        <Box component="span" sx={mono}>
          {e.cheque_id ?? '-'}
        </Box>
      </DetailField>
      <DetailField label="Número">{e.number}</DetailField>
      {face?.cmc7 ? (
        <DetailField label="CMC7" wide>
          <Box component="span" sx={mono}>
            {face.cmc7}
          </Box>
        </DetailField>
      ) : null}
      <DetailField label="Monto">
        <Money amount={e.amount} currency={e.currency} strong />
      </DetailField>
      <DetailField label="Tipo">{tipoLabel(e.tipo)}</DetailField>
      <DetailField label="Carácter">{caracterLabel(e.caracter)}</DetailField>
      <DetailField label="Concepto">{conceptoLabel(e.concepto)}</DetailField>
      {face?.motivo ? <DetailField label="Motivo de pago">{face.motivo}</DetailField> : null}
      <DetailField label="Fecha de emisión">{formatDate(e.issue_date)}</DetailField>
      <DetailField label="Fecha de pago">{formatDate(e.payment_date ?? e.due_date)}</DetailField>
      <DetailField label="Librador" wide>
        {nameOf(face?.issuer.cuit ?? e.issuer_cuit)}
        {face ? (
          <Box component="span" sx={{ display: 'block', color: 'text.secondary', typography: 'body2' }}>
            Banco {face.issuer.bank_code} · CBU{' '}
            <Box component="span" sx={mono}>
              {face.issuer.cbu}
            </Box>
          </Box>
        ) : null}
      </DetailField>
      <DetailField label="Beneficiario">{nameOf(e.beneficiary_cuit)}</DetailField>
      <DetailField label="Tenedor">{e.holder_cuit ? nameOf(e.holder_cuit) : '-'}</DetailField>
      {face?.deposit ? (
        <>
          <DetailField label={face.deposit.automatic ? 'Depósito automático' : 'Depositado'}>
            {formatDateTime(face.deposit.at)}
          </DetailField>
          <DetailField label="Fecha de compensación">{formatDate(face.deposit.clearing_date)}</DetailField>
        </>
      ) : null}
      {face?.paid_at ? <DetailField label="Pagado">{formatDateTime(face.paid_at)}</DetailField> : null}
      {ended ? (
        <DetailField label={endedLabel} wide>
          {ended.motivo} ({formatDateTime(ended.at)})
        </DetailField>
      ) : null}
    </Box>
  );
}
