import { z } from 'zod';

/**
 * Operations by their wire names (LIFECYCLE §8). Companies and the paying bank call the first ones; PRESENT is the
 * registry's own step and EXPIRE and AUTO_DEPOSIT its jobs'. The last four are part 2's (returns): declared so that
 * the names are fixed, refused as not available yet.
 */
export const OPERATION_TYPES = [
  'ISSUE',
  'ACCEPT',
  'REPUDIATE',
  'ANNUL',
  'ENDORSE',
  'ACCEPT_ENDORSEMENT',
  'REPUDIATE_ENDORSEMENT',
  'ANNUL_ENDORSEMENT',
  'CUSTODY',
  'RESCUE',
  'DEPOSIT',
  'PRESENT',
  'PAY',
  'REJECT',
  'EXPIRE',
  'AUTO_DEPOSIT',
  'REQUEST_RETURN',
  'ACCEPT_RETURN',
  'REPUDIATE_RETURN',
  'ANNUL_RETURN',
] as const;
export const operationTypeSchema = z.enum(OPERATION_TYPES, { message: 'Operación inválida' });
export type OperationType = z.infer<typeof operationTypeSchema>;

/** Operations that exist by name but are not available until part 2 of the lifecycle. */
export const PART_2_OPERATIONS: readonly OperationType[] = [
  'REQUEST_RETURN',
  'ACCEPT_RETURN',
  'REPUDIATE_RETURN',
  'ANNUL_RETURN',
];

/** The operations a cheque's `actions` may list (what a company or the paying bank may do on an existing cheque). */
export const ACTION_TYPES = [
  'ACCEPT',
  'REPUDIATE',
  'ANNUL',
  'ENDORSE',
  'ACCEPT_ENDORSEMENT',
  'REPUDIATE_ENDORSEMENT',
  'ANNUL_ENDORSEMENT',
  'CUSTODY',
  'RESCUE',
  'DEPOSIT',
  'PAY',
  'REJECT',
  'REQUEST_RETURN',
  'ACCEPT_RETURN',
  'REPUDIATE_RETURN',
  'ANNUL_RETURN',
] as const satisfies readonly OperationType[];
export const actionTypeSchema = z.enum(ACTION_TYPES, { message: 'Operación inválida' });
export type ActionType = z.infer<typeof actionTypeSchema>;

/** Button and history labels (es-AR). */
export const OPERATION_LABELS: Record<OperationType, string> = {
  ISSUE: 'Emitir',
  ACCEPT: 'Aceptar',
  REPUDIATE: 'Repudiar',
  ANNUL: 'Anular',
  ENDORSE: 'Endosar',
  ACCEPT_ENDORSEMENT: 'Aceptar endoso',
  REPUDIATE_ENDORSEMENT: 'Repudiar endoso',
  ANNUL_ENDORSEMENT: 'Anular endoso',
  CUSTODY: 'Custodiar',
  RESCUE: 'Rescatar',
  DEPOSIT: 'Depositar',
  PRESENT: 'Presentar al cobro',
  PAY: 'Pagar',
  REJECT: 'Rechazar',
  EXPIRE: 'Caducar',
  AUTO_DEPOSIT: 'Depósito automático',
  REQUEST_RETURN: 'Solicitar devolución',
  ACCEPT_RETURN: 'Aceptar devolución',
  REPUDIATE_RETURN: 'Repudiar devolución',
  ANNUL_RETURN: 'Anular pedido de devolución',
};

/**
 * Positions a caller can hold on a cheque. A company (a CUIT) may hold several at once (the issuer may later be an
 * endorsee, the beneficiary is the holder after accepting). ENDORSER and ENDORSEE are the two sides of the
 * endorsement awaiting an answer; the paying bank (banco girado) is the issuer's bank; REGISTRY is the clearing
 * house itself and its jobs.
 */
export const POSITIONS = [
  'ISSUER',
  'BENEFICIARY',
  'HOLDER',
  'ENDORSER',
  'ENDORSEE',
  'PAYING_BANK',
  'REGISTRY',
] as const;
export type Position = (typeof POSITIONS)[number];

export const POSITION_LABELS: Record<Position, string> = {
  ISSUER: 'librador',
  BENEFICIARY: 'beneficiario',
  HOLDER: 'tenedor',
  ENDORSER: 'endosante',
  ENDORSEE: 'endosatario',
  PAYING_BANK: 'banco girado',
  REGISTRY: 'cámara compensadora',
};
