import type { CustodyStatus, EcheqStatus, ValidationStatus } from '@echeq/contract';
import type { Scope } from '../../platform/auth/actor';
import type { Queryable } from '../../platform/db/db';
import { jsonObject } from '../../platform/db/json-page';
import { keyText } from '../../platform/db/keyset';
import { SqlParams } from '../../platform/db/sql';
import type { SandboxBookEntry } from '../clearing';

export type CustodyRow = {
  id: string;
  tenant_id: string;
  company_id: string;
  echeq_id: string;
  status: CustodyStatus;
  custody_date: Date | string;
  release_date: Date | string | null;
  release_reason: string | null;
  notes: string | null;
  presentation_deadline: string;
  version: number;
  company_name: string | null;
  number: string;
  amount: string;
  currency: string;
  issuer: string;
  beneficiary: string;
  issue_date: string;
  due_date: string;
  echeq_status: EcheqStatus;
  validation_status: ValidationStatus;
  echeq_version: number;
  discounted_at: Date | string | null;
  key_at: string;
};

/** A CustodyRow's columns over `c` (custody), `e` (its cheque) and `co` (its company). */
const CUSTODY_COLUMNS = `
  c.id, c.tenant_id, c.company_id, c.echeq_id, c.status, c.custody_date, c.release_date, c.release_reason,
  c.notes, c.presentation_deadline, c.version, co.name as company_name,
  e.number, e.amount, e.currency, e.issuer, e.beneficiary, e.issue_date, e.due_date,
  e.status as echeq_status, e.validation_status, e.version as echeq_version, e.discounted_at,
  ${keyText('c.custody_date')} as key_at`;

const CUSTODY_JOINS = `join echeqs e on e.id = c.echeq_id join companies co on co.id = c.company_id`;

const CUSTODY_SELECT = `select ${CUSTODY_COLUMNS} from custody c ${CUSTODY_JOINS}`;

/** A custody record with its cheque as the API shows it (toCustodyDto), written by the database as JSON. */
const CUSTODY_DOC = jsonObject({
  id: ['code', 'c.id'],
  status: ['code', 'c.status'],
  custody_date: ['timestamp', 'c.custody_date'],
  release_date: ['timestamp', 'c.release_date'],
  release_reason: ['text', 'c.release_reason'],
  notes: ['text', 'c.notes'],
  presentation_deadline: ['date', 'c.presentation_deadline'],
  echeq_id: ['code', 'c.echeq_id'],
  company_name: ['text', 'co.name'],
  tenant_id: ['code', 'c.tenant_id'],
  echeq: [
    'json',
    jsonObject({
      id: ['code', 'e.id'],
      number: ['text', 'e.number'],
      amount: ['number', 'e.amount'],
      currency: ['code', 'btrim(e.currency)'],
      issuer: ['text', 'e.issuer'],
      beneficiary: ['text', 'e.beneficiary'],
      issue_date: ['date', 'e.issue_date'],
      due_date: ['date', 'e.due_date'],
      status: ['code', 'e.status'],
      validation_status: ['code', 'e.validation_status'],
      discounted_at: ['timestamp', 'e.discounted_at'],
    }),
  ],
  version: ['number', 'c.version'],
});

export const CUSTODY_PAGE_SELECT = `select ${CUSTODY_DOC} as doc, c.custody_date as sort_at, c.id,
  ${keyText('c.custody_date')} as key_at from custody c ${CUSTODY_JOINS}`;

export const scopeCols = { tenant: 'c.tenant_id', company: 'c.company_id' };

export async function findCustody(
  db: Queryable,
  id: string,
  scope: Scope,
  opts: { forUpdate?: boolean } = {},
): Promise<CustodyRow | null> {
  const p = new SqlParams();
  const r = await db.query<CustodyRow>(
    `${CUSTODY_SELECT}
     where c.id = ${p.add(id)} and e.deleted_at is null and ${p.scope(scope, scopeCols)}
     ${opts.forUpdate ? 'for update of c' : ''}`,
    p.values,
  );
  return r.rows[0] ?? null;
}

