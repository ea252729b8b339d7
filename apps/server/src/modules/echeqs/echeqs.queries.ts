import {
  centsToDecimal,
  type EcheqStatus,
  type EcheqStatusFilter,
  toCents,
  type ValidationStatus,
} from '@echeq/contract';
import type { Scope } from '../../platform/auth/actor';
import type { Queryable } from '../../platform/db/db';
import { type JsonPage, jsonObject, queryJsonPage } from '../../platform/db/json-page';
import { type ListTotal, listTotal } from '../../platform/db/list-total';
import { pageLimit } from '../../platform/db/page-limit';
import { type Keyset, keyText, likePattern } from './keyset';
import { SqlParams } from './sql';

export type EcheqRow = {
  id: string;
  tenant_id: string;
  company_id: string;
  number: string;
  amount: string;
  currency: string;
  issue_date: string;
  due_date: string;
  issuer: string;
  issuer_cuit: string | null;
  beneficiary: string;
  beneficiary_cuit: string | null;
  status: EcheqStatus;
  validation_status: ValidationStatus;
  validation_message: string | null;
  validated_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  version: number;
  company_name: string | null;
  /** Status of the cheque's latest custody record, if it ever was in custody. */
  custody_status: string | null;
  /** When a discount on it was approved: from then on the cheque is the bank's (migration 0014). */
  discounted_at: Date | string | null;
  /** created_at as exact UTC text (the keyset cursor). */
  key_at: string;
};

/** An EcheqRow's columns, over `e` (a cheque) joined to `co` (its company). */
const ECHEQ_COLUMNS = `
  e.id, e.tenant_id, e.company_id, e.number, e.amount, e.currency, e.issue_date, e.due_date,
  e.issuer, e.issuer_cuit, e.beneficiary, e.beneficiary_cuit, e.status, e.validation_status,
  e.validation_message, e.validated_at, e.created_at, e.updated_at, e.version, co.name as company_name,
  e.custody_status, e.discounted_at,
  ${keyText('e.created_at')} as key_at`;

const ECHEQ_SELECT = `select ${ECHEQ_COLUMNS} from echeqs e join companies co on co.id = e.company_id`;

/** A live (not deleted) cheque inside the scope, or null; `forUpdate` locks its row. */
export async function findEcheq(
  db: Queryable,
  id: string,
  scope: Scope,
  opts: { forUpdate?: boolean } = {},
): Promise<EcheqRow | null> {
  const p = new SqlParams();
  const sql = `${ECHEQ_SELECT}
    where e.id = ${p.add(id)} and e.deleted_at is null and ${p.scope(scope, { tenant: 'e.tenant_id', company: 'e.company_id' })}
    ${opts.forUpdate ? 'for update of e' : ''}`;
  const r = await db.query<EcheqRow>(sql, p.values);
  return r.rows[0] ?? null;
}

export type EcheqListFilter = {
  status?: EcheqStatusFilter | undefined;
  search?: string | undefined;
};

/**
 * The list's conditions. A company's rows are found by company alone (a company belongs to one bank), so the
 * company's own indexes answer them without reading the table.
 */
function filterSql(p: SqlParams, scope: Scope, f: EcheqListFilter): string {
  const where = [
    'e.deleted_at is null',
    scope.kind === 'company'
      ? `e.company_id = ${p.add(scope.companyId)}`
      : p.scope(scope, { tenant: 'e.tenant_id', company: 'e.company_id' }),
  ];
  if (f.status === 'INACTIVE') where.push(`e.status in ('CANCELLED', 'PAID')`);
  else if (f.status) where.push(`e.status = ${p.add(f.status)}`);
  if (f.search) {
    const like = p.add(likePattern(f.search));
    where.push(`e.search_text like lower(${like})`);
  }
  return where.join(' and ');
}

