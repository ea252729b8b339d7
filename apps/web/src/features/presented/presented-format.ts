import type { PresentedCheque } from '@echeq/contract';
import { formatCuit } from '../../lib/format';

/**
 * Who presented the cheque: the beneficiary by name while it holds it (when the issuer gave one: a cheque issued to a
 * bare CUIT carries the CUIT as its name), else the holder's CUIT.
 */
export function holderText(c: Pick<PresentedCheque, 'holder_cuit' | 'beneficiary' | 'beneficiary_cuit'>): string {
  const named = c.beneficiary && !/^\d{11}$/.test(c.beneficiary);
  if (named && (!c.holder_cuit || c.holder_cuit === c.beneficiary_cuit)) return c.beneficiary;
  const cuit = c.holder_cuit ?? c.beneficiary_cuit;
  return cuit ? `CUIT ${formatCuit(cuit)}` : c.beneficiary;
}

/** The issuer as the queue shows it: its name and CUIT. */
export function issuerText(c: Pick<PresentedCheque, 'issuer' | 'issuer_cuit'>): string {
  return c.issuer_cuit ? `${c.issuer} (${formatCuit(c.issuer_cuit)})` : c.issuer;
}
