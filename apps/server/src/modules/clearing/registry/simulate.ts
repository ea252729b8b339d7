import {
  buenosAiresDateOf,
  type ChequeCaracter,
  type ChequeConcepto,
  type ChequeTipo,
  type Currency,
  cmc7ForAccount,
  formatChequeNumber,
  makeCbu,
  refusalMessages as msg,
  refusal,
} from '@echeq/contract';
import type { Queryable } from '../../../platform/db/db';
import { claimOperation, inputRefusal, issueClaimed, KEY_RE } from './engine';
import { answerKey, lastNumber } from './store';
import type { RegistryContext, RegistryOutcome } from './types';

/** "Simular ECHEQ recibido": what a system or bank administrator on sandbox asks for. */
export type SimulateReceivedRequest = {
  key: string;
  /** The outside company that issues (a CUIT the platform does not know) and its bank (a code off the platform). */
  issuer: { cuit: string; name: string; bank_code: string };
  /** The platform's client company that receives it. */
  beneficiary: { cuit: string; name: string | null };
  amount: number;
  currency: Currency;
  tipo: ChequeTipo;
  caracter: ChequeCaracter;
  concepto: ChequeConcepto;
  /** The issue date is the day of `at`; for COMUN the payment date is that day too. */
  payment_date: string;
  motivo?: string | null;
};

/**
 * The outside company's current account at its bank: branch 0001, account digits from its CUIT, so one company
 * always issues from the same account and its numbers follow on.
 */
function outsideAccountCbu(bankCode: string, cuit: string): string {
  return makeCbu({ bankCode, branch: '0001', account: `00${cuit.slice(0, 11)}` });
}

const simRefusal = (message: string, field: string): RegistryOutcome => ({
  ...refusal('RULE', message, field),
  replayed: false,
});

/** The outside company's checks: none of it is on the platform, its beneficiary is. Null when right. */
async function problem(
  q: Queryable,
  req: SimulateReceivedRequest,
  ctx: RegistryContext,
): Promise<RegistryOutcome | null> {
  if (await ctx.directory.knowsCuit(q, req.issuer.cuit)) return simRefusal(msg.outsideIssuer(), 'issuer.cuit');
  if (await ctx.directory.knowsBank(q, req.issuer.bank_code)) return simRefusal(msg.outsideBank(), 'issuer.bank_code');
  if (!(await ctx.directory.knowsCuit(q, req.beneficiary.cuit))) {
    return simRefusal(msg.clientBeneficiary(), 'beneficiary.cuit');
  }
  return null;
}

/**
 * Makes an outside company issue a cheque to a client company of the platform: the registry plays the issuer and
 * its bank (its account, its next number; a number a concurrent simulation took is skipped) and the cheque goes
 * through the same ISSUE as any other, so it arrives EMITIDO-PENDIENTE in the client's Recibidos.
 */
export async function registrySimulateReceived(
  q: Queryable,
  req: SimulateReceivedRequest,
  at: string,
  ctx: RegistryContext,
): Promise<RegistryOutcome> {
  if (typeof req.key !== 'string' || !KEY_RE.test(req.key)) return inputRefusal(msg.operationKey(), 'key');
  const { key, ...body } = req;
  const { before } = await claimOperation(q, key, { type: 'SIMULATE_RECEIVED', ...body }, 'ISSUE', null, at);
  if (before) return before;
  let outcome = await problem(q, req, ctx);
  let cbu: string | null = null;
  let issueDate: string | null = null;
  try {
    cbu = outsideAccountCbu(req.issuer.bank_code, req.issuer.cuit);
    issueDate = buenosAiresDateOf(at);
  } catch {
    outcome ??= { ...refusal('INPUT', 'Banco o CUIT del librador inválidos', 'issuer'), replayed: false };
  }
  for (let attempt = 0; !outcome && cbu && issueDate; attempt++) {
    const number = formatChequeNumber((await lastNumber(q, cbu)) + 1);
    const result = await issueClaimed(
      q,
      key,
      {
        caller: { cuit: req.issuer.cuit },
        account: { cbu, currency: req.currency, active: true },
        cheque: {
          number,
          cmc7: cmc7ForAccount({ cbu, postalCode: '1000', number }),
          tipo: req.tipo,
          caracter: req.caracter,
          concepto: req.concepto,
          motivo: req.motivo ?? null,
          amount: req.amount,
          currency: req.currency,
          issue_date: issueDate,
          payment_date: req.payment_date,
          issuer: { cuit: req.issuer.cuit, name: req.issuer.name, bank_code: req.issuer.bank_code, cbu },
          beneficiary: { cuit: req.beneficiary.cuit, name: req.beneficiary.name },
        },
      },
      at,
      ctx,
    );
    if (result.ok || result.reason !== 'NUMBER' || attempt >= 4) outcome = result;
  }
  const final = outcome as RegistryOutcome;
  await answerKey(q, key, final.ok ? final.cheque.cheque_id : null, final);
  return final;
}
