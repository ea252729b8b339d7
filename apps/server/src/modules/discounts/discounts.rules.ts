import { DISCOUNT_STATUS_LABELS, DISCOUNT_TRANSITIONS, type DiscountStatus } from '@echeq/contract';
import { isDbError } from '../../platform/db/db';
import { type AppError, conflict, invalidTransition, validationError } from '../../platform/http/app-error';
import type { EcheqRow } from '../echeqs';
import type { LockedDiscount } from './discounts.queries';

export const NOT_FOUND = 'Descuento no encontrado';
export const ECHEQ_NOT_FOUND = 'ECHEQ no encontrado';
export const STALE = 'El descuento fue modificado por otra operación. Actualice la información e intente nuevamente.';
export const OPEN_EXISTS = 'El ECHEQ ya tiene un descuento pendiente o aprobado';
export const ALREADY_DISCOUNTED = 'El ECHEQ ya fue descontado';
export const NOT_IN_CUSTODY = 'El ECHEQ no está en custodia';
export const DUE = 'El ECHEQ ya venció o vence hoy: no puede descontarse';

/** A discount needs a cheque the clearing house validated as it is now (any change to its face drops that). */
function notValidated(status: string): string {
  return status === 'REJECTED'
    ? 'El ECHEQ fue rechazado por COELSA: no puede descontarse'
    : 'El ECHEQ no está validado por COELSA tal como está ahora: valídelo antes de descontarlo';
}

/** A cheque can be discounted while it is ACTIVE and validated by the clearing house as it is now. */
export function checkDiscountable(echeq: Pick<EcheqRow, 'status' | 'validation_status'>): void {
  if (echeq.status !== 'ACTIVE') throw conflict('El ECHEQ no está activo: no puede descontarse');
  if (echeq.validation_status !== 'VALIDATED') throw conflict(notValidated(echeq.validation_status));
}

export function amountError(message: string): AppError {
  return validationError(message, [{ path: 'requested_amount', message }]);
}

const VERB: Record<string, string> = {
  approve: 'aprobar',
  reject: 'rechazar',
  cancel: 'cancelar',
  complete: 'completar',
};

export type DiscountAction = keyof typeof DISCOUNT_TRANSITIONS;

export function refuseTransition(current: DiscountStatus, action: DiscountAction): never {
  const t = DISCOUNT_TRANSITIONS[action]!;
  throw invalidTransition(
    `No se puede ${VERB[action]} un descuento en estado ${DISCOUNT_STATUS_LABELS[current]} ` +
      `(solo en estado ${DISCOUNT_STATUS_LABELS[t.from]})`,
  );
}

export function checkVersion(locked: LockedDiscount, version: number | undefined): void {
  if (version !== undefined && version !== locked.version) throw conflict(STALE);
}

/**
 * The unique partial index (one open discount per cheque) backs the check: its violation — the only unique key a
 * new discount can break — is a 409, not a 500.
 */
export function mapOpenDiscountViolation(err: unknown): never {
  if (isDbError(err) && err.code === '23505') throw conflict(OPEN_EXISTS);
  throw err;
}
