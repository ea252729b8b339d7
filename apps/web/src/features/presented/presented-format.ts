import type { PresentedCheque } from '@echeq/contract';
import { formatCuit } from '../../lib/format';

/** Who presented the cheque: the beneficiary by name while it holds it, else the holder's CUIT. */
export function holderText(c: Pick<PresentedCheque, 'holder_cuit' | 'beneficiary' | 'beneficiary_cuit'>): string {
  if (!c.holder_cuit || c.holder_cuit === c.beneficiary_cuit) return c.beneficiary;
  return `CUIT ${formatCuit(c.holder_cuit)}`;
}

/** The issuer as the queue shows it: its name and CUIT. */
export function issuerText(c: Pick<PresentedCheque, 'issuer' | 'issuer_cuit'>): string {
  return c.issuer_cuit ? `${c.issuer} (${formatCuit(c.issuer_cuit)})` : c.issuer;
}
