import { z } from 'zod';
import type { EcheqStatus } from '../echeq-status';

/**
 * The states of a registry cheque, with COELSA's names as they travel on the wire (LIFECYCLE §2). The first eleven
 * are reached by part 1's operations; DEVOLUCION-PENDIENTE, AVAL-PENDIENTE and CESION-PENDIENTE belong to part 2 (a
 * cheque read from a real registry may already be in one of them, so they are valid values today).
 */
export const CHEQUE_STATES = [
  'EMITIDO-PENDIENTE',
  'ACTIVO',
  'ACTIVO-PENDIENTE',
  'CUSTODIA',
  'DEPOSITADO',
  'PRESENTADO',
  'PAGADO',
  'RECHAZADO',
  'REPUDIADO',
  'ANULADO',
  'CADUCADO',
  'DEVOLUCION-PENDIENTE',
  'AVAL-PENDIENTE',
  'CESION-PENDIENTE',
] as const;
export const chequeStateSchema = z.enum(CHEQUE_STATES, { message: 'Estado de ECHEQ inválido' });
export type ChequeState = z.infer<typeof chequeStateSchema>;

/** States that part 2 of the lifecycle reaches (no part 1 operation leads to them). */
export const PART_2_STATES: readonly ChequeState[] = ['DEVOLUCION-PENDIENTE', 'AVAL-PENDIENTE', 'CESION-PENDIENTE'];

/** No operation leaves these (LIFECYCLE §3). RECHAZADO is not final: part 2 gives it remedies. */
export const FINAL_STATES: readonly ChequeState[] = ['PAGADO', 'ANULADO', 'REPUDIADO', 'CADUCADO'];

/** States a cheque leaves for CADUCADO when it was not deposited by payment date + N (the expiry job). */
export const EXPIRABLE_STATES: readonly ChequeState[] = [
  'EMITIDO-PENDIENTE',
  'ACTIVO',
  'ACTIVO-PENDIENTE',
  'DEVOLUCION-PENDIENTE',
];

export function isFinalState(state: ChequeState): boolean {
  return FINAL_STATES.includes(state);
}

/** Spanish names for screens (the wire keeps COELSA's names). */
export const CHEQUE_STATE_LABELS: Record<ChequeState, string> = {
  'EMITIDO-PENDIENTE': 'Emitido, pendiente de aceptación',
  ACTIVO: 'Activo',
  'ACTIVO-PENDIENTE': 'Endoso pendiente de aceptación',
  CUSTODIA: 'En custodia',
  DEPOSITADO: 'Depositado',
  PRESENTADO: 'Presentado al cobro',
  PAGADO: 'Pagado',
  RECHAZADO: 'Rechazado',
  REPUDIADO: 'Repudiado',
  ANULADO: 'Anulado',
  CADUCADO: 'Caducado',
  'DEVOLUCION-PENDIENTE': 'Devolución pendiente',
  'AVAL-PENDIENTE': 'Aval pendiente',
  'CESION-PENDIENTE': 'Cesión pendiente',
};

/** What a cheque shows while the registry has not answered an operation on it (it then offers no action). */
export const SYNCING_LABEL = 'Actualizando';

/**
 * The specification's `status` of a registry cheque, derived from its state (LIFECYCLE §5). Part 2's pending states
 * are ACTIVE: the cheque is still in circulation.
 */
export const STATE_SPEC_STATUS: Record<ChequeState, EcheqStatus> = {
  'EMITIDO-PENDIENTE': 'ACTIVE',
  ACTIVO: 'ACTIVE',
  'ACTIVO-PENDIENTE': 'ACTIVE',
  CUSTODIA: 'ACTIVE',
  DEPOSITADO: 'ACTIVE',
  PRESENTADO: 'ACTIVE',
  'DEVOLUCION-PENDIENTE': 'ACTIVE',
  'AVAL-PENDIENTE': 'ACTIVE',
  'CESION-PENDIENTE': 'ACTIVE',
  PAGADO: 'PAID',
  ANULADO: 'CANCELLED',
  REPUDIADO: 'CANCELLED',
  RECHAZADO: 'CANCELLED',
  CADUCADO: 'EXPIRED',
};

export function specStatusOf(state: ChequeState): EcheqStatus {
  return STATE_SPEC_STATUS[state];
}
