import { centsToDecimal, DISCOUNT_STATUS_LABELS, toCents } from '@echeq/contract';
import { type Ctx, scopeOf } from '../../platform/auth/actor';
import type { Deps } from '../../platform/deps';
import { pdfDate, pdfInstant, pdfMoney, pdfRate } from '../../platform/pdf/format';
import { type ReceiptSection, renderReceipt, verificationId } from '../../platform/pdf/receipt';
import { bankName } from '../tenants';
import { visibleDiscount } from './discounts.service';

type Row = ReceiptSection['rows'][number];

/**
 * The printable receipt (comprobante) of a discount: the bank, the requesting company, the cheque and its parties,
 * the operation's figures (rate, days, discount, net) once approved, its state and dates, the instant and a
 * verification id. The same scope as the discount's detail: one the caller cannot see is a 404.
 */
export async function discountReceipt({
  deps,
  ctx,
  discountId,
}: {
  deps: Pick<Deps, 'db' | 'clock' | 'config'>;
  ctx: Ctx;
  discountId: string;
}): Promise<{ pdf: Buffer; filename: string }> {
  const d = await visibleDiscount(deps.db, scopeOf(ctx.actor), discountId);
  const bank = await bankName(deps.db, d.tenant_id);
  const currency = (d.e_currency ?? 'ARS').trim();
  const operation: Row[] = [
    ['Número de operación', d.id],
    ['Empresa solicitante', d.company_name ?? '-'],
    ['Fecha de solicitud', pdfInstant(d.requested_at)],
    ['Monto solicitado', pdfMoney(d.requested_amount, currency)],
  ];
  if (d.approved_amount !== null && d.rate !== null && d.days !== null) {
    const discount = toCents(d.requested_amount) - toCents(d.approved_amount);
    operation.push(
      ['TNA aplicada', pdfRate(d.rate)],
      ['Días hasta el vencimiento', String(d.days)],
      ['Descuento', pdfMoney(centsToDecimal(discount), currency)],
      ['Monto neto', pdfMoney(d.approved_amount, currency)],
    );
  } else if (d.status === 'PENDING') {
    operation.push(['Monto neto', 'Se calcula al aprobarse (TNA del banco y días hasta el vencimiento)']);
  }
  if (d.approved_at) operation.push(['Fecha de aprobación', pdfInstant(d.approved_at)]);
  if (d.completed_at) operation.push(['Fecha de acreditación', pdfInstant(d.completed_at)]);
  if (d.rejected_at) operation.push(['Fecha de rechazo', pdfInstant(d.rejected_at)]);
  if (d.rejection_reason) operation.push(['Motivo de rechazo', d.rejection_reason]);
  if (d.cancelled_at) operation.push(['Fecha de cancelación', pdfInstant(d.cancelled_at)]);
  if (d.notes) operation.push(['Notas', d.notes]);
  const echeq: Row[] = d.e_number
    ? [
        ['Número', d.e_number],
        ['Monto', d.e_amount ? pdfMoney(d.e_amount, currency) : '-'],
        ['Emisor (librador)', d.e_issuer ?? '-'],
        ['Beneficiario', d.e_beneficiary ?? '-'],
        ['Fecha de emisión', d.e_issue_date ? pdfDate(d.e_issue_date) : '-'],
        ['Fecha de pago', d.e_due_date ? pdfDate(d.e_due_date) : '-'],
      ]
    : [['Número', 'El ECHEQ fue eliminado']];
  const pdf = await renderReceipt({
    bank: bank ?? '-',
    title: 'Comprobante de descuento de ECHEQ',
    status: DISCOUNT_STATUS_LABELS[d.status],
    sections: [
      { heading: 'Operación de descuento', rows: operation },
      { heading: 'ECHEQ descontado', rows: echeq },
    ],
    issuedAt: deps.clock.now(),
    verificationId: verificationId(deps.config.secretsKey, ['discount', d.id, d.version, d.status]),
  });
  return { pdf, filename: `comprobante-descuento-${d.id.slice(0, 8)}.pdf` };
}
