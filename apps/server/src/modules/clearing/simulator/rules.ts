import { type ClearingReason, isValidCuit, MAX_TERM_DAYS, normalizeCuit } from '@echeq/contract';

/** A cheque as the clearing house keeps it. */
export type SimEcheq = {
  echeq_id: string;
  number: string;
  amount: string;
  currency: 'ARS' | 'USD';
  issue_date: string;
  due_date: string;
  issuer: string;
  issuer_cuit: string | null;
  beneficiary: string;
  beneficiary_cuit: string | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_AMOUNT_DIGITS = 12;

function realDate(v: unknown): string | null {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return null;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v ? v : null;
}

function text(v: unknown, max: number): string | null {
  if (typeof v !== 'string') return null;
  const t = v.trim();
  return t.length > 0 && t.length <= max ? t : null;
}

/** The amount as an exact decimal string with two decimals, or null (no binary float arithmetic). */
function amountOf(v: unknown): string | null {
  const raw = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : typeof v === 'string' ? v.trim() : '';
  const m = new RegExp(`^(\\d{1,${MAX_AMOUNT_DIGITS}})(?:\\.(\\d{1,2}))?$`).exec(raw);
  if (!m) return null;
  const whole = m[1]!.replace(/^0+(?=\d)/, '');
  const cents = (m[2] ?? '').padEnd(2, '0');
  if (/^0+$/.test(whole) && cents === '00') return null;
  return `${whole}.${cents}`;
}

/**
 * The clearing house's checks of a cheque: identifier, number, amount (positive, at most two decimals, within the
 * bound), currency, real calendar dates with the due date not before the issue date and at most MAX_TERM_DAYS
 * after it, issuer and beneficiary, and the check digit of any CUIT. Pure and deterministic.
 */
export function checkEcheq(input: unknown): { echeq: SimEcheq | null; reasons: ClearingReason[] } {
  const reasons: ClearingReason[] = [];
  const o = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const id = o.echeq_id ?? o.id;
  if (typeof id !== 'string' || !UUID.test(id)) reasons.push({ field: 'echeq_id', message: 'Identificador inválido' });
  const number = typeof o.number === 'string' && /^[A-Za-z0-9][A-Za-z0-9-]{0,29}$/.test(o.number.trim());
  if (!number) reasons.push({ field: 'number', message: 'Número de ECHEQ inválido' });
  const amount = amountOf(o.amount);
  if (!amount) {
    reasons.push({
      field: 'amount',
      message: 'Monto inválido: debe ser mayor que cero, con hasta dos decimales y dentro del máximo',
    });
  }
  if (o.currency !== 'ARS' && o.currency !== 'USD') reasons.push({ field: 'currency', message: 'Moneda inválida' });
  const issue = realDate(o.issue_date);
  const due = realDate(o.due_date);
  if (!issue) reasons.push({ field: 'issue_date', message: 'Fecha de emisión inexistente' });
  if (!due) reasons.push({ field: 'due_date', message: 'Fecha de vencimiento inexistente' });
  if (issue && due) {
    const days = Math.round((Date.parse(due) - Date.parse(issue)) / 86_400_000);
    if (days < 0) {
      reasons.push({ field: 'due_date', message: 'La fecha de vencimiento es anterior a la de emisión' });
    } else if (days > MAX_TERM_DAYS) {
      reasons.push({
        field: 'due_date',
        message: `La fecha de vencimiento supera en más de ${MAX_TERM_DAYS} días a la de emisión`,
      });
    }
  }
  const issuer = text(o.issuer, 200);
  if (!issuer) reasons.push({ field: 'issuer', message: 'Emisor requerido' });
  const beneficiary = text(o.beneficiary, 200);
  if (!beneficiary) reasons.push({ field: 'beneficiary', message: 'Beneficiario requerido' });
  const cuit = (field: 'issuer_cuit' | 'beneficiary_cuit', label: string): string | null => {
    const v = o[field];
    if (v === null || v === undefined || v === '') return null;
    if (typeof v !== 'string' || !isValidCuit(v)) {
      reasons.push({ field, message: `CUIT del ${label} inválido (dígito verificador)` });
      return null;
    }
    return normalizeCuit(v);
  };
  const issuerCuit = cuit('issuer_cuit', 'emisor');
  const beneficiaryCuit = cuit('beneficiary_cuit', 'beneficiario');
  if (reasons.length > 0) return { echeq: null, reasons };
  return {
    echeq: {
      echeq_id: (id as string).toLowerCase(),
      number: (o.number as string).trim().toUpperCase(),
      amount: amount!,
      currency: o.currency as 'ARS' | 'USD',
      issue_date: issue!,
      due_date: due!,
      issuer: issuer!,
      issuer_cuit: issuerCuit,
      beneficiary: beneficiary!,
      beneficiary_cuit: beneficiaryCuit,
    },
    reasons,
  };
}

export function isUuid(v: unknown): v is string {
  return typeof v === 'string' && UUID.test(v);
}
