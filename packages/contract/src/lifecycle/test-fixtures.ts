import { makeCuit } from '../cuit';
import { makeCbu } from './cbu';
import type { ChequeDraft, Endorsement, RegistryCheque } from './cheque';
import type { IssueAccount } from './guards';
import { cmc7ForAccount } from './identity';
import type { ChequeState } from './states';

/** A cast of companies for the lifecycle's unit tests (valid CUITs) and a cheque in any state among them. */
export const ISSUER = makeCuit('30', '71000001');
export const BENEFICIARY = makeCuit('30', '71000002');
export const HOLDER = makeCuit('30', '71000003');
export const ENDORSEE = makeCuit('30', '71000004');
export const STRANGER = makeCuit('30', '71000005');
export const OTHER = makeCuit('20', '30000006');

/** The known valid CBU of python-stdnum's documentation (bank 285, branch 0590). */
const ISSUER_CBU = makeCbu({ bankCode: '285', branch: '0590', account: '4009041813520' });

export const PAYMENT_DATE = '2026-05-20';

/** A Buenos Aires noon instant on `date`, the `at` of an operation done that day. */
export const noon = (date: string) => `${date}T12:00:00-03:00`;

export function link(from: string, to: string, status: Endorsement['status'], at = noon('2026-04-10')): Endorsement {
  return { from_cuit: from, to_cuit: to, to_name: null, at, status, motivo: null };
}

const NOT_ACCEPTED: readonly ChequeState[] = ['EMITIDO-PENDIENTE', 'REPUDIADO', 'ANULADO'];

/**
 * A cheque ISSUER drew to BENEFICIARY, in `state`. Once accepted, BENEFICIARY endorsed it to HOLDER (accepted), so
 * that issuer, beneficiary and holder are three companies; ACTIVO-PENDIENTE adds HOLDER → ENDORSEE, pending.
 */
export function chequeIn(state: ChequeState, overrides: Partial<RegistryCheque> = {}): RegistryCheque {
  const accepted = !NOT_ACCEPTED.includes(state);
  const endorsements: Endorsement[] = accepted ? [link(BENEFICIARY, HOLDER, 'ACCEPTED')] : [];
  if (state === 'ACTIVO-PENDIENTE') endorsements.push(link(HOLDER, ENDORSEE, 'PENDING', noon('2026-04-12')));
  return {
    cheque_id: 'AB12CD34EF56GH7',
    number: '00000042',
    cmc7: cmc7ForAccount({ cbu: ISSUER_CBU, postalCode: '1000', number: '00000042' }),
    tipo: 'DIFERIDO',
    caracter: 'A_LA_ORDEN',
    concepto: 'FAC',
    motivo: null,
    amount: 150000.5,
    currency: 'ARS',
    issue_date: '2026-04-01',
    payment_date: PAYMENT_DATE,
    issuer: { cuit: ISSUER, name: 'Librador S.A.', bank_code: '285', cbu: ISSUER_CBU },
    beneficiary: { cuit: BENEFICIARY, name: 'Beneficiario S.R.L.' },
    holder_cuit: accepted ? HOLDER : null,
    endorsements,
    state,
    issued_at: noon('2026-04-01'),
    annulment: null,
    repudiation: null,
    deposit: null,
    presented_at: null,
    paid_at: null,
    rejection: null,
    expired_at: null,
    ...overrides,
  };
}

/** An ACTIVO cheque with `n` (≥ 1) accepted endorsements passing it between BENEFICIARY and HOLDER. */
export function activeWithEndorsements(n: number): RegistryCheque {
  const chain: Endorsement[] = [];
  for (let i = 0; i < n; i++) {
    chain.push(i % 2 === 0 ? link(BENEFICIARY, HOLDER, 'ACCEPTED') : link(HOLDER, BENEFICIARY, 'ACCEPTED'));
  }
  return chequeIn('ACTIVO', { endorsements: chain, holder_cuit: (chain.at(-1) as Endorsement).to_cuit });
}

/** What ISSUER's bank sends to issue a DIFERIDO cheque to BENEFICIARY on `issueDate`, payable on `paymentDate`. */
export function draftFor(issueDate: string, paymentDate: string, overrides: Partial<ChequeDraft> = {}): ChequeDraft {
  const c = chequeIn('EMITIDO-PENDIENTE');
  return {
    cheque_id: c.cheque_id,
    number: c.number,
    cmc7: c.cmc7,
    tipo: 'DIFERIDO',
    caracter: c.caracter,
    concepto: c.concepto,
    motivo: c.motivo,
    amount: c.amount,
    currency: c.currency,
    issue_date: issueDate,
    payment_date: paymentDate,
    issuer: c.issuer,
    beneficiary: c.beneficiary,
    ...overrides,
  };
}

/** ISSUER's active ARS account, the one `chequeIn` cheques are drawn on. */
export const ISSUER_ACCOUNT: IssueAccount = { cbu: ISSUER_CBU, currency: 'ARS', active: true };
