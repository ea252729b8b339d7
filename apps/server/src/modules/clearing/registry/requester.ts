import type { Caller } from '@echeq/contract';
import type { Queryable } from '../../../platform/db/db';
import type { RegistryIssueRequest, RegistryOutcome, RegistryRequest, RegistryRequester } from './types';

/**
 * Whether the requesting bank may ask for an operation (decision 042), before its key is claimed: a bank acts only
 * for its own adherents (registry_adherents), pays or rejects only what is drawn on it, issues only on its own
 * accounts. Checked before the claim so that a refusal leaves nothing behind, not even the key's answer, and so that
 * a bank that sends another bank's key is refused instead of being answered that bank's outcome. What it reads does
 * not change once true (adhesions are never undone, a cheque's paying bank and an account's bank are fixed), so
 * reading it without the cheque's lock decides the same as reading it under it. A malformed request passes through:
 * the contract's `apply` refuses it right after, with its own message.
 */

const forbidden = (message: string, field: string): RegistryOutcome => ({
  ok: false,
  code: 'FORBIDDEN',
  reason: 'REQUESTER',
  message,
  field,
  replayed: false,
});

async function isAdherent(q: Queryable, cuit: string, bankCode: string): Promise<boolean> {
  const r = await q.query('select 1 from registry_adherents where cuit = $1 and bank_code = $2', [cuit, bankCode]);
  return r.rows.length > 0;
}

/** The refusal of a company caller that is not the bank's adherent, of the registry's own caller, or null. */
async function callerRefusal(q: Queryable, bankCode: string, caller: Caller | undefined) {
  if (!caller || typeof caller !== 'object') return null;
  if (caller.registry) return forbidden('Un banco no puede operar en nombre del registro', 'caller');
  if (typeof caller.cuit === 'string' && !(await isAdherent(q, caller.cuit, bankCode))) {
    return forbidden(`La CUIT ${caller.cuit} no está adherida a ECHEQ a través del banco ${bankCode}`, 'caller');
  }
  return null;
}

const bankOfCbu = (cbu: unknown) => (typeof cbu === 'string' ? cbu.slice(0, 3) : null);

/** An issue: on an account of the requesting bank (its CBU's code), by an issuer and a caller that adhered through it. */
export async function issueRequesterRefusal(
  q: Queryable,
  requester: RegistryRequester,
  req: Omit<RegistryIssueRequest, 'key'>,
): Promise<RegistryOutcome | null> {
  if (requester.kind !== 'bank') return null;
  const { bankCode } = requester;
  const caller = req.caller as Caller | undefined;
  if (caller?.payingBank) return forbidden('Un banco no libra ECHEQs: los libran sus clientes', 'caller');
  const accountBank = bankOfCbu(req.account?.cbu);
  const issuerBanks = [bankOfCbu(req.cheque?.issuer?.cbu), req.cheque?.issuer?.bank_code];
  const banks = [accountBank, ...issuerBanks].filter((b) => typeof b === 'string');
  if (banks.some((b) => b !== bankCode)) {
    return forbidden(`La cuenta del ECHEQ no es del banco ${bankCode}`, 'account');
  }
  const refusal = await callerRefusal(q, bankCode, caller);
  if (refusal) return refusal;
  const issuer = req.cheque?.issuer?.cuit;
  if (typeof issuer === 'string' && issuer !== caller?.cuit && !(await isAdherent(q, issuer, bankCode))) {
    return forbidden(`La CUIT ${issuer} no está adherida a ECHEQ a través del banco ${bankCode}`, 'cheque.issuer');
  }
  return null;
}

/** An operation on a cheque: a company caller adhered through the bank; a paying-bank caller, the cheque drawn on it. */
export async function operateRequesterRefusal(
  q: Queryable,
  requester: RegistryRequester,
  req: Omit<RegistryRequest, 'key'>,
): Promise<RegistryOutcome | null> {
  if (requester.kind !== 'bank') return null;
  const { bankCode } = requester;
  const caller = req.caller as Caller | undefined;
  if (caller?.payingBank) {
    const r = await q.query<{ bank_code: string }>('select bank_code from registry_cheques where cheque_id = $1', [
      req.cheque_id,
    ]);
    const drawnOn = r.rows[0]?.bank_code;
    if (drawnOn !== undefined && drawnOn !== bankCode) {
      return forbidden(
        `El ECHEQ no está librado contra el banco ${bankCode}: solo el banco girado lo paga o rechaza`,
        'caller',
      );
    }
  }
  return callerRefusal(q, bankCode, caller);
}

/** Events and adhesions: a bank reads and adheres for itself only. The refusal's message, or null. */
export function bankMismatch(requester: RegistryRequester, bankCode: string): string | null {
  if (requester.kind !== 'bank' || requester.bankCode === bankCode) return null;
  return `Las credenciales son del banco ${requester.bankCode}: no puede leer ni adherir por el banco ${bankCode}`;
}
