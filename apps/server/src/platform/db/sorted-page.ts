import { keyText } from './keyset';
import { ID_PART, type OrderedAt, type PageOrder } from './ordered-page';
import { pageLimit } from './page-limit';
import type { SqlParams } from './sql';

/**
 * A list sorted by one of its columns (the `sort` parameter), paged by its own keyset: (column, id), both ascending or
 * both descending, so that one row comparison finds the next page and one index (scope, column, id), read forwards or
 * backwards, answers it. The default order of each list keeps its own statements (platform/db/keyset.ts).
 */
export type SortColumn = { sql: string; type: 'timestamptz' | 'date' | 'numeric' | 'text' };

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

/** The statement choosing a sorted page's ids with their key (`key_value`, `id`), in order (see PageOrder). */
function sortedIdsSql(p: SqlParams, column: SortColumn, desc: boolean, opts: OrderedAt): string {
  const { id } = opts;
  const dir = desc ? 'desc' : 'asc';
  let from = opts.from;
  if (opts.after) {
    const [value, afterId] = opts.after;
    const op = desc ? '<' : '>';
    from += ` and (${column.sql}, ${id}) ${op} (${p.add(value)}::${column.type}, ${p.add(afterId)}::uuid)`;
  }
  return `select ${id} as id, ${valueText(column)} as key_value ${from}
    order by ${column.sql} ${dir}, ${id} ${dir} ${pageLimit(opts.limit)} offset ${p.add(opts.offset)}`;
}

/**
 * The order a `sort` parameter asks for, or null for the list's default order (no sort, or the default spelled out),
 * which keeps the default page's own statements. Its keyset is (column, id).
 */
export function sortOrderOf<K extends string>(
  sort: string | undefined,
  columns: Record<K, SortColumn>,
  defaultSort: string | null,
): PageOrder | null {
  if (!sort || sort === defaultSort) return null;
  const desc = sort.startsWith('-');
  const column = columns[(desc ? sort.slice(1) : sort) as K];
  return {
    sort,
    key: [{ column: 'key_value', valid: VALUE[column.type] }, ID_PART],
    idsSql: (p, at) => sortedIdsSql(p, column, desc, at),
  };
}
