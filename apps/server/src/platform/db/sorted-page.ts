import { AppError } from '../http/app-error';
import type { Queryable } from './db';
import type { JsonPage } from './json-page';
import { keyText } from './keyset';
import type { ListTotal } from './list-total';
import { pageLimit } from './page-limit';
import type { SqlParams } from './sql';

/**
 * A list sorted by one of its columns (the `sort` parameter), paged by its own keyset: (column, id), both ascending or
 * both descending, so that one row comparison finds the next page and one index (scope, column, id), read forwards or
 * backwards, answers it. The default order of each list keeps its own statements (platform/db/keyset.ts).
 */
export type SortColumn = { sql: string; type: 'timestamptz' | 'date' | 'numeric' | 'text' };
export type SortOrder = SortColumn & { key: string; desc: boolean };
export type SortKeyset = { value: string; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const VALUE: Record<SortColumn['type'], (v: string) => boolean> = {
  timestamptz: (v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(v) && !Number.isNaN(Date.parse(v)),
  date: (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)),
  numeric: (v) => /^-?\d{1,15}(\.\d{1,6})?$/.test(v),
  text: (v) => v.length <= 200 && !v.includes('\0'),
};

/** The column's value as the exact text a cursor carries (and casts back). */
function valueText(c: SortColumn): string {
  if (c.type === 'timestamptz') return keyText(c.sql);
  if (c.type === 'date') return `to_char(${c.sql}, 'YYYY-MM-DD')`;
  return `(${c.sql})::text`;
}

export function encodeSortCursor(order: SortOrder, key: SortKeyset): string {
  const text = JSON.stringify([`${order.desc ? '-' : ''}${order.key}`, key.value, key.id]);
  return Buffer.from(text, 'utf8').toString('base64url');
}

/** The cursor of a sorted page; one of another sort, or tampered with, is a 400. */
export function decodeSortCursor(order: SortOrder, cursor: string): SortKeyset {
  let parsed: unknown = null;
  try {
    if (/^[A-Za-z0-9_-]+$/.test(cursor)) parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  const [sort, value, id] = Array.isArray(parsed) && parsed.length === 3 ? parsed : [];
  if (
    sort !== `${order.desc ? '-' : ''}${order.key}` ||
    typeof value !== 'string' ||
    typeof id !== 'string' ||
    !VALUE[order.type](value) ||
    !UUID.test(id)
  ) {
    throw new AppError('VALIDATION_ERROR', 'Cursor de paginación inválido', {
      errors: [{ path: 'cursor', message: 'Cursor inválido para este orden' }],
    });
  }
  return { value, id: id.toLowerCase() };
}

/**
 * The statement choosing a sorted page's ids (with their key text), in order: `from` is the list's FROM and WHERE
 * (its scope and filters), `id` the row's id column.
 */
export function sortedIdsSql(
  p: SqlParams,
  opts: { from: string; id: string; order: SortOrder; after?: SortKeyset | undefined; limit: number; offset: number },
): string {
  const { order, id } = opts;
  const dir = order.desc ? 'desc' : 'asc';
  let from = opts.from;
  if (opts.after) {
    const op = order.desc ? '<' : '>';
    from += ` and (${order.sql}, ${id}) ${op} (${p.add(opts.after.value)}::${order.type}, ${p.add(opts.after.id)}::uuid)`;
  }
  return `select ${id} as id, ${valueText(order)} as key_value ${from}
    order by ${order.sql} ${dir}, ${id} ${dir} ${pageLimit(opts.limit)} offset ${p.add(opts.offset)}`;
}

/**
 * Runs the ids statement, then has the database write those rows as the page's JSON in that order: `pageSql` selects
 * `doc` and `id` of the rows whose id is in `$1` (a uuid array), joined as the list shows them.
 */
export async function querySortedPage(
  db: Queryable,
  ids: { sql: string; params: readonly unknown[] },
  pageSql: string,
): Promise<JsonPage & { lastKey: SortKeyset | null }> {
  const found = (await db.query<{ id: string; key_value: string }>(ids.sql, ids.params)).rows;
  const page = await pageOfIds(
    db,
    found.map((f) => f.id),
    pageSql,
  );
  const last = found.at(-1);
  return { ...page, lastKey: last ? { value: last.key_value, id: last.id } : null };
}

/** The rows of `ids` written by the database as the page's JSON, in that order (`pageSql` as querySortedPage's). */
export async function pageOfIds(db: Queryable, ids: string[], pageSql: string): Promise<JsonPage> {
  const r = await db.query<{ entries: string }>(
    `select '[' || coalesce(string_agg(p.doc, ',' order by o.ord), '') || ']' as entries
     from (${pageSql}) p join unnest($1::uuid[]) with ordinality as o(id, ord) on o.id = p.id`,
    [ids],
  );
  return { entries: r.rows[0]!.entries, count: ids.length, last: null };
}

/**
 * The order a `sort` parameter asks for, or null for the list's default order (no sort, or the default spelled out),
 * which keeps the default page's own statements.
 */
export function sortOrderOf<K extends string>(
  sort: string | undefined,
  columns: Record<K, SortColumn>,
  defaultSort: string,
): SortOrder | null {
  if (!sort || sort === defaultSort) return null;
  const desc = sort.startsWith('-');
  const key = (desc ? sort.slice(1) : sort) as K;
  return { ...columns[key], key, desc };
}

/** A sorted page as it is sent (platform/http/responses.ts, sendPage), with the next page's cursor when it is full. */
export function sortedPage(
  page: JsonPage & { lastKey: SortKeyset | null },
  order: SortOrder,
  query: { page: number; limit: number },
  total: ListTotal,
) {
  return {
    entries: page.entries,
    meta: {
      page: query.page,
      limit: query.limit,
      ...total,
      nextCursor: page.lastKey && page.count === query.limit ? encodeSortCursor(order, page.lastKey) : null,
    },
  };
}