/** A cheque as the API shows it (toEcheqDto), written by the database as JSON, over `e` joined to `co`. */
const ECHEQ_DOC = jsonObject({
  id: ['code', 'e.id'],
  number: ['text', 'e.number'],
  amount: ['number', 'e.amount'],
  currency: ['code', 'btrim(e.currency)'],
  issue_date: ['date', 'e.issue_date'],
  due_date: ['date', 'e.due_date'],
  issuer: ['text', 'e.issuer'],
  issuer_cuit: ['text', 'e.issuer_cuit'],
  beneficiary: ['text', 'e.beneficiary'],
  beneficiary_cuit: ['text', 'e.beneficiary_cuit'],
  status: ['code', 'e.status'],
  validation_status: ['code', 'e.validation_status'],
  validation_message: ['text', 'e.validation_message'],
  validated_at: ['timestamp', 'e.validated_at'],
  customer_id: ['code', 'e.company_id'],
  company_name: ['text', 'co.name'],
  tenant_id: ['code', 'e.tenant_id'],
  custody_status: ['code', 'e.custody_status'],
  discounted_at: ['timestamp', 'e.discounted_at'],
  version: ['number', 'e.version'],
  created_at: ['timestamp', 'e.created_at'],
  updated_at: ['timestamp', 'e.updated_at'],
});

const ECHEQ_PAGE_SELECT = `select ${ECHEQ_DOC} as doc, e.created_at as sort_at, e.id, ${keyText('e.created_at')} as key_at
  from echeqs e join companies co on co.id = e.company_id`;

/**
 * One page of the book, newest first (created_at desc, id desc: the keyset indexes' order), written by the database
 * as JSON (queryJsonPage). Past an offset or with a search, the page's ids are chosen first on the list indexes alone
 * (they carry the search text); only those rows are then read and joined.
 */
export async function listEcheqPage(
  db: Queryable,
  scope: Scope,
  f: EcheqListFilter & { limit: number; offset: number; after?: Keyset | undefined },
): Promise<JsonPage> {
  const p = new SqlParams();
  let where = filterSql(p, scope, f);
  if (f.after) where += ` and (e.created_at, e.id) < (${p.add(f.after.at)}::timestamptz, ${p.add(f.after.id)}::uuid)`;
  // The first rows of the order (page 1, or the page after a cursor): read in index order, joined as they come.
  if (f.offset === 0 && !f.search) {
    return queryJsonPage(
      db,
      `${ECHEQ_PAGE_SELECT} where ${where} order by e.created_at desc, e.id desc ${pageLimit(f.limit)}`,
      p.values,
    );
  }
  // Further by offset, or with a search: the ids first, on the list index alone (an offset skips index entries; a
  // search tests the text the index carries, without reading the rows it rejects), then only those rows joined.
  const ids = `select e.id from echeqs e where ${where}
    order by e.created_at desc, e.id desc ${pageLimit(f.limit)} offset ${p.add(f.offset)}`;
  if (!f.search) {
    return queryJsonPage(db, `${ECHEQ_PAGE_SELECT} join (${ids}) page on page.id = e.id`, p.values);
  }
  // A search is planned for its own pattern on every request (see platform/db/pg.ts): planning the whole page
  // statement cost more than running it, so only the ids are chosen that way (in scope). The page itself is then a
  // prepared statement reading those rows by primary key, still not deleted. (The scope is not repeated there: a
  // prepared statement's generic plan would scan the scope's index for the ids, 10 ms for a company.)
  const found = (await db.query<{ id: string }>(ids, p.values)).rows.map((r) => r.id);
  return queryJsonPage(db, `${ECHEQ_PAGE_SELECT} where e.id = any($1::uuid[]) and e.deleted_at is null`, [found]);
}

/** The list's total (exact while cheap, else estimated: see listTotal). */
export async function countEcheqs(
  db: Queryable,
  scope: Scope,
  f: EcheqListFilter & { offset: number | null; limit: number; pageRows: number },
): Promise<ListTotal> {
  const p = new SqlParams();
  const from = `from echeqs e where ${filterSql(p, scope, f)}`;
  return listTotal(db, { from, params: p.values, offset: f.offset, limit: f.limit, pageRows: f.pageRows });
}

export type NewEcheq = {
  tenantId: string;
  companyId: string;
  createdBy: string | null;
  number: string;
  amount: number;
  currency: string;
  issueDate: string;
  dueDate: string;
  issuer: string;
  issuerCuit: string | null;
  beneficiary: string;
  beneficiaryCuit: string | null;
  status: EcheqStatus;
  /** The custody status it is born with: a cheque deposited in custody with its creation is inserted already IN_CUSTODY. */
  custodyStatus?: 'IN_CUSTODY';
  at: Date;
};

