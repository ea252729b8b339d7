import type { Caller } from '@echeq/contract';
import type { RegistryIssueRequest, RegistryOutcome, RegistryRequest, RegistryRequester } from './types';

/**
 * Whether the requesting bank may ask for an operation (decision 042), before its key is claimed: a bank acts only
 * for its own adherents (registry_adherents), pays or rejects only what is drawn on it, issues only on its own
 * accounts. Checked before the claim so that a refusal leaves nothing behind, not even the key's answer, and so that
 * a bank that sends another bank's key is refused instead of being answered that bank's outcome. What it reads does
 * not change once true (adhesions are never undone, a cheque's paying bank and an account's bank are fixed). A
 * malformed request passes through: the contract's `apply` refuses it right after, with its own message.
 *
 * What needs no database is decided here at once; what does (adherents, the cheque's paying bank) is read by the
 * statement that claims the key (store.ts, claimKey: one round trip with the cheque's lock) and judged by
 * `gateRefusal` from what it read.
 */

const forbidden = (message: string, field: string): RegistryOutcome => ({
  ok: false,
  code: 'FORBIDDEN',
  reason: 'REQUESTER',
  message,
  field,
  replayed: false,
});

/** What the claim's statement must check for the requester: CUITs that must be its adherents, the paying bank. */
export type RequesterGate = {
  /** The requesting bank's code (null: the registry's own work, nothing to check). */
  bankCode: string | null;
  /** CUITs that must have adhered through `bankCode`, in the order their refusals take precedence, with the field. */
  adherents: { cuit: string; field: string }[];
  /** When set, the cheque must be drawn on this bank (a paying-bank caller). */
  drawnOn: string | null;
};

/** What the claim's statement read: the CUITs of `adherents` that are not the bank's, whether the cheque is its. */
export type RequesterFacts = { missing: readonly string[]; drawn: boolean };

const REGISTRY_GATE: RequesterGate = { bankCode: null, adherents: [], drawnOn: null };

const notAdherent = (cuit: string, bankCode: string, field: string) =>
  forbidden(`La CUIT ${cuit} no está adherida a ECHEQ a través del banco ${bankCode}`, field);

const bankOfCbu = (cbu: unknown) => (typeof cbu === 'string' ? cbu.slice(0, 3) : null);

/** The registry's own caller is never a bank's to send. */
const registryCallerRefusal = (caller: Caller | undefined) =>
  caller && typeof caller === 'object' && caller.registry
    ? forbidden('Un banco no puede operar en nombre del registro', 'caller')
    : null;

const callerCuit = (caller: Caller | undefined) =>
  caller && typeof caller === 'object' && typeof caller.cuit === 'string' ? caller.cuit : null;

/**
 * An issue: on an account of the requesting bank (its CBU's code), by an issuer and a caller that adhered through it.
 * A refusal at once, or the gate the claim checks.
 */
export function issueGate(
  requester: RegistryRequester,
  req: Omit<RegistryIssueRequest, 'key'>,
): RegistryOutcome | RequesterGate {
  if (requester.kind !== 'bank') return REGISTRY_GATE;
  const { bankCode } = requester;
  const caller = req.caller as Caller | undefined;
  if (caller?.payingBank) return forbidden('Un banco no libra ECHEQs: los libran sus clientes', 'caller');
  const accountBank = bankOfCbu(req.account?.cbu);
  const issuerBanks = [bankOfCbu(req.cheque?.issuer?.cbu), req.cheque?.issuer?.bank_code];
  const banks = [accountBank, ...issuerBanks].filter((b) => typeof b === 'string');
  if (banks.some((b) => b !== bankCode)) {
    return forbidden(`La cuenta del ECHEQ no es del banco ${bankCode}`, 'account');
  }
  const registry = registryCallerRefusal(caller);
  if (registry) return registry;
  const adherents: RequesterGate['adherents'] = [];
  const cuit = callerCuit(caller);
  if (cuit !== null) adherents.push({ cuit, field: 'caller' });
  const issuer = req.cheque?.issuer?.cuit;
  if (typeof issuer === 'string' && issuer !== cuit) adherents.push({ cuit: issuer, field: 'cheque.issuer' });
  return { bankCode, adherents, drawnOn: null };
}

/** An operation on a cheque: a company caller adhered through the bank; a paying-bank caller, the cheque drawn on it. */
export function operateGate(
  requester: RegistryRequester,
  req: Omit<RegistryRequest, 'key'>,
): RegistryOutcome | RequesterGate {
  if (requester.kind !== 'bank') return REGISTRY_GATE;
  const { bankCode } = requester;
  const caller = req.caller as Caller | undefined;
  const registry = registryCallerRefusal(caller);
  if (registry) return registry;
  const cuit = callerCuit(caller);
  return {
    bankCode,
    adherents: cuit === null ? [] : [{ cuit, field: 'caller' }],
    drawnOn: caller?.payingBank ? bankCode : null,
  };
}

/** The refusal the gate's facts call for (in the order of decision 042's checks), or null. */
export function gateRefusal(gate: RequesterGate, facts: RequesterFacts): RegistryOutcome | null {
  const bankCode = gate.bankCode;
  if (bankCode === null) return null;
  if (!facts.drawn) {
    return forbidden(
      `El ECHEQ no está librado contra el banco ${bankCode}: solo el banco girado lo paga o rechaza`,
      'caller',
    );
  }
  const missing = gate.adherents.find((a) => facts.missing.includes(a.cuit));
  return missing ? notAdherent(missing.cuit, bankCode, missing.field) : null;
}

/** Events and adhesions: a bank reads and adheres for itself only. The refusal's message, or null. */
export function bankMismatch(requester: RegistryRequester, bankCode: string): string | null {
  if (requester.kind !== 'bank' || requester.bankCode === bankCode) return null;
  return `Las credenciales son del banco ${requester.bankCode}: no puede leer ni adherir por el banco ${bankCode}`;
}
