import type { Queryable } from '../../platform/db/db';
import { insertSandboxBook } from '../clearing';

/**
 * A bank's live cheques ($1 the bank) in the clearing house's terms (insertSandboxBook's columns): a cheque in custody
 * is IN_CUSTODY there, a cancelled or expired one so, one whose custody was released RELEASED, any other REGISTERED.
 */
const SANDBOX_BOOK = `
  select e.id, e.number, e.amount, e.currency, e.issue_date, e.due_date, e.issuer, e.issuer_cuit, e.beneficiary,
    e.beneficiary_cuit,
    case
      when c.id is not null then 'IN_CUSTODY'
      when e.status = 'CANCELLED' then 'CANCELLED'
      when e.status = 'EXPIRED' then 'EXPIRED'
      when exists (select 1 from custody r where r.echeq_id = e.id and r.status = 'RELEASED') then 'RELEASED'
      else 'REGISTERED'
    end as state,
    c.id as custody_id,
    case when e.validation_status in ('VALIDATED', 'REJECTED') then e.validation_status end as validation_status
  from echeqs e
  left join custody c on c.echeq_id = e.id and c.status = 'IN_CUSTODY'
  where e.tenant_id = $1 and e.deleted_at is null`;

/** Gives the built-in sandbox the bank's current book and open custody (the ClearingBook app.ts passes clearing). */
export function importBookIntoSandbox(tx: Queryable, tenantId: string, now: Date): Promise<number> {
  return insertSandboxBook(tx, tenantId, now, SANDBOX_BOOK);
}
