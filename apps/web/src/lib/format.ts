/** es-AR formatting of amounts, dates and percentages; dates and times are shown in Buenos Aires time. */
import { BUENOS_AIRES_TIME_ZONE } from '@echeq/contract';

const LOCALE = 'es-AR';
export type CurrencyCode = 'ARS' | 'USD';

const numberFormats = new Map<number, Intl.NumberFormat>();
function numberFormat(decimals: number): Intl.NumberFormat {
  let f = numberFormats.get(decimals);
  if (!f) {
    f = new Intl.NumberFormat(LOCALE, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: true,
    });
    numberFormats.set(decimals, f);
  }
  return f;
}

function toNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** A count and its noun in agreement: (1, 'usuario', 'usuarios') → '1 usuario'; 1234 → '1.234 usuarios'. */
export function formatCount(n: number, singular: string, plural: string): string {
  return `${formatNumber(n)} ${n === 1 ? singular : plural}`;
}

/** 1234.5 → '1.234,50' (fixed decimals, '.' thousands, ',' decimals). */
export function formatNumber(value: number | string | null | undefined, decimals = 0): string {
  const n = toNumber(value);
  if (n === null) return '-';
  return numberFormat(decimals).format(n === 0 ? 0 : n);
}

/**
 * 1234.56 → '$ 1.234,56 ARS' (the specification's pesos); dollars as Argentina writes them, 15000 → 'US$ 15.000,00';
 * negative amounts read '-$ 1.234,56 ARS'.
 */
export function formatAmount(
  value: number | string | null | undefined,
  currency: CurrencyCode | string = 'ARS',
): string {
  const n = toNumber(value);
  if (n === null) return '-';
  const digits = numberFormat(2).format(Math.abs(n));
  const sign = n < 0 && digits !== '0,00' ? '-' : '';
  if (currency === 'USD') return `${sign}US$ ${digits}`;
  return `${sign}$ ${digits} ${currency || 'ARS'}`;
}

/** A percentage given in 0–100: 99.5 → '99,50%'. */
export function formatPercent(value: number | string | null | undefined, decimals = 2): string {
  const n = toNumber(value);
  if (n === null) return '-';
  return `${formatNumber(n, decimals)}%`;
}

/** A rate given as a fraction: 0.45 → '45,00%'. */
export function formatRate(value: number | string | null | undefined, decimals = 2): string {
  const n = toNumber(value);
  if (n === null) return '-';
  return formatPercent(n * 100, decimals);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const dateFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: BUENOS_AIRES_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: BUENOS_AIRES_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function parts(format: Intl.DateTimeFormat, date: Date): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of format.formatToParts(date)) out[p.type] = p.value;
  return out;
}

function toDate(value: string | Date): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * 'dd/mm/aaaa'. A calendar date ('2024-03-05') is shown as is, never shifted by a time zone; a timestamp is shown
 * as its date in Buenos Aires.
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '-';
  if (typeof value === 'string') {
    const m = ISO_DATE.exec(value);
    if (m) return `${m[3]}/${m[2]}/${m[1]}`;
  }
  const d = toDate(value);
  if (!d) return '-';
  const p = parts(dateFormat, d);
  return `${p.day}/${p.month}/${p.year}`;
}

/** 'dd/mm/aaaa hh:mm' in Buenos Aires time. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '-';
  if (typeof value === 'string' && ISO_DATE.test(value)) return formatDate(value);
  const d = toDate(value);
  if (!d) return '-';
  const p = parts(dateTimeFormat, d);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** '30123456789' → '30-12345678-9'; anything that is not 11 digits is returned unchanged. */
export function formatCuit(value: string | null | undefined): string {
  if (!value) return '-';
  const digits = value.replace(/\D/g, '');
  if (digits.length !== 11) return value;
  return `${digits.slice(0, 2)}-${digits.slice(2, 10)}-${digits.slice(10)}`;
}
