import { ECHEQ_STATUS_LABELS, type EcheqStatusFilter, type RangeFilter } from '@echeq/contract';
import type { Scope } from '../../platform/auth/actor';
import type { Queryable } from '../../platform/db/db';
import { countUpTo } from '../../platform/db/export-batches';
import { statusesByLabel } from '../../platform/db/grouped-sort';
import { type JsonFields, type JsonPage, jsonObject, queryJsonPage } from '../../platform/db/json-page';
import { type Keyset, keyText, likePattern } from '../../platform/db/keyset';
import { type ListTotal, listTotal } from '../../platform/db/list-total';
import { type OrderedPage, type PageKey, type PageOrder, queryOrderedPage } from '../../platform/db/ordered-page';
import { pageLimit } from '../../platform/db/page-limit';
import { rangeConditions } from '../../platform/db/range-filter';
import { SqlParams } from '../../platform/db/sql';
import { ACTION_FACTS } from './echeqs.list-actions';

export type EcheqListFilter = RangeFilter & {
  status?: EcheqStatusFilter | undefined;
  search?: string | undefined;
};

/** The columns the list sorts by (contract: ECHEQ_SORT_KEYS; the migration 0021 indexes them per scope). */
export const ECHEQ_SORT_COLUMNS = {
  created_at: { sql: 'e.created_at', type: 'timestamptz' },
  due_date: { sql: 'e.due_date', type: 'date' },
  amount: { sql: 'e.amount', type: 'numeric' },
  number: { sql: 'e.number', type: 'text' },
} as const;

/** The list's columns of a status or company sort (platform/db/grouped-sort.ts), newest first within a group. */
export const ECHEQ_GROUP_COLUMNS = {
  status: 'e.status',
  company: 'e.company_id',
  at: 'e.created_at',
  statuses: statusesByLabel(ECHEQ_STATUS_LABELS),
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
  // Above a company, a registry cheque counts once per bank: its bank copy (the indexes' own condition).
  if (scope.kind !== 'company') where.push('e.bank_copy');
  if (f.status === 'INACTIVE') where.push(`e.status in ('CANCELLED', 'PAID')`);
  else if (f.status) where.push(`e.status = ${p.add(f.status)}`);
  if (f.search) {
    const like = p.add(likePattern(f.search));
    where.push(`e.search_text like lower(${like})`);
  }
  const cols = { date: 'e.due_date', dateIsTimestamp: false, amount: 'e.amount', tenant: 'e.tenant_id' };
  where.push(...rangeConditions(p, f, { ...cols, company: 'e.company_id' }));
  return where.join(' and ');
}

/** The specification's fields of a cheque over `e` joined to `co` (the lifecycle's copies start from them too). */
export const SPEC_FIELDS = {
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
} satisfies JsonFields;

/** The specification's fields of a cheque, as JSON. */
const SPEC_DOC = jsonObject(SPEC_FIELDS);

/** What a registry cheque adds (LIFECYCLE §8; its `actions` are the detail's, worked out for the caller). */
const REGISTRY_DOC = jsonObject({
  origin: ['code', 'e.origin'],
  cheque_id: ['code', 'e.cheque_id'],
  state: ['code', 'e.state'],
  syncing: ['json', `case when e.syncing then 'true' else 'false' end`],
  sync_error: ['text', 'e.sync_error'],
  tipo: ['code', 'e.tipo'],
  caracter: ['code', 'e.caracter'],
  concepto: ['code', 'e.concepto'],
  payment_date: ['date', 'e.payment_date'],
  holder_cuit: ['code', 'btrim(e.holder_cuit)'],
  endorsements: ['number', 'e.endorsements'],
  actions: ['json', ACTION_FACTS],
});

/**
 * A cheque as the API shows it (toEcheqDto), written by the database as JSON: the specification's fields, and the
 * lifecycle's for a registry cheque only (a hand-registered one leaves them out, as its detail does). A registry
 * cheque's `actions` are its facts until withListActions replaces them: every page goes through it.
 */
const ECHEQ_DOC = `(left(${SPEC_DOC}, -1) || case when e.origin = 'REGISTRY' then ',' || substr(${REGISTRY_DOC}, 2) else '}' end)`;

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

/**
 * One page of the book in another order than the default (the `sort` parameter: a column, or status or company
 * groups), paged by the order's own keyset: the ids first, on the order's indexes (platform/db/ordered-page.ts), then
 * those rows read by primary key and written as JSON in that order.
 */
export function listOrderedEcheqPage(
  db: Queryable,
  scope: Scope,
  f: EcheqListFilter & { order: PageOrder; limit: number; offset: number; after?: PageKey | undefined },
): Promise<OrderedPage> {
  const p = new SqlParams();
  const from = `from echeqs e where ${filterSql(p, scope, f)}`;
  const pageSql = `${ECHEQ_PAGE_SELECT} where e.id = any($1::uuid[]) and e.deleted_at is null`;
  return queryOrderedPage(db, p, { ...f, from, id: 'e.id' }, pageSql);
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

/** How many cheques the list holds, counting no further than `cap` (an export's size check). */
export function countEcheqsUpTo(db: Queryable, scope: Scope, f: EcheqListFilter, cap: number): Promise<number> {
  const p = new SqlParams();
  return countUpTo(db, { from: `from echeqs e where ${filterSql(p, scope, f)}`, params: p.values, cap });
}
