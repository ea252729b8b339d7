import { type Caller, pendingEndorsement, type REJECTION_MOTIVES, type RegistryCheque, toCents } from '@echeq/contract';
import type { Queryable } from '../../../platform/db/db';
import type { RegistryDirectory } from './types';

/**
 * The parties the sandbox plays (LIFECYCLE §6): companies and paying banks outside the platform. Documented like
 * a card network's test cards: a cheque whose amount ends in these cents is rejected, with this motivo, wherever the
 * sandbox answers for the paying bank (a bank off the platform, or the cut-off of a platform bank's silence).
 */
const TEST_AMOUNT_REJECTIONS: Readonly<Record<string, (typeof REJECTION_MOTIVES)[number]>> = {
  '13': 'Sin fondos suficientes',
  '14': 'Cuenta cerrada',
  '15': 'Orden de no pagar',
};

/** The motivo a test amount is rejected with, or null: the sandbox pays it. */
export function testAmountRejection(amount: number | string): string | null {
  const cents = toCents(amount) % 100n;
  return TEST_AMOUNT_REJECTIONS[cents.toString().padStart(2, '0')] ?? null;
}

/** The paying bank's answer where the sandbox gives it: PAY, or REJECT for the test amounts. */
export function sandboxPayment(cheque: RegistryCheque): { type: 'PAY' } | { type: 'REJECT'; motivo: string } {
  const motivo = testAmountRejection(cheque.amount);
  return motivo ? { type: 'REJECT', motivo } : { type: 'PAY' };
}

type Reply =
  | { type: 'ACCEPT' | 'ACCEPT_ENDORSEMENT' | 'PAY'; caller: Caller }
  | { type: 'REJECT'; caller: Caller; motivo: string };

/** What a party off the platform does at once about the cheque as it stands, or null (nothing is theirs to do). */
export async function outsideReply(
  q: Queryable,
  cheque: RegistryCheque,
  directory: RegistryDirectory,
): Promise<Reply | null> {
  if (cheque.state === 'EMITIDO-PENDIENTE' && !(await directory.knowsCuit(q, cheque.beneficiary.cuit))) {
    return { type: 'ACCEPT', caller: { cuit: cheque.beneficiary.cuit } };
  }
  const pending = pendingEndorsement(cheque);
  if (pending && !(await directory.knowsCuit(q, pending.to_cuit))) {
    return { type: 'ACCEPT_ENDORSEMENT', caller: { cuit: pending.to_cuit } };
  }
  if (cheque.state === 'PRESENTADO' && !(await directory.knowsBank(q, cheque.issuer.bank_code))) {
    return { ...sandboxPayment(cheque), caller: { payingBank: true } };
  }
  return null;
}
