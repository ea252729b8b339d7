import { type DiscountStatus, discountStatusSchema, type RangeFilter } from '@echeq/contract';
import { type Scope, scopeSql } from '../../platform/auth/actor';
import type { Queryable } from '../../platform/db/db';
import { countUpTo } from '../../platform/db/export-batches';
import {
  decodeGroupCursor,
  encodeGroupCursor,
  groupedIdsSql,
  groupOrderOf,
  queryGroupedPage,
} from '../../platform/db/grouped-sort';
import { type JsonPage, queryJsonPage } from '../../platform/db/json-page';
import { escapeLike } from '../../platform/db/keyset';
import { type ListTotal, listTotal } from '../../platform/db/list-total';
import { pageLimit } from '../../platform/db/page-limit';
import { rangeConditions } from '../../platform/db/range-filter';
import {
  decodeSortCursor,
  encodeSortCursor,
  querySortedPage,
  sortedIdsSql,
  sortOrderOf,
} from '../../platform/db/sorted-page';
import { SqlParams } from '../../platform/db/sql';
import { DISCOUNT_PAGE_SELECT } from './discounts.queries';

/** The columns the list sorts by (contract: DISCOUNT_SORT_KEYS; the migration 0021 indexes them per scope). */
const DISCOUNT_SORT_COLUMNS = {
  requested_at: { sql: 'd.requested_at', type: 'timestamptz' },
  amount: { sql: 'd.requested_amount', type: 'numeric' },
} as const;

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
 * A page of discounts in scope, newest first, filtered by status and by discount id, cheque id or number. The page's
 * ids are chosen on the discounts' own indexes first, then only those rows are joined; the database writes the page
 * as JSON (queryJsonPage). The total is exact while cheap, else estimated (see listTotal).
 */
export async function listDiscounts(
  db: Queryable,
  scope: Scope,
  q: DiscountListQuery,
): Promise<{ page: JsonPage; nextCursor?: string | null } & ListTotal> {
  const { where, p } = discountFilterSql(scope, q);
  const params = [...p.values];
  const from = `from discounts d where ${where}`;
  // By status or by company: the groups in order, each read newest first (platform/db/grouped-sort.ts).
  const group = groupOrderOf(q.sort, {
    scope,
    statuses: discountStatusSchema.options,
    status: 'd.status',
    company: 'd.company_id',
    at: 'd.requested_at',
  });
  if (group) {
    const after = q.cursor ? decodeGroupCursor(group, q.cursor) : undefined;
    const offset = after ? 0 : (q.page - 1) * q.limit;
    const sql = groupedIdsSql(p, { from, id: 'd.id', order: group, after, limit: q.limit, offset });
    const pageSql = `${DISCOUNT_PAGE_SELECT} where d.id = any($1::uuid[])`;
    const page = await queryGroupedPage(db, { sql, params: p.values }, pageSql);
    const total = await listTotal(db, {
      from,
      params,
      offset: after ? null : offset,
      limit: q.limit,
      pageRows: page.count,
    });
    const full = page.lastKey && page.count === q.limit;
    return { page, ...total, nextCursor: full && page.lastKey ? encodeGroupCursor(group, page.lastKey) : null };
  }
  // The default page (no sort, no cursor) keeps its statements; a sort named, or a cursor, pages by keyset.
  const order = q.sort || q.cursor ? sortOrderOf(q.sort ?? '-requested_at', DISCOUNT_SORT_COLUMNS, '') : null;
  if (order) {
    // Another order than the default: the ids on the (scope, column, id) indexes, paged by the sort's own keyset.
    const after = q.cursor ? decodeSortCursor(order, q.cursor) : undefined;
    const offset = after ? 0 : (q.page - 1) * q.limit;
    const sql = sortedIdsSql(p, { from, id: 'd.id', order, after, limit: q.limit, offset });
    const page = await querySortedPage(
      db,
      { sql, params: p.values },
      `${DISCOUNT_PAGE_SELECT} where d.id = any($1::uuid[])`,
    );
    const total = await listTotal(db, {
      from,
      params,
      offset: after ? null : offset,
      limit: q.limit,
      pageRows: page.count,
    });
    const full = page.lastKey && page.count === q.limit;
    return { page, ...total, nextCursor: full && page.lastKey ? encodeSortCursor(order, page.lastKey) : null };
  }
  const offset = (q.page - 1) * q.limit;
  // Page 1 is read in index order, joined as it comes; further pages choose their ids first.
  const page =
    offset === 0
      ? await queryJsonPage(
          db,
          `${DISCOUNT_PAGE_SELECT} where ${where} order by d.requested_at desc, d.id desc
           ${pageLimit(q.limit)}`,
          params,
        )
      : await queryJsonPage(
          db,
          `${DISCOUNT_PAGE_SELECT}
           join (select d.id ${from} order by d.requested_at desc, d.id desc
                 ${pageLimit(q.limit)} offset $${params.length + 1}) page on page.id = d.id`,
          [...params, offset],
        );
  const total = await listTotal(db, { from, params, offset, limit: q.limit, pageRows: page.count });
  return { page, ...total };
}
