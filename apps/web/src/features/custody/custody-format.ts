import { CUSTODY_STATUS_LABELS, type CustodyStatus, custodyStatusSchema } from '@echeq/contract';
import { statusMap } from '../../components/status-chip';

export const CUSTODY_STATUSES: readonly CustodyStatus[] = custodyStatusSchema.options;

export const CUSTODY_STATUS_MAP = statusMap<CustodyStatus>(CUSTODY_STATUS_LABELS, {
  IN_CUSTODY: 'primary',
  RELEASED: 'success',
  EXPIRED: 'warning',
  CANCELLED: 'default',
});

/** The specification's messages for this screen (§8). */
export const CUSTODY_ERRORS = {
  load: 'Error al cargar la lista de custodia',
  create: 'Error al crear custodia',
  release: 'Error al liberar la custodia',
  blocked: 'COELSA no está configurado: no se pueden depositar ECHEQs en custodia. Contacte al administrador.',
} as const;
