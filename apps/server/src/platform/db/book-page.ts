import type { Scope } from '../auth/actor';
import { groupOrderOf } from './grouped-sort';
import type { JsonPage } from './json-page';
import { decodeCursor, type Keyset, keysetPage } from './keyset';
import type { ListTotal } from './list-total';
import { decodePageCursor, type OrderedPage, orderedPage, type PageKey, type PageOrder } from './ordered-page';
import { type SortColumn, sortOrderOf } from './sorted-page';

type At = { limit: number; offset: number };

/** A book list's page as it is sent (platform/http/responses.ts, sendPage). */
export type BookPage = {
  entries: string;
  meta: ListTotal & { page: number; limit: number; nextCursor?: string | null };
};

/**
 * The default order of a book list, newest first, and its own statements: `keyset` reads its pages by number and by
 * its (date, id) cursor, also when its `sort` is spelled out. A list whose default pages are read by number only,
 * answering no cursor, gives `byNumber` instead: spelled out, or past a cursor, its order pages as that sort.
 */
type DefaultOrder =
  | { sort: string; keyset: (at: At & { after: Keyset | undefined }) => Promise<JsonPage> }
  | { sort: string; byNumber: (at: At) => Promise<JsonPage> };

/**
 * One page of a book list (cheques, custody, discounts) in the order its query asks: grouped by status or company, or
 * sorted by a column (either read by `ordered` with the order's statement, platform/db/ordered-page.ts), or its
 * default order; each paged by its own keyset (the cursor decoded for that order), counted, and answered as the page
 * is sent. The list gives its columns and its page statements.
 */
export async function bookListPage(opts: {
  query: { page: number; limit: number; cursor?: string | undefined; sort?: string | undefined };
  scope: Scope;
  /** The columns of a status or company sort, and the statuses in their labels' order (see groupOrderOf). */
  groupColumns: { status: string; company: string; at: string; statuses: readonly string[] };
  sortColumns: Record<string, SortColumn>;
  defaultOrder: DefaultOrder;
  ordered: (at: At & { order: PageOrder; after: PageKey | undefined }) => Promise<OrderedPage>;
  count: (at: { offset: number | null; limit: number; pageRows: number }) => Promise<ListTotal>;
}): Promise<BookPage> {
  const { query, scope, defaultOrder } = opts;
  const { cursor, limit } = query;
  const offset = cursor ? null : (query.page - 1) * limit;
  const at = { limit, offset: offset ?? 0 };
  const counted = (pageRows: number) => opts.count({ offset, limit, pageRows });
  const byNumber = 'byNumber' in defaultOrder;
  const sort = byNumber && cursor ? (query.sort ?? defaultOrder.sort) : query.sort;
  const order =
    groupOrderOf(sort, { scope, ...opts.groupColumns }) ??
    sortOrderOf(sort, opts.sortColumns, byNumber ? null : defaultOrder.sort);
  if (order) {
    const after = cursor ? decodePageCursor(order, cursor) : undefined;
    const page = await opts.ordered({ ...at, order, after });
    return orderedPage(page, order, query, await counted(page.count));
  }
  if ('byNumber' in defaultOrder) {
    const page = await defaultOrder.byNumber(at);
    return { entries: page.entries, meta: { page: query.page, limit: query.limit, ...(await counted(page.count)) } };
  }
  const after = cursor ? decodeCursor(cursor) : undefined;
  const page = await defaultOrder.keyset({ ...at, after });
  return keysetPage(page, query, await counted(page.count));
}
