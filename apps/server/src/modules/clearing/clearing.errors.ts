import type { ClearingReason } from '@echeq/contract';

export type UnavailableReason =
  | 'TIMEOUT'
  | 'CONNECTION'
  | 'SERVER_ERROR'
  | 'CIRCUIT_OPEN'
  | 'BAD_RESPONSE'
  | 'DESTINATION';

const UNAVAILABLE_TEXT: Record<UnavailableReason, string> = {
  TIMEOUT: 'tiempo de espera agotado',
  CONNECTION: 'no se pudo establecer la conexión',
  SERVER_ERROR: 'el servicio respondió con un error',
  CIRCUIT_OPEN: 'demasiadas fallas recientes; se reintentará en unos segundos',
  BAD_RESPONSE: 'respuesta inválida del servicio',
  DESTINATION: 'destino no permitido',
};

/** The clearing house could not be reached or failed (retried where it made sense). Maps to 503. */
export class ClearingUnavailableError extends Error {
  readonly reason: UnavailableReason;
  readonly attempts: number;
  constructor(reason: UnavailableReason, detail: string | null, attempts: number) {
    super(detail ? `${UNAVAILABLE_TEXT[reason]} (${detail})` : UNAVAILABLE_TEXT[reason]);
    this.name = 'ClearingUnavailableError';
    this.reason = reason;
    this.attempts = attempts;
  }
}

/** The clearing house answered and refused the request (4xx). Never retried. */
export class ClearingRejectedError extends Error {
  readonly status: number;
  readonly code: string;
  readonly reasons: ClearingReason[];
  constructor(status: number, code: string, message: string, reasons: ClearingReason[] = []) {
    super(message);
    this.name = 'ClearingRejectedError';
    this.status = status;
    this.code = code;
    this.reasons = reasons;
  }

  /** The clearing house did not accept our credentials or signature: a configuration problem, not a data one. */
  get isAuthFailure(): boolean {
    return this.status === 401 || this.status === 403;
  }
}
