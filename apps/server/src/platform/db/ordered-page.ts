import { AppError } from '../http/app-error';
import type { Queryable } from './db';
import type { JsonPage } from './json-page';
import type { ListTotal } from './list-total';
import type { SqlParams } from './sql';

/**
 * A list in another order than its default one (the `sort` parameter): by one of its columns (sorted-page.ts), or
 * group by group, its statuses or companies (grouped-sort.ts). Either is paged by its own keyset, whose last part is
 * the row's id: the order writes the statement choosing a page's ids with their key, the page is then read by those
 * ids (queryOrderedPage), and its cursor is the sort's name and the last row's key, checked part by part when it
 * comes back.
 */
export type PageOrder = {
  /** The `sort` parameter naming the order (`amount`, `-status`): a cursor of another order is refused. */
  sort: string;
  /** The key's parts, in order: the ids statement's column carrying each, and how a cursor's value is checked. */
  key: readonly KeyPart[];
  /**
   * The statement choosing a page's ids (column `id`) with their key, in order: `from` is the list's FROM and WHERE
   * (its scope and filters), `id` the row's id column, `after` the previous page's last key.
   */
  idsSql: (p: SqlParams, at: OrderedAt) => string;
};
type KeyPart = { column: string; valid: (v: string) => boolean; lower?: boolean };
/** A row's key as its cursor carries it: each part as text, the row's id last. */
export type PageKey = readonly string[];
export type OrderedAt = { from: string; id: string; after?: PageKey | undefined; limit: number; offset: number };
export type OrderedPage = JsonPage & { lastKey: PageKey | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: string) => UUID.test(v);
/** A key's last part: the row's id (column `id` of the ids statement). */
export const ID_PART: KeyPart = { column: 'id', valid: isUuid, lower: true };

function encodePageCursor(order: PageOrder, key: PageKey): string {
  return Buffer.from(JSON.stringify([order.sort, ...key]), 'utf8').toString('base64url');
}

/** The key a cursor of this order carries; one of another order, or tampered with, is a 400. */
export function decodePageCursor(order: PageOrder, cursor: string): PageKey {
  let parsed: unknown = null;
  try {
    if (/^[A-Za-z0-9_-]+$/.test(cursor)) parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  const [sort, ...key]: unknown[] = Array.isArray(parsed) && parsed.length === order.key.length + 1 ? parsed : [];
  if (sort !== order.sort || !key.every((v, i) => typeof v === 'string' && order.key[i]!.valid(v))) {
    throw new AppError('VALIDATION_ERROR', 'Cursor de paginación inválido', {
      errors: [{ path: 'cursor', message: 'Cursor inválido para este orden' }],
    });
  }
  return (key as string[]).map((v, i) => (order.key[i]!.lower ? v.toLowerCase() : v));
}

/**
 * Runs the order's ids statement (`p` holds the list's parameters so far), then has the database write those rows as
 * the page's JSON in that order: `pageSql` selects `doc` and `id` of the rows whose id is in `$1` (a uuid array),
 * joined as the list shows them.
 */
export async function queryOrderedPage(
  db: Queryable,
  p: SqlParams,
  at: OrderedAt & { order: PageOrder },
  pageSql: string,
): Promise<OrderedPage> {
  const sql = at.order.idsSql(p, at);
  const found = (await db.query<Record<string, string>>(sql, p.values)).rows;
  const ids = found.map((f) => f.id!);
  const r = await db.query<{ entries: string }>(
    `select '[' || coalesce(string_agg(p.doc, ',' order by o.ord), '') || ']' as entries
     from (${pageSql}) p join unnest($1::uuid[]) with ordinality as o(id, ord) on o.id = p.id`,
    [ids],
  );
  const last = found.at(-1);
  return {
    entries: r.rows[0]!.entries,
    count: ids.length,
    last: null,
    lastKey: last ? at.order.key.map((k) => last[k.column]!) : null,
  };
}

/** An ordered page as it is sent (platform/http/responses.ts, sendPage), with the next page's cursor when it is full. */
export function orderedPage(
  page: OrderedPage,
  order: PageOrder,
  query: { page: number; limit: number },
  total: ListTotal,
) {
  return {
    entries: page.entries,
    meta: {
      page: query.page,
      limit: query.limit,
      ...total,
      nextCursor: page.lastKey && page.count === query.limit ? encodePageCursor(order, page.lastKey) : null,
    },
  };
}
