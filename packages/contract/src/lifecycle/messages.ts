import { formatDateAr } from './dates';
import { OPERATION_LABELS, type OperationType } from './operations';
import type { ChequeState } from './states';

/**
 * The Spanish reasons of a refusal. Each names what stops the operation: the cheque's state, the caller's position,
 * the window (with its date) or a rule.
 */

/** What the operation does to the cheque, after "no" / "solo" ("El ECHEQ está en estado X: no puede endosarse"). */
const CAN: Record<OperationType, string> = {
  ISSUE: 'puede emitirse',
  ACCEPT: 'puede aceptarse',
  REPUDIATE: 'puede repudiarse',
  ANNUL: 'puede anularse',
  ENDORSE: 'puede endosarse',
  ACCEPT_ENDORSEMENT: 'tiene un endoso para aceptar',
  REPUDIATE_ENDORSEMENT: 'tiene un endoso para repudiar',
  ANNUL_ENDORSEMENT: 'tiene un endoso para anular',
  CUSTODY: 'puede ponerse en custodia',
  RESCUE: 'puede rescatarse de la custodia',
  DEPOSIT: 'puede depositarse',
  PRESENT: 'puede presentarse al cobro',
  PAY: 'puede pagarse',
  REJECT: 'puede rechazarse',
  EXPIRE: 'puede caducar',
  AUTO_DEPOSIT: 'puede depositarse automáticamente',
  REQUEST_RETURN: 'admite un pedido de devolución',
  ACCEPT_RETURN: 'tiene una devolución para aceptar',
  REPUDIATE_RETURN: 'tiene una devolución para repudiar',
  ANNUL_RETURN: 'tiene un pedido de devolución para anular',
};

/** Who may do it ("Solo el tenedor puede depositar el ECHEQ"). */
const ONLY: Record<OperationType, string> = {
  ISSUE: 'Solo el librador puede emitir el ECHEQ',
  ACCEPT: 'Solo el beneficiario puede aceptar el ECHEQ',
  REPUDIATE: 'Solo el beneficiario puede repudiar el ECHEQ',
  ANNUL: 'Solo el librador puede anular el ECHEQ',
  ENDORSE: 'Solo el tenedor puede endosar el ECHEQ',
  ACCEPT_ENDORSEMENT: 'Solo el endosatario puede aceptar el endoso',
  REPUDIATE_ENDORSEMENT: 'Solo el endosatario puede repudiar el endoso',
  ANNUL_ENDORSEMENT: 'Solo el endosante puede anular el endoso',
  CUSTODY: 'Solo el tenedor puede poner el ECHEQ en custodia',
  RESCUE: 'Solo el tenedor puede rescatar el ECHEQ de la custodia',
  DEPOSIT: 'Solo el tenedor puede depositar el ECHEQ',
  PRESENT: 'Solo la cámara compensadora presenta el ECHEQ al cobro',
  PAY: 'Solo el banco girado puede pagar el ECHEQ',
  REJECT: 'Solo el banco girado puede rechazar el ECHEQ',
  EXPIRE: 'Solo la cámara compensadora da por caducado el ECHEQ',
  AUTO_DEPOSIT: 'Solo el proceso de custodia deposita automáticamente el ECHEQ',
  REQUEST_RETURN: 'Solo el librador puede solicitar la devolución del ECHEQ',
  ACCEPT_RETURN: 'Solo el tenedor puede aceptar la devolución del ECHEQ',
  REPUDIATE_RETURN: 'Solo el tenedor puede repudiar la devolución del ECHEQ',
  ANNUL_RETURN: 'Solo el librador puede anular el pedido de devolución',
};

/** The verb of the UNTIL_PAYMENT_DATE window ("El plazo para aceptar el ECHEQ venció el …"). */
const INFINITIVE: Partial<Record<OperationType, string>> = { ACCEPT: 'aceptar', REPUDIATE: 'repudiar' };

export const refusalMessages = {
  notAvailable: (op: OperationType) => `${OPERATION_LABELS[op]}: la operación todavía no está disponible`,
  alreadyIssued: () => 'El ECHEQ ya fue emitido',
  state: (state: ChequeState, op: OperationType) => `El ECHEQ está en estado ${state}: no ${CAN[op]}`,
  party: (op: OperationType) => ONLY[op],
  paymentDatePassed: (op: OperationType, paymentDate: string) =>
    `El plazo para ${INFINITIVE[op] ?? 'operar'} el ECHEQ venció el ${formatDateAr(paymentDate)}`,
  onlyBeforePaymentDate: (op: OperationType, paymentDate: string) =>
    `El ECHEQ solo ${CAN[op]} antes de la fecha de pago (${formatDateAr(paymentDate)})`,
  notBeforePaymentDate: (op: OperationType, paymentDate: string) =>
    `El ECHEQ no ${CAN[op]} antes de la fecha de pago (${formatDateAr(paymentDate)})`,
  presentationOver: (end: string) => `El plazo de presentación venció el ${formatDateAr(end)}`,
  presentationNotOver: (end: string) =>
    `El plazo de presentación vence el ${formatDateAr(end)}: el ECHEQ todavía no caduca`,
  notALaOrden: () => 'Un ECHEQ no a la orden no puede endosarse',
  endorsementLimit: (max: number) => `El ECHEQ ya tiene ${max} endosos, el máximo permitido`,
  endorseToSelf: () => 'No puede endosar el ECHEQ a su propio CUIT',
  motivoRequired: () => 'Indique el motivo',
  cmc7: () => 'El CMC7 no corresponde a la cuenta y al número del ECHEQ',
  issueToSelf: () => 'No puede emitir un ECHEQ a su propio CUIT',
  accountInactive: () => 'La cuenta corriente no está activa',
  accountCbu: () => 'El CBU del librador no es el de la cuenta',
  accountCurrency: (currency: string) => `La moneda del ECHEQ debe ser la de la cuenta (${currency})`,
  issueDate: (today: string) => `La fecha de emisión debe ser la de hoy (${formatDateAr(today)})`,
  comunPaymentDate: (issueDate: string) =>
    `Un ECHEQ común se paga el día de su emisión: la fecha de pago debe ser ${formatDateAr(issueDate)}`,
  diferidoPaymentDate: (maxDays: number) =>
    `Un ECHEQ de pago diferido se paga entre 1 y ${maxDays} días después de su emisión`,
  // The registry's own refusals (modules/clearing/registry on the server).
  numberUsed: (number: string) => `El número de cheque ${number} ya fue usado en esta cuenta`,
  idempotencyMismatch: () => 'La clave de idempotencia ya se usó con otro contenido',
  operationKey: () => 'Clave de idempotencia inválida',
  outsideIssuer: () => 'El librador de un ECHEQ recibido simulado debe ser una empresa fuera de la plataforma',
  outsideBank: () => 'El banco del librador de un ECHEQ recibido simulado debe estar fuera de la plataforma',
  clientBeneficiary: () => 'El beneficiario de un ECHEQ recibido simulado debe ser una empresa de la plataforma',
};