/** The cheque's open (IN_CUSTODY) custody record, locked, with its cheque's fields (see custody.lock.ts). */
export async function lockOpenCustodyRow(
  tx: Queryable,
  opts: { echeqId: string; scope: Scope },
): Promise<CustodyRow | null> {
  const p = new SqlParams();
  const r = await tx.query<CustodyRow>(
    `${CUSTODY_SELECT}
     where c.echeq_id = ${p.add(opts.echeqId)} and c.status = 'IN_CUSTODY' and e.deleted_at is null
       and ${p.scope(opts.scope, scopeCols)}
     for update of c`,
    p.values,
  );
  return r.rows[0] ?? null;
}

export async function insertCustody(
  tx: Queryable,
  c: {
    tenantId: string;
    companyId: string;
    echeqId: string;
    presentationDeadline: string;
    notes: string | null;
    addedBy: string | null;
    at: Date;
  },
): Promise<CustodyRow> {
  const r = await tx.query<CustodyRow>(
    `with c as (
       insert into custody (tenant_id, company_id, echeq_id, status, custody_date, presentation_deadline, notes,
         added_by, created_at, updated_at)
       values ($1, $2, $3, 'IN_CUSTODY', $4, $5, $6, $7, $4, $4) returning *)
     select ${CUSTODY_COLUMNS} from c ${CUSTODY_JOINS}`,
    [c.tenantId, c.companyId, c.echeqId, c.at, c.presentationDeadline, c.notes, c.addedBy],
  );
  return r.rows[0]!;
}

/** IN_CUSTODY → RELEASED as a conditional update: false when the record is no longer in custody. */
export async function markReleased(
  tx: Queryable,
  id: string,
  r: { reason: string; by: string | null; at: Date },
): Promise<boolean> {
  const res = await tx.query(
    `update custody set status = 'RELEASED', release_date = $2, release_reason = $3, released_by = $4,
       updated_at = $2, version = version + 1
     where id = $1 and status = 'IN_CUSTODY'`,
    [id, r.at, r.reason, r.by],
  );
  return res.rowCount > 0;
}

type ExpiredCustody = { id: string; echeq_id: string; tenant_id: string; presentation_deadline: string };

/**
 * Open custody records whose cheque can no longer be presented (deadline before `today`), oldest deadline first,
 * locked; `skip locked` leaves those a release or a discount holds right now to a later run.
 */
export async function takeExpiredCustody(tx: Queryable, today: string, limit: number): Promise<ExpiredCustody[]> {
  const r = await tx.query<ExpiredCustody>(
    `select c.id, c.echeq_id, c.tenant_id, c.presentation_deadline
     from custody c
     where c.status = 'IN_CUSTODY' and c.presentation_deadline < $1::date
     order by c.presentation_deadline, c.id
     limit $2
     for update of c skip locked`,
    [today, limit],
  );
  return r.rows;
}

/** IN_CUSTODY → EXPIRED (the expiry job, on a record it locked). */
export async function markExpired(tx: Queryable, id: string, at: Date): Promise<void> {
  await tx.query(
    `update custody set status = 'EXPIRED', expired_at = $2, updated_at = $2, version = version + 1
     where id = $1 and status = 'IN_CUSTODY'`,
    [id, at],
  );
}

/** The bank's live cheques in the clearing house's terms (see sandboxBook), exact amounts and dates as text. */
export async function selectSandboxBook(q: Queryable, tenantId: string): Promise<SandboxBookEntry[]> {
  const r = await q.query<SandboxBookEntry>(
    `select e.id, e.number, e.amount::text as amount, e.currency, e.issue_date::text as issue_date,
       e.due_date::text as due_date, e.issuer, e.issuer_cuit, e.beneficiary, e.beneficiary_cuit,
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
     where e.tenant_id = $1 and e.deleted_at is null`,
    [tenantId],
  );
  return r.rows;
}
