import type { DiscountStatus } from '@echeq/contract';
import { type Scope, scopeSql } from '../../platform/auth/actor';
import type { Queryable } from '../../platform/db/db';
import { jsonObject } from '../../platform/db/json-page';

/** A discount with its company's name and a summary of its cheque (null when the cheque was deleted). */
export type DiscountRow = {
  id: string;
  tenant_id: string;
  company_id: string;
  echeq_id: string;
  custody_id: string;
  requested_amount: string;
  approved_amount: string | null;
  rate: string | null;
  days: number | null;
  status: DiscountStatus;
  notes: string | null;
  rejection_reason: string | null;
  requested_by: string | null;
  requested_at: Date | string;
  approved_by: string | null;
  approved_at: Date | string | null;
  rejected_at: Date | string | null;
  cancelled_at: Date | string | null;
  completed_at: Date | string | null;
  version: number;
  company_name: string | null;
  e_id: string | null;
  e_number: string | null;
  e_amount: string | null;
  e_currency: string | null;
  e_due_date: string | null;
  e_issue_date: string | null;
  e_issuer: string | null;
  e_beneficiary: string | null;
};

/** The columns a discount's DTO shows (toDiscountDto): what a list reads. */
export type DiscountDtoRow = Omit<DiscountRow, 'company_id' | 'custody_id' | 'requested_by' | 'approved_by'>;

/** The cheque and company beside a discount (over `co` and `e`, see DISCOUNT_JOINS). */
const DISCOUNT_JOINED_COLUMNS = `co.name as company_name,
  e.id as e_id, e.number as e_number, e.amount as e_amount, e.currency as e_currency,
  e.due_date as e_due_date, e.issue_date as e_issue_date, e.issuer as e_issuer, e.beneficiary as e_beneficiary`;
/** A DiscountRow's columns and joins over `d` (a discount, or rows shaped like one). */
const DISCOUNT_COLUMNS = `d.*, ${DISCOUNT_JOINED_COLUMNS}`;
const DISCOUNT_JOINS = `
  left join companies co on co.id = d.company_id
  left join echeqs e on e.id = d.echeq_id and e.deleted_at is null`;

const DISCOUNT_SELECT = `select ${DISCOUNT_COLUMNS} from discounts d ${DISCOUNT_JOINS}`;

/** A discount as the API shows it (toDiscountDto), written by the database as JSON, over `d`, `co` and `e`. */
const DISCOUNT_DOC = jsonObject({
  id: ['code', 'd.id'],
  echeq_id: ['code', 'd.echeq_id'],
  echeq: [
    'json',
    `case when e.id is not null then ${jsonObject({
      id: ['code', 'e.id'],
      number: ['text', 'e.number'],
      amount: ['number', 'e.amount'],
      currency: ['code', 'btrim(e.currency)'],
      due_date: ['date', 'e.due_date'],
      issuer: ['text', 'e.issuer'],
      beneficiary: ['text', 'e.beneficiary'],
    })} end`,
  ],
  requested_amount: ['number', 'd.requested_amount'],
  approved_amount: ['number', 'd.approved_amount'],
  rate: ['number', 'd.rate'],
  days: ['number', 'd.days'],
  status: ['code', 'd.status'],
  requested_at: ['timestamp', 'd.requested_at'],
  approved_at: ['timestamp', 'd.approved_at'],
  rejected_at: ['timestamp', 'd.rejected_at'],
  cancelled_at: ['timestamp', 'd.cancelled_at'],
  completed_at: ['timestamp', 'd.completed_at'],
  notes: ['text', 'd.notes'],
  rejection_reason: ['text', 'd.rejection_reason'],
  company_name: ['text', 'co.name'],
  tenant_id: ['code', 'd.tenant_id'],
  version: ['number', 'd.version'],
});

export const DISCOUNT_PAGE_SELECT = `select ${DISCOUNT_DOC} as doc, d.requested_at as sort_at, d.id,
  null::text as key_at from discounts d ${DISCOUNT_JOINS}`;