/**
 * Inserts a cheque (the amount goes in as exact decimal text) and returns it as the lists read it, in the same
 * statement. Any other cheque of the bank with the same number, live or deleted, fails it with a unique violation
 * (23505): a number is registered once per bank (migration 0014).
 * A cheque born with the custody status its custody record then gives it is written once: the custody trigger finds
 * nothing to change (a second version of a new row costs the write mix its index writes twice).
 */
export async function insertEcheq(tx: Queryable, e: NewEcheq): Promise<EcheqRow> {
  const r = await tx.query<EcheqRow>(
    `with e as (
       insert into echeqs (tenant_id, company_id, created_by, number, amount, currency, issue_date, due_date,
         issuer, issuer_cuit, beneficiary, beneficiary_cuit, status, created_at, updated_at, custody_status)
       values ($1, $2, $3, $4, $5::numeric, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14, $15) returning *)
     select ${ECHEQ_COLUMNS} from e join companies co on co.id = e.company_id`,
    [
      e.tenantId,
      e.companyId,
      e.createdBy,
      e.number,
      centsToDecimal(toCents(e.amount)),
      e.currency,
      e.issueDate,
      e.dueDate,
      e.issuer,
      e.issuerCuit,
      e.beneficiary,
      e.beneficiaryCuit,
      e.status,
      e.at,
      e.custodyStatus ?? null,
    ],
  );
  return r.rows[0]!;
}

export type EcheqChanges = Partial<{
  amount: number;
  currency: string;
  issue_date: string;
  due_date: string;
  issuer: string;
  issuer_cuit: string | null;
  beneficiary: string;
  beneficiary_cuit: string | null;
  status: EcheqStatus;
}>;

/**
 * Applies the changes to a locked cheque, bumping its version. `revalidate` drops the clearing house's validation: the
 * cheque goes back to PENDING until it is validated again as it is now.
 */
export async function updateEcheqRow(
  tx: Queryable,
  id: string,
  changes: EcheqChanges,
  at: Date,
  opts: { revalidate?: boolean } = {},
): Promise<void> {
  const p = new SqlParams();
  const sets = [`updated_at = ${p.add(at)}`, 'version = version + 1'];
  if (opts.revalidate) {
    sets.push(`validation_status = 'PENDING'`, 'validation_message = null', 'validated_at = null');
  }
  for (const [col, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    if (col === 'amount') sets.push(`amount = ${p.add(centsToDecimal(toCents(value as number)))}::numeric`);
    else sets.push(`${col} = ${p.add(value)}`);
  }
  await tx.query(`update echeqs set ${sets.join(', ')} where id = ${p.add(id)}`, p.values);
}

export async function setValidation(
  tx: Queryable,
  id: string,
  v: { status: ValidationStatus; message: string | null; at: Date },
): Promise<boolean> {
  const r = await tx.query(
    `update echeqs set validation_status = $2, validation_message = $3, validated_at = $4, updated_at = $4,
       version = version + 1
     where id = $1 and deleted_at is null`,
    [id, v.status, v.message, v.at],
  );
  return r.rowCount > 0;
}

export async function softDeleteEcheq(tx: Queryable, id: string, by: string, at: Date): Promise<void> {
  await tx.query(
    'update echeqs set deleted_at = $2, deleted_by = $3, updated_at = $2, version = version + 1 where id = $1',
    [id, at, by],
  );
}

/** Locks the cheque's open custody record (if any) and says whether there is one. */
export async function lockOpenCustodyOf(tx: Queryable, echeqId: string): Promise<boolean> {
  const r = await tx.query(`select id from custody where echeq_id = $1 and status = 'IN_CUSTODY' for update`, [
    echeqId,
  ]);
  return r.rows.length > 0;
}

/** True while the cheque has a PENDING or APPROVED discount. */
export async function hasOpenDiscount(tx: Queryable, echeqId: string): Promise<boolean> {
  const r = await tx.query(
    `select 1 from discounts where echeq_id = $1 and status in ('PENDING', 'APPROVED') limit 1`,
    [echeqId],
  );
  return r.rows.length > 0;
}
