import { DISCOUNT_STATUS_LABELS, type DiscountStatus, type RangeFilter } from '@echeq/contract';
import { type Scope, scopeSql } from '../../platform/auth/actor';
import { type BookPage, bookListPage } from '../../platform/db/book-page';
import type { Queryable } from '../../platform/db/db';
import { countUpTo } from '../../platform/db/export-batches';
import { statusesByLabel } from '../../platform/db/grouped-sort';
import { type JsonPage, queryJsonPage } from '../../platform/db/json-page';
import { escapeLike } from '../../platform/db/keyset';
import { type ListTotal, listTotal } from '../../platform/db/list-total';
import { type OrderedPage, type PageKey, type PageOrder, queryOrderedPage } from '../../platform/db/ordered-page';
import { pageLimit } from '../../platform/db/page-limit';
import { listFilter, rangeConditions } from '../../platform/db/range-filter';
import { SqlParams } from '../../platform/db/sql';
import { DISCOUNT_PAGE_SELECT } from './discounts.queries';

/** The columns the list sorts by (contract: DISCOUNT_SORT_KEYS; the migration 0021 indexes them per scope). */
const DISCOUNT_SORT_COLUMNS = {
  requested_at: { sql: 'd.requested_at', type: 'timestamptz' },
  amount: { sql: 'd.requested_amount', type: 'numeric' },
} as const;

/** The list's columns of a status or company sort (platform/db/grouped-sort.ts), newest request first within one. */
const DISCOUNT_GROUP_COLUMNS = {
  status: 'd.status',
  company: 'd.company_id',
  at: 'd.requested_at',
  statuses: statusesByLabel(DISCOUNT_STATUS_LABELS),
};

type DiscountListFilter = RangeFilter & { status?: DiscountStatus | undefined; search?: string | undefined };
export type DiscountListQuery = DiscountListFilter & {
  page: number;
  limit: number;
  sort?: string | undefined;
  cursor?: string | undefined;
};

/** The list's conditions over `d` (scope, status, search, ranges) with their parameters. */
function discountFilterSql(scope: Scope, q: DiscountListFilter): { where: string; p: SqlParams } {
  const params: unknown[] = [];
  const conds: string[] = [];
  if (scope.kind === 'company') {
    // A company belongs to one bank: its own index answers alone.
    params.push(scope.companyId);
    conds.push(`d.company_id = $${params.length}`);
  } else {
    const where = scopeSql(scope, { tenant: 'd.tenant_id', company: 'd.company_id' }, 1);
    conds.push(where.sql);
    params.push(...where.params);
  }
  if (q.status) {
    params.push(q.status);
    conds.push(`d.status = $${params.length}`);
  }
  const search = q.search?.trim();
  if (search) {
    params.push(`${escapeLike(search.toLowerCase())}%`);
    const prefix = `$${params.length}`;
    params.push(`%${escapeLike(search)}%`);
    const contains = `$${params.length}`;
    conds.push(
      `(d.id::text like ${prefix} or d.echeq_id::text like ${prefix} or exists (
         select 1 from echeqs se where se.id = d.echeq_id and se.number ilike ${contains}))`,
    );
  }
  const p = new SqlParams();
  p.values.push(...params);
  const cols = { date: 'd.requested_at', dateIsTimestamp: true, amount: 'd.requested_amount', tenant: 'd.tenant_id' };
  conds.push(...rangeConditions(p, q, { ...cols, company: 'd.company_id' }));
  return { where: conds.join(' and '), p };
}

/** How many discounts the list holds, counting no further than `cap` (an export's size check). */
export function countDiscountsUpTo(db: Queryable, scope: Scope, q: DiscountListFilter, cap: number): Promise<number> {
  const { where, p } = discountFilterSql(scope, q);
  return countUpTo(db, { from: `from discounts d where ${where}`, params: p.values, cap });
}

/**
 * A page of discounts in scope, newest first, filtered by status and by discount id, cheque id or number (see
 * bookListPage): its default order's pages go by number only (no cursor); spelled out (`-requested_at`), past a
 * cursor or in another order, the list pages by that order's keyset.
 */
export function listDiscounts(db: Queryable, scope: Scope, query: DiscountListQuery): Promise<BookPage> {
  const filter = listFilter(query);
  return bookListPage({
    query,
    scope,
    groupColumns: DISCOUNT_GROUP_COLUMNS,
    sortColumns: DISCOUNT_SORT_COLUMNS,
    defaultOrder: { sort: '-requested_at', byNumber: (at) => listDiscountPage(db, scope, { ...filter, ...at }) },
    ordered: (at) => listOrderedDiscountPage(db, scope, { ...filter, ...at }),
    count: (at) => countDiscounts(db, scope, { ...filter, ...at }),
  });
}

/**
 * A page of the default order by number: page 1 is read in index order, joined as it comes; further pages choose
 * their ids on the discounts' own indexes first, then only those rows are joined. The database writes the page as
 * JSON (queryJsonPage).
 */
function listDiscountPage(
  db: Queryable,
  scope: Scope,
  f: DiscountListFilter & { limit: number; offset: number },
): Promise<JsonPage> {
  const { where, p } = discountFilterSql(scope, f);
  const params = p.values;
  const from = `from discounts d where ${where}`;
  return f.offset === 0
    ? queryJsonPage(
        db,
        `${DISCOUNT_PAGE_SELECT} where ${where} order by d.requested_at desc, d.id desc
           ${pageLimit(f.limit)}`,
        params,
      )
    : queryJsonPage(
        db,
        `${DISCOUNT_PAGE_SELECT}
           join (select d.id ${from} order by d.requested_at desc, d.id desc
                 ${pageLimit(f.limit)} offset $${params.length + 1}) page on page.id = d.id`,
        [...params, f.offset],
      );
}

/** A page in another order than the default: its ids on the order's indexes (platform/db/ordered-page.ts). */
function listOrderedDiscountPage(
  db: Queryable,
  scope: Scope,
  f: DiscountListFilter & { order: PageOrder; limit: number; offset: number; after?: PageKey | undefined },
): Promise<OrderedPage> {
  const { where, p } = discountFilterSql(scope, f);
  const pageSql = `${DISCOUNT_PAGE_SELECT} where d.id = any($1::uuid[])`;
  return queryOrderedPage(db, p, { ...f, from: `from discounts d where ${where}`, id: 'd.id' }, pageSql);
}

/** The list's total (exact while cheap, else estimated: see listTotal). */
function countDiscounts(
  db: Queryable,
  scope: Scope,
  f: DiscountListFilter & { offset: number | null; limit: number; pageRows: number },
): Promise<ListTotal> {
  const { where, p } = discountFilterSql(scope, f);
  const from = `from discounts d where ${where}`;
  return listTotal(db, { from, params: p.values, offset: f.offset, limit: f.limit, pageRows: f.pageRows });
}
