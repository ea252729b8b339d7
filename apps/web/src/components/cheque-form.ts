import { isValidCuit, MAX_TERM_DAYS } from '@echeq/contract';

/** The cheque's fields as typed in a form (dates 'YYYY-MM-DD', '' when empty, 'invalid' while incomplete). */
export type ChequeValues = {
  number: string;
  amount: string;
  currency: 'ARS' | 'USD';
  issue_date: string;
  due_date: string;
  issuer: string;
  issuer_cuit: string;
  beneficiary: string;
  beneficiary_cuit: string;
};
export type ChequeKey = keyof ChequeValues;
type ChequeErrors = Partial<Record<ChequeKey, string>>;

/** The form's values for a stored cheque, or empty ones (ARS) for a new cheque. */
export function chequeValues(
  e: {
    number: string;
    amount: number;
    currency: 'ARS' | 'USD';
    issue_date: string;
    due_date: string;
    issuer: string;
    issuer_cuit?: string | null;
    beneficiary: string;
    beneficiary_cuit?: string | null;
  } | null,
): ChequeValues {
  return {
    number: e?.number ?? '',
    amount: e ? String(e.amount) : '',
    currency: e?.currency ?? 'ARS',
    issue_date: e?.issue_date ?? '',
    due_date: e?.due_date ?? '',
    issuer: e?.issuer ?? '',
    issuer_cuit: e?.issuer_cuit ?? '',
    beneficiary: e?.beneficiary ?? '',
    beneficiary_cuit: e?.beneficiary_cuit ?? '',
  };
}

/**
 * Parses an amount typed by a person ('1250000.50', '1.250.000,50', '1250000,5') to a number with at most two
 * decimals; null when it is not one.
 */
export function parseAmount(text: string): number | null {
  let s = text.trim().replace(/\s|\$/g, '');
  if (!s) return null;
  if (s.includes(',')) s = s.replace(/\./g, '').replace(',', '.');
  else if ((s.match(/\./g) ?? []).length > 1) s = s.replace(/\./g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** Days from one calendar date to another ('YYYY-MM-DD'). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const REQUIRED_MESSAGES: Partial<Record<ChequeKey, string>> = {
  number: 'Ingrese el número',
  amount: 'Ingrese el monto',
  issue_date: 'Ingrese la fecha de emisión',
  due_date: 'Ingrese la fecha de vencimiento',
  issuer: 'Ingrese el emisor',
  beneficiary: 'Ingrese el beneficiario',
};

/**
 * The cheque's field checks, so a person learns them before sending: number (digits only, as a cheque's number
 * is), amount (positive, two decimals, within the maximum), dates and term, CUIT check digits; every message under
 * its field. With `required` an empty required field gets its message too; `number: false` leaves the number out
 * (it cannot change once the cheque exists).
 */
export function checkCheque(f: ChequeValues, opts: { required: boolean; number?: boolean }): ChequeErrors {
  const e: ChequeErrors = {};
  if (opts.required) {
    for (const [key, message] of Object.entries(REQUIRED_MESSAGES) as [ChequeKey, string][]) {
      if (key === 'number' && opts.number === false) continue;
      if (!f[key].trim()) e[key] = message;
    }
  }
  if (opts.number !== false && f.number.trim() && !/^\d{1,30}$/.test(f.number.trim())) {
    e.number = 'Solo dígitos (hasta 30)';
  }
  const amount = parseAmount(f.amount);
  if (f.amount.trim() && amount === null) e.amount = 'Monto inválido: use números con hasta dos decimales';
  else if (amount !== null && amount <= 0) e.amount = 'El monto debe ser mayor que cero';
  else if (amount !== null && amount > 999_999_999_999.99) e.amount = 'El monto supera el máximo permitido';
  if (f.issue_date === 'invalid') e.issue_date = 'Fecha inválida';
  if (f.due_date === 'invalid') e.due_date = 'Fecha inválida';
  if (isDate(f.issue_date) && isDate(f.due_date)) {
    const days = daysBetween(f.issue_date, f.due_date);
    if (days < 0) e.due_date = 'No puede ser anterior a la fecha de emisión';
    else if (days > MAX_TERM_DAYS) e.due_date = `Como máximo ${MAX_TERM_DAYS} días después de la emisión`;
  }
  if (f.issuer_cuit.trim() && !isValidCuit(f.issuer_cuit)) e.issuer_cuit = 'CUIT inválido';
  if (f.beneficiary_cuit.trim() && !isValidCuit(f.beneficiary_cuit)) e.beneficiary_cuit = 'CUIT inválido';
  return e;
}

/** A calendar date typed in full ('YYYY-MM-DD'). */
export const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

/** The cheque part of a request body: amount as a number, texts trimmed, CUITs only when typed. */
export function chequeBody(f: ChequeValues) {
  return {
    number: f.number.trim(),
    amount: parseAmount(f.amount) as number,
    currency: f.currency,
    issue_date: f.issue_date,
    due_date: f.due_date,
    issuer: f.issuer.trim(),
    beneficiary: f.beneficiary.trim(),
    ...(f.issuer_cuit.trim() ? { issuer_cuit: f.issuer_cuit.trim() } : {}),
    ...(f.beneficiary_cuit.trim() ? { beneficiary_cuit: f.beneficiary_cuit.trim() } : {}),
  };
}
