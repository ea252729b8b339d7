import type { Endorsement, LifecycleCheque } from './cheque';
import type { Position } from './operations';

/**
 * Who calls: a company by its CUIT (its positions come from the cheque), the paying bank (the server sets the flag
 * when the caller's bank is the one the cheque is drawn on), or the registry and its jobs.
 */
export type Caller = { cuit?: string | null; payingBank?: boolean; registry?: boolean };

type ChainLink = Pick<Endorsement, 'from_cuit' | 'to_cuit' | 'status'>;

/** The endorsement awaiting the endorsee's answer: only while the cheque is ACTIVO-PENDIENTE. */
export function pendingEndorsement(cheque: LifecycleCheque): ChainLink | null {
  if (cheque.state !== 'ACTIVO-PENDIENTE') return null;
  for (let i = cheque.endorsements.length - 1; i >= 0; i--) {
    const e = cheque.endorsements[i] as ChainLink;
    if (e.status === 'PENDING') return e;
  }
  return null;
}

/** Endorsements that took effect (ACCEPTED): what the limit of 100 counts and the API's `endorsements` reports. */
export function acceptedEndorsementCount(cheque: Pick<LifecycleCheque, 'endorsements'>): number {
  let n = 0;
  for (const e of cheque.endorsements) if (e.status === 'ACCEPTED') n++;
  return n;
}

/** The positions the caller holds on the cheque now. */
export function positionsOf(cheque: LifecycleCheque, caller: Caller): Position[] {
  const positions: Position[] = [];
  const cuit = caller.cuit;
  if (cuit) {
    if (cheque.issuer.cuit === cuit) positions.push('ISSUER');
    if (cheque.beneficiary.cuit === cuit) positions.push('BENEFICIARY');
    if (cheque.holder_cuit === cuit) positions.push('HOLDER');
    const pending = pendingEndorsement(cheque);
    if (pending?.from_cuit === cuit) positions.push('ENDORSER');
    if (pending?.to_cuit === cuit) positions.push('ENDORSEE');
  }
  if (caller.payingBank) positions.push('PAYING_BANK');
  if (caller.registry) positions.push('REGISTRY');
  return positions;
}

/**
 * Every CUIT that is or was a party to the cheque: issuer, beneficiary, holder and both sides of every endorsement
 * (also one repudiated or annulled). A company sees the cheque while it is here (LIFECYCLE §4), and the banks of
 * these companies receive its changes.
 */
export function partyCuitsOf(cheque: LifecycleCheque): string[] {
  const cuits = new Set<string>([cheque.issuer.cuit, cheque.beneficiary.cuit]);
  if (cheque.holder_cuit) cuits.add(cheque.holder_cuit);
  for (const e of cheque.endorsements) {
    cuits.add(e.from_cuit);
    cuits.add(e.to_cuit);
  }
  return [...cuits];
}

export function isPartyTo(cheque: LifecycleCheque, cuit: string): boolean {
  return partyCuitsOf(cheque).includes(cuit);
}
