import { CUSTODY_STATUS_LABELS, type CustodyStatus, custodyStatusSchema } from '@echeq/contract';
import type { StatusMap } from '../../components/status-chip';

export const CUSTODY_STATUSES: readonly CustodyStatus[] = custodyStatusSchema.options;

export const CUSTODY_STATUS_MAP: StatusMap<CustodyStatus> = {
  IN_CUSTODY: { label: CUSTODY_STATUS_LABELS.IN_CUSTODY, color: 'primary' },
  RELEASED: { label: CUSTODY_STATUS_LABELS.RELEASED, color: 'success' },
  EXPIRED: { label: CUSTODY_STATUS_LABELS.EXPIRED, color: 'warning' },
  CANCELLED: { label: CUSTODY_STATUS_LABELS.CANCELLED, color: 'default' },
};

/** The specification's messages for this screen (§8). */
export const CUSTODY_ERRORS = {
  load: 'Error al cargar la lista de custodia',
  create: 'Error al crear custodia',
  release: 'Error al liberar la custodia',
  blocked: 'COELSA no está configurado: no se pueden depositar ECHEQs en custodia. Contacte al administrador.',
} as const;

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

/** Today's date in Buenos Aires (YYYY-MM-DD): the day the server counts presentation periods from. */
export function todayInBuenosAires(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Argentina/Buenos_Aires',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
