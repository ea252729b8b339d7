import {
  CHEQUE_CARACTER_LABELS,
  CHEQUE_CONCEPTO_LABELS,
  CHEQUE_TIPO_LABELS,
  type ChequeFace,
  type OperationType,
} from '@echeq/contract';
import { formatCuit, formatDate } from '../../lib/format';

/** What happened, in the words of a timeline (the operation's wire name → a past participle). */
const EVENT_LABELS: Record<OperationType, string> = {
  ISSUE: 'Emitido',
  ACCEPT: 'Aceptado por el beneficiario',
  REPUDIATE: 'Repudiado por el beneficiario',
  ANNUL: 'Anulado por el librador',
  ENDORSE: 'Endosado',
  ACCEPT_ENDORSEMENT: 'Endoso aceptado',
  REPUDIATE_ENDORSEMENT: 'Endoso repudiado',
  ANNUL_ENDORSEMENT: 'Endoso anulado',
  CUSTODY: 'Puesto en custodia',
  RESCUE: 'Rescatado de la custodia',
  DEPOSIT: 'Depositado',
  PRESENT: 'Presentado al cobro',
  PAY: 'Pagado',
  REJECT: 'Rechazado',
  EXPIRE: 'Caducado',
  AUTO_DEPOSIT: 'Depositado automáticamente',
  REQUEST_RETURN: 'Devolución solicitada',
  ACCEPT_RETURN: 'Devolución aceptada',
  REPUDIATE_RETURN: 'Devolución repudiada',
  ANNUL_RETURN: 'Pedido de devolución anulado',
};

export function historyEventLabel(event: string): string {
  return EVENT_LABELS[event as OperationType] ?? event;
}

/** The lines a history entry's details add ("Motivo: Sin fondos suficientes", "A: CUIT 30-…"). */
export function historyDetailLines(details: Record<string, unknown>): string[] {
  const lines: string[] = [];
  const text = (key: string) => (typeof details[key] === 'string' && details[key] ? (details[key] as string) : null);
  const motivo = text('motivo');
  if (motivo) lines.push(`Motivo: ${motivo}`);
  const endorsee = text('endorsee_cuit');
  if (endorsee) {
    const name = text('endorsee_name');
    lines.push(`A: ${name ? `${name} ` : ''}(CUIT ${formatCuit(endorsee)})`);
  }
  const clearing = text('clearing_date');
  if (clearing) lines.push(`Fecha de compensación: ${formatDate(clearing)}`);
  return lines;
}

export const tipoLabel = (v: string | null | undefined) =>
  v ? (CHEQUE_TIPO_LABELS[v as keyof typeof CHEQUE_TIPO_LABELS] ?? v) : '-';
export const caracterLabel = (v: string | null | undefined) =>
  v ? (CHEQUE_CARACTER_LABELS[v as keyof typeof CHEQUE_CARACTER_LABELS] ?? v) : '-';
export const conceptoLabel = (v: string | null | undefined) =>
  v ? `${v} · ${CHEQUE_CONCEPTO_LABELS[v as keyof typeof CHEQUE_CONCEPTO_LABELS] ?? v}` : '-';

/** The names the cheque itself gives its parties' CUITs: issuer, beneficiary, and each endorsee that has one. */
export function partyNames(face: ChequeFace | null | undefined, known: Record<string, string | null> = {}) {
  const names = new Map<string, string>();
  // A cheque issued to a bare CUIT carries the CUIT as the beneficiary's name: that is no name.
  for (const [cuit, name] of Object.entries(known)) if (cuit && name && name !== cuit) names.set(cuit, name);
  if (face) {
    names.set(face.issuer.cuit, face.issuer.name);
    if (face.beneficiary.name) names.set(face.beneficiary.cuit, face.beneficiary.name);
    for (const e of face.endorsements) if (e.to_name && !names.has(e.to_cuit)) names.set(e.to_cuit, e.to_name);
  }
  return (cuit: string | null | undefined): string => {
    if (!cuit) return '-';
    const name = names.get(cuit);
    return name ? `${name} (CUIT ${formatCuit(cuit)})` : `CUIT ${formatCuit(cuit)}`;
  };
}