/** One discount, visible to `scope` (null when missing or foreign: the caller answers 404). */
export async function findDiscount(db: Queryable, id: string, scope: Scope): Promise<DiscountRow | null> {
  const where = scopeSql(scope, { tenant: 'd.tenant_id', company: 'd.company_id' }, 2);
  const r = await db.query<DiscountRow>(`${DISCOUNT_SELECT} where d.id = $1 and ${where.sql}`, [id, ...where.params]);
  return r.rows[0] ?? null;
}

export type LockedDiscount = {
  id: string;
  tenant_id: string;
  echeq_id: string;
  custody_id: string;
  status: DiscountStatus;
  requested_amount: string;
  version: number;
};

/** Locks the discount row (after its custody row) and reads its current state, as the API shows it. */
export async function lockDiscount(tx: Queryable, id: string): Promise<DiscountRow | null> {
  const r = await tx.query<DiscountRow>(`${DISCOUNT_SELECT} where d.id = $1 for update of d`, [id]);
  return r.rows[0] ?? null;
}

/** True while the cheque has a PENDING or APPROVED discount (see hasOpenDiscount). */
export async function existsOpenDiscount(tx: Queryable, echeqId: string): Promise<boolean> {
  const r = await tx.query(
    `select 1 from discounts where echeq_id = $1 and status in ('PENDING', 'APPROVED') limit 1`,
    [echeqId],
  );
  return r.rows.length > 0;
}

/** The open (PENDING or APPROVED) or completed discount of a cheque, if any. */
export async function findBlockingDiscount(
  tx: Queryable,
  echeqId: string,
  exceptId?: string,
): Promise<{ id: string; status: DiscountStatus } | null> {
  const r = await tx.query<{ id: string; status: DiscountStatus }>(
    `select id, status from discounts
     where echeq_id = $1 and status in ('PENDING', 'APPROVED', 'COMPLETED') and id <> coalesce($2::uuid, gen_random_uuid())
     order by requested_at desc limit 1`,
    [echeqId, exceptId ?? null],
  );
  return r.rows[0] ?? null;
}

export async function insertDiscount(
  tx: Queryable,
  d: {
    tenantId: string;
    companyId: string;
    echeqId: string;
    custodyId: string;
    requestedAmount: string;
    notes: string | null;
    requestedBy: string;
    at: Date;
  },
): Promise<DiscountRow> {
  const r = await tx.query<DiscountRow>(
    `with d as (
       insert into discounts (tenant_id, company_id, echeq_id, custody_id, requested_amount, notes, requested_by,
                              requested_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $8) returning *)
     select ${DISCOUNT_COLUMNS} from d ${DISCOUNT_JOINS}`,
    [d.tenantId, d.companyId, d.echeqId, d.custodyId, d.requestedAmount, d.notes, d.requestedBy, d.at],
  );
  return r.rows[0]!;
}

/**
 * Moves a discount from `from` to `to` with the given column values and answers it as it is then; conditional on the
 * status, so a change that lost a race updates nothing (null).
 */
export async function updateDiscountState(
  tx: Queryable,
  id: string,
  from: DiscountStatus,
  to: DiscountStatus,
  set: Record<string, unknown>,
  at: Date,
): Promise<DiscountRow | null> {
  const cols = Object.keys(set);
  const params: unknown[] = [id, from, to, at, ...Object.values(set)];
  const assignments = cols.map((c, i) => `${c} = $${i + 5}`);
  const r = await tx.query<DiscountRow>(
    `with d as (
       update discounts set status = $3, updated_at = $4, version = version + 1${
         assignments.length ? `, ${assignments.join(', ')}` : ''
       } where id = $1 and status = $2 returning *)
     select ${DISCOUNT_COLUMNS} from d ${DISCOUNT_JOINS}`,
    params,
  );
  return r.rows[0] ?? null;
}

export async function updateDiscountFields(
  tx: Queryable,
  id: string,
  f: { requestedAmount: string; notes: string | null },
  at: Date,
): Promise<DiscountRow | null> {
  const r = await tx.query<DiscountRow>(
    `with d as (
       update discounts set requested_amount = $2, notes = $3, updated_at = $4, version = version + 1
       where id = $1 and status = 'PENDING' returning *)
     select ${DISCOUNT_COLUMNS} from d ${DISCOUNT_JOINS}`,
    [id, f.requestedAmount, f.notes, at],
  );
  return r.rows[0] ?? null;
}
