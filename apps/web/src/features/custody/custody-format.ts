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

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
