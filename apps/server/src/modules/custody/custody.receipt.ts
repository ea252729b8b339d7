import { CUSTODY_STATUS_LABELS, ECHEQ_STATUS_LABELS } from '@echeq/contract';
import { type Ctx, scopeOf } from '../../platform/auth/actor';
import type { Deps } from '../../platform/deps';
import { notFound } from '../../platform/http/app-error';
import { pdfDate, pdfInstant, pdfMoney } from '../../platform/pdf/format';
import { type ReceiptSection, renderReceipt, verificationId } from '../../platform/pdf/receipt';
import { bankName } from '../tenants';
import { findCustody } from './custody.queries';

/**
 * The printable receipt (comprobante) of a custody deposit, as bank portals give: the bank, the depositing company,
 * the cheque and its parties, the custody's dates and state, the instant and a verification id. The same scope as
 * the record's detail: a record the caller cannot see is a 404.
 */
export async function custodyReceipt({
  deps,
  ctx,
  id,
}: {
  deps: Pick<Deps, 'db' | 'clock' | 'config'>;
  ctx: Ctx;
  id: string;
}): Promise<{ pdf: Buffer; filename: string }> {
  const c = await findCustody(deps.db, id, scopeOf(ctx.actor));
  if (!c) throw notFound('Custodia no encontrada');
  const bank = await bankName(deps.db, c.tenant_id);
  const custody: ReceiptSection['rows'][number][] = [
    ['Número de operación', c.id],
    ['Empresa depositante', c.company_name ?? '-'],
    ['Fecha de depósito', pdfInstant(c.custody_date)],
    ['Presentación al cobro hasta', pdfDate(c.presentation_deadline)],
  ];
  if (c.release_date) custody.push(['Fecha de liberación', pdfInstant(c.release_date)]);
  if (c.release_reason) custody.push(['Motivo de liberación', c.release_reason]);
  if (c.notes) custody.push(['Notas', c.notes]);
  const pdf = await renderReceipt({
    bank: bank ?? '-',
    title: 'Comprobante de depósito en custodia',
    status: CUSTODY_STATUS_LABELS[c.status],
    sections: [
      { heading: 'Depósito en custodia', rows: custody },
      {
        heading: 'ECHEQ',
        rows: [
          ['Número', c.number],
          ['Monto', pdfMoney(c.amount, c.currency)],
          ['Moneda', c.currency.trim() === 'USD' ? 'Dólares estadounidenses (USD)' : 'Pesos argentinos (ARS)'],
          ['Emisor (librador)', c.issuer],
          ['Beneficiario', c.beneficiary],
          ['Fecha de emisión', pdfDate(c.issue_date)],
          ['Fecha de pago', pdfDate(c.due_date)],
          ['Estado del ECHEQ', ECHEQ_STATUS_LABELS[c.echeq_status]],
        ],
      },
    ],
    issuedAt: deps.clock.now(),
    verificationId: verificationId(deps.config.secretsKey, ['custody', c.id, c.version, c.status]),
  });
  return { pdf, filename: `comprobante-custodia-${c.number}.pdf` };
}
