import { rateToPpm, toCents } from '@echeq/contract';

/**
 * es-AR texts of a printed document, exact: amounts from their decimal text through integer cents (never a float),
 * "$ 15.000,00" for pesos and "US$ 15.000,00" for dollars; dates dd/mm/aaaa; instants in Buenos Aires time.
 */
export function pdfMoney(value: string | number, currency: string): string {
  const cents = toCents(value);
  const abs = cents < 0n ? -cents : cents;
  const int = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const frac = (abs % 100n).toString().padStart(2, '0');
  const symbol = currency.trim() === 'USD' ? 'US$' : '$';
  return `${cents < 0n ? '-' : ''}${symbol} ${int},${frac}`;
}

/** A calendar date (YYYY-MM-DD, or the date part of an ISO instant) as dd/mm/aaaa. */
export function pdfDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : value;
}

const INSTANT = new Intl.DateTimeFormat('es-AR', {
  timeZone: 'America/Argentina/Buenos_Aires',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** An instant as Buenos Aires reads it: "25/11/2026 16:05:09 (hora de Buenos Aires)". */
export function pdfInstant(at: Date | string): string {
  const parts = Object.fromEntries(INSTANT.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}:${parts.second} (hora de Buenos Aires)`;
}

/** An annual rate stored as a fraction ("0.450000") as a percentage with two decimals: "45,00 %". */
export function pdfRate(rate: string | number): string {
  const hundredths = (rateToPpm(rate) + 50n) / 100n;
  return `${hundredths / 100n},${(hundredths % 100n).toString().padStart(2, '0')} %`;
}
