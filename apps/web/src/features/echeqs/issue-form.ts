import {
  addDays,
  buenosAiresDateOf,
  type ChequeCaracter,
  type ChequeConcepto,
  type ChequeTipo,
  type CurrentAccount,
  type IssueBody,
  issueBodySchema,
  issueDateProblem,
} from '@echeq/contract';
import { parseAmount } from '../../components/cheque-form';
import { issuesByField } from '../../components/use-form-fields';

export type IssueValues = {
  account_id: string;
  beneficiary_cuit: string;
  beneficiary_name: string;
  tipo: ChequeTipo;
  caracter: ChequeCaracter;
  concepto: ChequeConcepto;
  amount: string;
  payment_date: string;
  motivo: string;
};

/** Today in Buenos Aires (a COMUN cheque's payment date, and where a DIFERIDO one's window starts). */
export const todayBA = () => buenosAiresDateOf(new Date());

export function initialIssue(accounts: readonly CurrentAccount[] | undefined): IssueValues {
  const usable = (accounts ?? []).filter(usableAccount);
  return {
    account_id: usable.length === 1 ? (usable[0]?.id ?? '') : '',
    beneficiary_cuit: '',
    beneficiary_name: '',
    tipo: 'DIFERIDO',
    caracter: 'A_LA_ORDEN',
    concepto: 'FAC',
    amount: '',
    payment_date: addDays(todayBA(), 30),
    motivo: '',
  };
}

/** An account a cheque can be issued from: active, with numbers left in an active chequebook. */
export const usableAccount = (a: CurrentAccount) => a.status === 'ACTIVE' && a.remaining > 0;

/** The request body (COMUN pays today) and what is wrong with it, by field, in the contract's words. */
export function issueRequest(
  v: IssueValues,
  own: { cuit?: string | null | undefined } = {},
): { body: IssueBody; errors: Record<string, string> } {
  const amount = parseAmount(v.amount);
  const today = todayBA();
  const payment = v.tipo === 'COMUN' ? today : v.payment_date;
  const body: IssueBody = {
    account_id: v.account_id,
    beneficiary_cuit: v.beneficiary_cuit.replace(/-/g, ''),
    amount: amount ?? Number.NaN,
    tipo: v.tipo,
    caracter: v.caracter,
    concepto: v.concepto,
    payment_date: payment,
    ...(v.beneficiary_name.trim() ? { beneficiary_name: v.beneficiary_name.trim() } : {}),
    ...(v.motivo.trim() ? { motivo: v.motivo.trim() } : {}),
  };
  const checked = issueBodySchema.safeParse(body);
  const errors = checked.success ? {} : issuesByField(checked.error.issues);
  if (!v.account_id) errors.account_id = 'Elija la cuenta';
  if (!v.amount.trim()) errors.amount = 'Ingrese el monto';
  else if (amount === null) errors.amount = 'Monto inválido: use números con hasta dos decimales';
  if (v.tipo === 'DIFERIDO' && (!payment || payment === 'invalid')) errors.payment_date = 'Ingrese la fecha de pago';
  else if (!errors.payment_date) {
    const problem = issueDateProblem({ tipo: v.tipo, issueDate: today, paymentDate: payment });
    if (problem) errors.payment_date = problem;
  }
  const digits = v.beneficiary_cuit.replace(/\D/g, '');
  if (!errors.beneficiary_cuit && own.cuit && digits === own.cuit.replace(/\D/g, '')) {
    errors.beneficiary_cuit = 'No puede emitirse un ECHEQ a la CUIT de su propia empresa';
  }
  return { body, errors };
}
