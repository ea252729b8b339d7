import {
  ECHEQ_STATUS_FILTER_LABELS,
  ECHEQ_STATUS_LABELS,
  type EcheqStatus,
  type EcheqStatusFilter,
  echeqStatusSchema,
  NEW_ECHEQ_STATUSES,
  VALIDATION_STATUS_LABELS,
  type ValidationStatus,
} from '@echeq/contract';
import { filterOptions } from '../../components/list-filters';
import type { StatusMap } from '../../components/status-chip';
import { isApiError } from '../../lib/api-error';

export const ECHEQ_STATUSES: readonly EcheqStatus[] = echeqStatusSchema.options;
/** A new cheque starts Activo or Cancelado, never already Pagado or Vencido (the server refuses them). */
export const NEW_ECHEQ_STATUS_OPTIONS: readonly EcheqStatus[] = NEW_ECHEQ_STATUSES;

export const ECHEQ_STATUS_MAP: StatusMap<EcheqStatus> = {
  ACTIVE: { label: ECHEQ_STATUS_LABELS.ACTIVE, color: 'success' },
  CANCELLED: { label: ECHEQ_STATUS_LABELS.CANCELLED, color: 'default' },
  PAID: { label: ECHEQ_STATUS_LABELS.PAID, color: 'info' },
  EXPIRED: { label: ECHEQ_STATUS_LABELS.EXPIRED, color: 'warning' },
};

export const VALIDATION_STATUS_MAP: StatusMap<ValidationStatus> = {
  VALIDATED: { label: VALIDATION_STATUS_LABELS.VALIDATED, color: 'success' },
  PENDING: { label: VALIDATION_STATUS_LABELS.PENDING, color: 'warning' },
  REJECTED: { label: VALIDATION_STATUS_LABELS.REJECTED, color: 'error' },
};

/**
 * The list's status filter: the specification's all, ACTIVE, INACTIVE (cancelled or paid) and EXPIRED, then the
 * statuses the rows show that INACTIVE groups, so a cancelled or a paid cheque can be found on its own.
 */
export const STATUS_FILTERS = filterOptions<EcheqStatusFilter>(
  ['ACTIVE', 'INACTIVE', 'EXPIRED', 'CANCELLED', 'PAID'],
  (s) => ECHEQ_STATUS_FILTER_LABELS[s],
);

/** The specification's messages for this screen (§5, §8). */
export const ECHEQ_ERRORS = {
  load: 'Error al cargar los ECHEQs',
  save: 'Error al guardar el ECHEQ',
  delete: 'Error al eliminar el ECHEQ',
  validate: 'Error al validar el ECHEQ',
  clearingOther: 'Error de configuración de COELSA',
  blocked: 'No se puede crear/editar ECHEQs porque COELSA no está configurado. Contacte al administrador.',
  limited: 'Funcionalidad limitada: COELSA no está configurado. No se pueden crear ni editar ECHEQs.',
  discounted: 'Descontado por el banco: ya no puede modificarse ni eliminarse',
  inCustody: 'En custodia: solo cambia mediante operaciones de custodia y descuento',
  registry: 'Emitido por COELSA: solo cambia mediante sus operaciones (aceptar, endosar, depositar…)',
  revalidate:
    'Si modifica monto, moneda, fechas, emisor, beneficiario o CUIT, el ECHEQ volverá a quedar pendiente de validación por COELSA.',
} as const;

const CLEARING_503: Record<string, string> = {
  COELSA_NOT_CONFIGURED: 'COELSA no está configurado. Contacte al administrador del sistema.',
  COELSA_NOT_AVAILABLE: 'COELSA no está disponible en este momento. Intente más tarde.',
  SANDBOX_NOT_CONFIGURED: 'El sandbox de COELSA no está configurado. Contacte al administrador.',
};

/**
 * The message for a failed save (specification §8): a 503 with a clearing-house code gives that code's text, any
 * other 503 the server's message or 'Error de configuración de COELSA', anything else the server's message or
 * `fallback` ('Error al guardar el ECHEQ').
 */
export function saveErrorMessage(error: unknown, fallback: string = ECHEQ_ERRORS.save): string {
  if (!isApiError(error)) return fallback;
  // The client's own text when an answer carried no message ('Error inesperado del servidor (503).').
  const serverMessage =
    error.isServerAnswer && !/^Error inesperado del servidor/.test(error.message) ? error.message : '';
  if (error.status === 503) return CLEARING_503[error.code] ?? (serverMessage || ECHEQ_ERRORS.clearingOther);
  // A 5xx other than 503 is the server's failure, not something the person can act on: the screen's own message.
  if (error.status >= 500) return fallback;
  return serverMessage || fallback;
}
