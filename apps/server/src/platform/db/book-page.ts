import type { Scope } from '../auth/actor';
import { decodeGroupCursor, type GroupKeyset, type GroupOrder, groupedPage, groupOrderOf } from './grouped-sort';
import type { JsonPage } from './json-page';
import { decodeCursor, type Keyset, keysetPage } from './keyset';
import type { ListTotal } from './list-total';
import {
  decodeSortCursor,
  type SortColumn,
  type SortKeyset,
  type SortOrder,
  sortedPage,
  sortOrderOf,
} from './sorted-page';

type At = { limit: number; offset: number };

/**
 * One page of a book list (cheques, custody) in the order its query asks: grouped by status or company, sorted by
 * a column, or its default order (newest first); each read by its own keyset (the cursor decoded for that order),
 * counted, and answered as the page is sent. The list gives its columns and its three page statements.
 */
export async function bookListPage(opts: {
  query: { page: number; limit: number; cursor?: string | undefined; sort?: string | undefined };
  scope: Scope;
  statuses: readonly string[];
  groupColumns: { status: string; company: string; at: string };
  sortColumns: Record<string, SortColumn>;
  defaultSort: string;
  grouped: (
    at: At & { order: GroupOrder; after: GroupKeyset | undefined },
  ) => Promise<JsonPage & { lastKey: GroupKeyset | null }>;
  sorted: (
    at: At & { order: SortOrder; after: SortKeyset | undefined },
  ) => Promise<JsonPage & { lastKey: SortKeyset | null }>;
  keyset: (at: At & { after: Keyset | undefined }) => Promise<JsonPage>;
  count: (at: { offset: number | null; limit: number; pageRows: number }) => Promise<ListTotal>;
}) {
  const { query, scope } = opts;
  const { cursor, sort, limit } = query;
  const offset = cursor ? null : (query.page - 1) * limit;
  const at = { limit, offset: offset ?? 0 };
  const counted = (pageRows: number) => opts.count({ offset, limit, pageRows });
  const group = groupOrderOf(sort, { scope, statuses: opts.statuses, ...opts.groupColumns });
  if (group) {
    const after = cursor ? decodeGroupCursor(group, cursor) : undefined;
    const page = await opts.grouped({ ...at, order: group, after });
    return groupedPage(page, group, query, await counted(page.count));
  }
  const order = sortOrderOf(sort, opts.sortColumns, opts.defaultSort);
  if (order) {
    const after = cursor ? decodeSortCursor(order, cursor) : undefined;
    const page = await opts.sorted({ ...at, order, after });
    return sortedPage(page, order, query, await counted(page.count));
  }
  const after = cursor ? decodeCursor(cursor) : undefined;
  const page = await opts.keyset({ ...at, after });
  return keysetPage(page, query, await counted(page.count));
}
