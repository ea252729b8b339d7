import {
  CHEQUEBOOK_REQUEST_THRESHOLD,
  type Chequebook,
  type CurrentAccount,
  formatChequeNumber,
} from '@echeq/contract';
import { toIso, toIsoOrNull } from '../../platform/timestamps';
import type { AccountRow, ChequebookRow } from './accounts.queries';

/** Numbers a chequebook still has (none while it waits for the bank). */
function remainingOf(c: Pick<ChequebookRow, 'status' | 'last_number' | 'next_number'>): number {
  return c.status === 'ACTIVE' ? Math.max(0, c.last_number - c.next_number + 1) : 0;
}

function toChequebookDto(c: ChequebookRow): Chequebook {
  const remaining = remainingOf(c);
  return {
    id: c.id,
    first: formatChequeNumber(c.first_number),
    last: formatChequeNumber(c.last_number),
    next: c.next_number <= c.last_number ? formatChequeNumber(c.next_number) : null,
    remaining,
    status: c.status,
    requested_at: toIso(c.requested_at),
    activated_at: toIsoOrNull(c.activated_at),
  };
}

/** Whether the account may ask for a new chequebook: active, fewer than 5 numbers left and none pending. */
export function mayRequestChequebook(account: Pick<AccountRow, 'status'>, books: ChequebookRow[]): boolean {
  const remaining = books.reduce((sum, b) => sum + remainingOf(b), 0);
  return (
    account.status === 'ACTIVE' &&
    remaining < CHEQUEBOOK_REQUEST_THRESHOLD &&
    !books.some((b) => b.status === 'PENDING')
  );
}

export function toAccountDto(a: AccountRow, books: ChequebookRow[]): CurrentAccount {
  return {
    id: a.id,
    cbu: a.cbu,
    currency: a.currency,
    status: a.status,
    company_id: a.company_id,
    company_name: a.company_name,
    company_cuit: a.company_cuit,
    bank_name: a.bank_name,
    created_at: toIso(a.created_at),
    remaining: books.reduce((sum, b) => sum + remainingOf(b), 0),
    can_request_chequebook: mayRequestChequebook(a, books),
    chequebooks: books.map(toChequebookDto),
  };
}
