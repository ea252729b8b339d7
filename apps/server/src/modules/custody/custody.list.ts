import { CUSTODY_STATUS_LABELS, type CustodyStatus, type RangeFilter } from '@echeq/contract';
import type { Scope } from '../../platform/auth/actor';
import type { Queryable } from '../../platform/db/db';
import { statusesByLabel } from '../../platform/db/grouped-sort';
import { type JsonPage, queryJsonPage } from '../../platform/db/json-page';
import { type Keyset, likePattern } from '../../platform/db/keyset';
import { type ListTotal, listTotal } from '../../platform/db/list-total';
import { type OrderedPage, type PageKey, type PageOrder, queryOrderedPage } from '../../platform/db/ordered-page';
import { pageLimit } from '../../platform/db/page-limit';
import { rangeConditions } from '../../platform/db/range-filter';
import { SqlParams } from '../../platform/db/sql';
import { CUSTODY_PAGE_SELECT, scopeCols } from './custody.queries';

export type CustodyListFilter = RangeFilter & { status?: CustodyStatus | undefined; search?: string | undefined };

/** The columns the list sorts by (contract: CUSTODY_SORT_KEYS; the migration 0021 indexes them per scope). */
export const CUSTODY_SORT_COLUMNS = {
  custody_date: { sql: 'c.custody_date', type: 'timestamptz' },
  deadline: { sql: 'c.presentation_deadline', type: 'date' },
} as const;

/** The list's columns of a status or company sort (platform/db/grouped-sort.ts), newest deposit first within one. */
export const CUSTODY_GROUP_COLUMNS = {
  status: 'c.status',
  company: 'c.company_id',
  at: 'c.custody_date',
  statuses: statusesByLabel(CUSTODY_STATUS_LABELS),
};

/** The cheque is joined when the list tests its fields (a search, an amount range). */
const needsEcheq = (f: CustodyListFilter) => Boolean(f.search || f.amount_min || f.amount_max);

/** The list's conditions; a company's rows are found by company alone (a company belongs to one bank). */
function filterSql(p: SqlParams, scope: Scope, f: CustodyListFilter, opts: { withEcheq: boolean }): string {
  const where = [scope.kind === 'company' ? `c.company_id = ${p.add(scope.companyId)}` : p.scope(scope, scopeCols)];
  if (f.status) where.push(`c.status = ${p.add(f.status)}`);
  const cols = { date: 'c.custody_date', dateIsTimestamp: true, amount: 'e.amount', tenant: 'c.tenant_id' };
  where.push(...rangeConditions(p, f, { ...cols, company: 'c.company_id' }));
  if (opts.withEcheq) {
    where.push('e.deleted_at is null');
    if (f.search) {
      const like = p.add(likePattern(f.search));
      where.push(`e.search_text like lower(${like})`);
    }
  } else {
    // Without a search the cheque is only needed to leave deleted ones out: an anti-join against the few deleted
    // cheques (partial index) keeps the list on the custody indexes alone.
    where.push('not exists (select 1 from echeqs d where d.id = c.echeq_id and d.deleted_at is not null)');
  }
  return where.join(' and ');
}

export const custodyListFrom = (p: SqlParams, scope: Scope, f: CustodyListFilter) =>
  needsEcheq(f)
    ? `from custody c join echeqs e on e.id = c.echeq_id where ${filterSql(p, scope, f, { withEcheq: true })}`
    : `from custody c where ${filterSql(p, scope, f, { withEcheq: false })}`;

/**
 * One page of custody records, newest deposit first (custody_date desc, id desc: the list indexes' order), written by
 * the database as JSON (queryJsonPage). Past an offset, the page's ids are chosen first (an offset skips index
 * entries, not joined rows), then only those rows are joined.
 */
export async function listCustodyPage(
  db: Queryable,
  scope: Scope,
  f: CustodyListFilter & { limit: number; offset: number; after?: Keyset | undefined },
): Promise<JsonPage> {
  const p = new SqlParams();
  const after = () =>
    f.after ? ` and (c.custody_date, c.id) < (${p.add(f.after.at)}::timestamptz, ${p.add(f.after.id)}::uuid)` : '';
  if (f.offset === 0 && !f.search) {
    // The first rows of the order (page 1, or after a cursor): read in index order, joined as they come.
    const where = filterSql(p, scope, f, { withEcheq: true }) + after();
    return queryJsonPage(
      db,
      `${CUSTODY_PAGE_SELECT} where ${where} order by c.custody_date desc, c.id desc ${pageLimit(f.limit)}`,
      p.values,
    );
  }
  const ids = `select c.id ${custodyListFrom(p, scope, f) + after()} order by c.custody_date desc, c.id desc
    ${pageLimit(f.limit)} offset ${p.add(f.offset)}`;
  if (!f.search) {
    return queryJsonPage(db, `${CUSTODY_PAGE_SELECT} join (${ids}) page on page.id = c.id`, p.values);
  }
  // A search is planned for its own pattern every time: only the ids are chosen that way (in scope), the page itself
  // is a prepared statement reading those rows by primary key (as the cheque list's, see listEcheqPage).
  const found = (await db.query<{ id: string }>(ids, p.values)).rows.map((r) => r.id);
  return queryJsonPage(db, `${CUSTODY_PAGE_SELECT} where c.id = any($1::uuid[]) and e.deleted_at is null`, [found]);
}

/**
 * One page of custody records in another order than the default (the `sort` parameter: a column, or status or
 * company groups), paged by the order's own keyset: the ids first, on the order's indexes (platform/db/ordered-page.ts),
 * then those rows read by primary key and written in that order.
 */
export function listOrderedCustodyPage(
  db: Queryable,
  scope: Scope,
  f: CustodyListFilter & { order: PageOrder; limit: number; offset: number; after?: PageKey | undefined },
): Promise<OrderedPage> {
  const p = new SqlParams();
  const pageSql = `${CUSTODY_PAGE_SELECT} where c.id = any($1::uuid[]) and e.deleted_at is null`;
  return queryOrderedPage(db, p, { ...f, from: custodyListFrom(p, scope, f), id: 'c.id' }, pageSql);
}

/** The list's total (exact while cheap, else estimated: see listTotal). */
export async function countCustody(
  db: Queryable,
  scope: Scope,
  f: CustodyListFilter & { offset: number | null; limit: number; pageRows: number },
): Promise<ListTotal> {
  const p = new SqlParams();
  const from = custodyListFrom(p, scope, f);
  return listTotal(db, { from, params: p.values, offset: f.offset, limit: f.limit, pageRows: f.pageRows });
}
