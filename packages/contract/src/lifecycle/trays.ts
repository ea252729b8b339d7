import { z } from 'zod';
import type { LifecycleCheque } from './cheque';
import { allowedActions } from './machine';
import type { OperationType } from './operations';
import { type Caller, pendingEndorsement } from './positions';
import type { LifecycleOptions } from './rules';
import { isFinalState } from './states';

/** The trays of the ECHEQs screen (LIFECYCLE §8), by their route names. */
export const TRAYS = ['recibidos', 'emitidos', 'endosados', 'custodia', 'depositados', 'historial'] as const;
export const traySchema = z.enum(TRAYS, { message: 'Bandeja inválida' });
export type Tray = z.infer<typeof traySchema>;

export const TRAY_LABELS: Record<Tray, string> = {
  recibidos: 'Recibidos',
  emitidos: 'Emitidos',
  endosados: 'Endosados',
  custodia: 'En custodia',
  depositados: 'Depositados',
  historial: 'Historial',
};

/**
 * The one tray a cheque is in for a company (by CUIT), or null when the company is not and was never a party. The
 * first rule that matches decides:
 * 1. historial: the state is final (PAGADO, ANULADO, REPUDIADO, CADUCADO) or RECHAZADO (nothing to do in part 1;
 *    part 2's remedies will bring it back to the holder's recibidos).
 * 2. The company is the holder: custodia (CUSTODIA), depositados (DEPOSITADO, PRESENTADO), endosados
 *    (ACTIVO-PENDIENTE: it endorsed and awaits the endorsee), recibidos (ACTIVO and part 2's pending states).
 * 3. recibidos: it is the beneficiary of a cheque EMITIDO-PENDIENTE, or the endorsee of the pending endorsement.
 * 4. emitidos: it is the issuer.
 * 5. endosados: it endorsed the cheque on (an ACCEPTED endorsement from it).
 * 6. historial: it is still a party but holds no position (an endorsement to it was repudiated or annulled).
 */
export function trayOf(cheque: LifecycleCheque, cuit: string): Tray | null {
  const endorsedBy = cheque.endorsements.some((e) => e.from_cuit === cuit && e.status === 'ACCEPTED');
  const offered = cheque.endorsements.some((e) => e.to_cuit === cuit || e.from_cuit === cuit);
  const party =
    cheque.issuer.cuit === cuit || cheque.beneficiary.cuit === cuit || cheque.holder_cuit === cuit || offered;
  if (!party) return null;
  const state = cheque.state;
  if (isFinalState(state) || state === 'RECHAZADO') return 'historial';
  if (cheque.holder_cuit === cuit) {
    if (state === 'CUSTODIA') return 'custodia';
    if (state === 'DEPOSITADO' || state === 'PRESENTADO') return 'depositados';
    if (state === 'ACTIVO-PENDIENTE') return 'endosados';
    return 'recibidos';
  }
  if (state === 'EMITIDO-PENDIENTE' && cheque.beneficiary.cuit === cuit) return 'recibidos';
  if (pendingEndorsement(cheque)?.to_cuit === cuit) return 'recibidos';
  if (cheque.issuer.cuit === cuit) return 'emitidos';
  if (endorsedBy) return 'endosados';
  return 'historial';
}

/**
 * Operations that mean "this cheque awaits you": an answer someone waits for (accept or repudiate an emission or an
 * endorsement, a return in part 2), a deposit whose window is open (it expires otherwise), and the paying bank's
 * decision on a presented cheque. The other actions (endorse, custody, annul…) are options, not pending work.
 */
export const AWAITING_OPERATIONS: readonly OperationType[] = [
  'ACCEPT',
  'REPUDIATE',
  'ACCEPT_ENDORSEMENT',
  'REPUDIATE_ENDORSEMENT',
  'DEPOSIT',
  'PAY',
  'REJECT',
  'ACCEPT_RETURN',
  'REPUDIATE_RETURN',
];

/** Whether the cheque awaits the caller's action today (the trays' `pending` counts, the bank's queue). */
export function isPending(
  cheque: LifecycleCheque,
  caller: Caller,
  today: string,
  options: LifecycleOptions = {},
): boolean {
  return allowedActions(cheque, caller, today, options).some((op) => AWAITING_OPERATIONS.includes(op));
}
