import {
  ACCOUNT_STATUS_LABELS,
  type AccountStatus,
  CHEQUEBOOK_STATUS_LABELS,
  type ChequebookStatus,
  type Currency,
} from '@echeq/contract';
import { statusMap } from '../../components/status-chip';

export const ACCOUNT_STATUS = statusMap<AccountStatus>(ACCOUNT_STATUS_LABELS, { ACTIVE: 'success', CLOSED: 'default' });

export const CHEQUEBOOK_STATUS = statusMap<ChequebookStatus>(CHEQUEBOOK_STATUS_LABELS, {
  PENDING: 'warning',
  ACTIVE: 'success',
  EXHAUSTED: 'default',
});

export const ACCOUNT_TITLES: Record<Currency, string> = {
  ARS: 'Cuenta corriente en pesos',
  USD: 'Cuenta corriente en dólares',
};

export const CURRENCY_OPTIONS: { value: Currency; label: string }[] = [
  { value: 'ARS', label: 'Pesos (ARS)' },
  { value: 'USD', label: 'Dólares (USD)' },
];

/** '2850590940090418135201' → '28505909 40090418135201' (the two blocks of the CBU, as banks print it). */
export function formatCbu(cbu: string): string {
  return /^\d{22}$/.test(cbu) ? `${cbu.slice(0, 8)} ${cbu.slice(8)}` : cbu;
}

/** 'Quedan 3 cheques', 'Queda 1 cheque', 'Sin cheques disponibles'. */
export function remainingText(n: number): string {
  if (n === 0) return 'Sin cheques disponibles';
  return n === 1 ? 'Queda 1 cheque' : `Quedan ${n} cheques`;
}
