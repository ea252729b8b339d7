import { type ActionType, type Echeq, OPERATION_LABELS, type Tray } from '@echeq/contract';
import { formatAmount, formatCuit, formatDate } from '../../lib/format';

/** Operations that undo or refuse something: their confirm button is red. */
const DESTRUCTIVE: readonly ActionType[] = [
  'REPUDIATE',
  'ANNUL',
  'REPUDIATE_ENDORSEMENT',
  'ANNUL_ENDORSEMENT',
  'REJECT',
];
export const isDestructive = (a: ActionType) => DESTRUCTIVE.includes(a);

/** Operations whose body is `{ motivo }` (a free text), and the one whose motivo comes from the contract's list. */
const FREE_MOTIVO: readonly ActionType[] = ['REPUDIATE', 'ANNUL', 'REPUDIATE_ENDORSEMENT'];
export function motivoKind(a: ActionType): 'text' | 'list' | null {
  if (a === 'REJECT') return 'list';
  return FREE_MOTIVO.includes(a) ? 'text' : null;
}

/** The operations this screen offers (part 2's are declared by the contract but not available yet). */
const SCREEN_ACTIONS: readonly ActionType[] = [
  'ACCEPT',
  'REPUDIATE',
  'ACCEPT_ENDORSEMENT',
  'REPUDIATE_ENDORSEMENT',
  'DEPOSIT',
  'ENDORSE',
  'CUSTODY',
  'RESCUE',
  'ANNUL_ENDORSEMENT',
  'ANNUL',
  'PAY',
  'REJECT',
];

/** The actions of a cheque the screen shows, in the order above; none while the registry has not answered. */
export function shownActions(e: Echeq): ActionType[] {
  if (e.syncing) return [];
  const offered = new Set(e.actions ?? []);
  return SCREEN_ACTIONS.filter((a) => offered.has(a));
}

export const actionLabel = (a: ActionType) => OPERATION_LABELS[a];

/** A party's name, or 'CUIT 30-72345678-5' where the cheque knows only its CUIT. */
export const partyLabel = (name: string) => (/^\d{11}$/.test(name) ? `CUIT ${formatCuit(name)}` : name);

/** 'el ECHEQ N° 12345678 por $ 150.000,00 ARS' */
const face = (e: Echeq) => `el ECHEQ N° ${e.number} por ${formatAmount(e.amount, e.currency)}`;
const from = (e: Echeq) => (e.issuer ? ` de ${partyLabel(e.issuer).replace(/\.$/, '')}` : '');

/** What the operation will do, in plain words (the confirmation's text). */
export function operationSentence(a: ActionType, e: Echeq): string {
  switch (a) {
    case 'ACCEPT':
      return `Aceptará ${face(e)}${from(e)}. Pasará a ser su tenedor.`;
    case 'REPUDIATE':
      return `Repudiará ${face(e)}${from(e)}. El ECHEQ quedará repudiado y no podrá cobrarse.`;
    case 'ANNUL':
      return `Anulará ${face(e)} emitido a ${partyLabel(e.beneficiary)}. El beneficiario ya no podrá aceptarlo y el número no se vuelve a usar.`;
    case 'ACCEPT_ENDORSEMENT':
      return `Aceptará el endoso del ${face(e).slice(3)}${from(e)}. Pasará a ser su tenedor.`;
    case 'REPUDIATE_ENDORSEMENT':
      return `Repudiará el endoso del ${face(e).slice(3)}${from(e)}. El ECHEQ seguirá en poder de quien se lo endosó.`;
    case 'ANNUL_ENDORSEMENT':
      return `Anulará el endoso del ${face(e).slice(3)}. Usted seguirá siendo su tenedor.`;
    case 'CUSTODY':
      return `Dejará ${face(e)} en custodia de su banco. El banco lo depositará en su fecha de pago (${formatDate(e.payment_date ?? e.due_date)}).`;
    case 'RESCUE':
      return `Rescatará ${face(e)} de la custodia. Volverá a estar activo en su cartera.`;
    case 'DEPOSIT':
      return `Depositará ${face(e)} en su cuenta. Se presentará al cobro al banco girado.`;
    case 'PAY':
      return `Pagará ${face(e)}${from(e)}. Se debitará de la cuenta del librador.`;
    case 'REJECT':
      return `Rechazará ${face(e)}${from(e)}. El tenedor no lo cobrará.`;
    default:
      return `${actionLabel(a)}: ${face(e)}.`;
  }
}

/** The snackbar after the registry answered, or while it is still answering (202). */
export function operationNotice(a: ActionType, e: Echeq): { severity: 'success' | 'info'; text: string } {
  if (e.syncing) {
    return {
      severity: 'info',
      text: `ECHEQ N° ${e.number}: la operación se está procesando. El estado se actualizará en breve.`,
    };
  }
  const done: Partial<Record<ActionType, string>> = {
    ACCEPT: 'aceptado',
    REPUDIATE: 'repudiado',
    ANNUL: 'anulado',
    ENDORSE: 'endosado: espera la aceptación del endosatario',
    ACCEPT_ENDORSEMENT: 'recibido: endoso aceptado',
    REPUDIATE_ENDORSEMENT: 'devuelto: endoso repudiado',
    ANNUL_ENDORSEMENT: 'de vuelta en su cartera: endoso anulado',
    CUSTODY: 'en custodia',
    RESCUE: 'rescatado de la custodia',
    DEPOSIT: 'depositado',
    PAY: 'pagado',
    REJECT: 'rechazado',
  };
  return { severity: 'success', text: `ECHEQ N° ${e.number} ${done[a] ?? 'actualizado'}` };
}

/** The endorsement's preview: 'Endosará el ECHEQ N° … a Distribuidora Norte S.A. (CUIT 30-75678901-4).' */
export function endorseSentence(e: Echeq, cuit: string, name: string): string {
  const to = name.trim() ? `${name.trim()} (CUIT ${formatCuit(cuit)})` : `la CUIT ${formatCuit(cuit)}`;
  return `Endosará ${face(e)} a ${to}. El endosatario deberá aceptarlo; hasta entonces usted podrá anular el endoso.`;
}

/** What each tray holds, said above its rows. */
export const TRAY_HINTS: Record<Tray, string> = {
  recibidos:
    'ECHEQs emitidos o endosados a su empresa y los que tiene en cartera: acéptelos, endóselos, custódielos o deposítelos.',
  emitidos: 'ECHEQs que su empresa emitió y siguen en circulación.',
  endosados: 'ECHEQs que su empresa endosó: los que esperan la aceptación del endosatario y los ya transferidos.',
  custodia: 'ECHEQs en custodia de su banco: se depositan solos en su fecha de pago; puede rescatarlos antes.',
  depositados: 'ECHEQs depositados y presentados al cobro, a la espera del pago del banco girado.',
  historial: 'ECHEQs pagados, rechazados, repudiados, anulados o caducados, y los que ya no están en su poder.',
};
