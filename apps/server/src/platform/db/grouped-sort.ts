import type { Scope } from '../auth/actor';
import { AppError } from '../http/app-error';
import type { Queryable } from './db';
import type { JsonPage } from './json-page';
import { keyText } from './keyset';
import type { ListTotal } from './list-total';
import { pageLimit } from './page-limit';
import { pageOfIds } from './sorted-page';
import type { SqlParams } from './sql';

/**
 * A list sorted by a column of few values per scope, a status or a company: the groups in the sort's order (statuses
 * by their code, companies by name), and within each group the list's default order, newest first. Each group is read
 * on the (scope, group, date desc, id desc) indexes the default order and the status filter already have (0003,
 * 0008, 0025): the statement walks the groups in order and reads from each, through a lateral join, no more rows than
 * the page needs, so a page costs the same whatever the book's size. The keyset is (group, date, id).
 */
export type GroupOrder = {
  key: string;
  desc: boolean;
  /** The row's group column (`e.status`, `e.company_id`) and the type a group's id is cast to. */
  column: string;
  cast: 'text' | 'uuid';
  /** The list's default date column (timestamptz), newest first within a group. */
  at: string;
  /** The groups: a statement selecting `gid` (text) and `n`, their rank in the sort's order. */
  groups: (p: SqlParams) => string;
};
export type GroupKeyset = { group: string; at: string; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const LAST_UUID = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

/** Statuses as groups, in their codes' order (the database's collation, as a column's own sort). */
function statusGroups(p: SqlParams, statuses: readonly string[], desc: boolean): string {
  const dir = desc ? 'desc' : 'asc';
  return `select s as gid, row_number() over (order by s ${dir}) as n from unnest(${p.add(statuses)}::text[]) s`;
}

/** The companies a scope sees as groups, by name (then id, for equal names). */
function companyGroups(p: SqlParams, scope: Scope, desc: boolean): string {
  const dir = desc ? 'desc' : 'asc';
  const where =
    scope.kind === 'company'
      ? `where id = ${p.add(scope.companyId)}`
      : scope.kind === 'tenant'
        ? `where tenant_id = ${p.add(scope.tenantId)}`
        : '';
  return `select id::text as gid, row_number() over (order by name ${dir}, id ${dir}) as n from companies ${where}`;
}

/**
 * The group order a `sort` parameter names (`status`, `company`, or either after a minus sign), or null: `status` and
 * `company` are the list's columns (`e.status`, `e.company_id`), `at` its default date column.
 */
export function groupOrderOf(
  sort: string | undefined,
  list: { scope: Scope; statuses: readonly string[]; status: string; company: string; at: string },
): GroupOrder | null {
  const desc = Boolean(sort?.startsWith('-'));
  const key = desc ? sort!.slice(1) : sort;
  if (key === 'status') {
    return {
      key,
      desc,
      column: list.status,
      cast: 'text',
      at: list.at,
      groups: (p) => statusGroups(p, list.statuses, desc),
    };
  }
  if (key === 'company') {
    return {
      key,
      desc,
      column: list.company,
      cast: 'uuid',
      at: list.at,
      groups: (p) => companyGroups(p, list.scope, desc),
    };
  }
  return null;
}

const sortName = (o: Pick<GroupOrder, 'key' | 'desc'>) => `${o.desc ? '-' : ''}${o.key}`;

export function encodeGroupCursor(order: GroupOrder, key: GroupKeyset): string {
  return Buffer.from(JSON.stringify([sortName(order), key.group, key.at, key.id]), 'utf8').toString('base64url');
}

/** The cursor of a page sorted by group; one of another sort, or tampered with, is a 400. */
export function decodeGroupCursor(order: GroupOrder, cursor: string): GroupKeyset {
  let parsed: unknown = null;
  try {
    if (/^[A-Za-z0-9_-]+$/.test(cursor)) parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  const [sort, group, at, id] = Array.isArray(parsed) && parsed.length === 4 ? parsed : [];
  const groupOk =
    typeof group === 'string' && (order.cast === 'uuid' ? UUID.test(group) : /^[A-Z_]{1,40}$/.test(group));
  if (
    sort !== sortName(order) ||
    !groupOk ||
    typeof at !== 'string' ||
    !AT.test(at) ||
    Number.isNaN(Date.parse(at)) ||
    typeof id !== 'string' ||
    !UUID.test(id)
  ) {
    throw new AppError('VALIDATION_ERROR', 'Cursor de paginación inválido', {
      errors: [{ path: 'cursor', message: 'Cursor inválido para este orden' }],
    });
  }
  return { group: order.cast === 'uuid' ? group.toLowerCase() : group, at, id: id.toLowerCase() };
}

/**
 * The statement choosing a group-sorted page's ids (with their keys), in order: `from` is the list's FROM and WHERE
 * (its scope and filters), `id` the row's id column. Past a cursor, its own group is read from the cursor's row on
 * (a row comparison on the index), the groups after it from their first row.
 */
export function groupedIdsSql(
  p: SqlParams,
  opts: { from: string; id: string; order: GroupOrder; after?: GroupKeyset | undefined; limit: number; offset: number },
): string {
  const { order, id, after } = opts;
  const at = order.at;
  let cursorJoin = '';
  let fromCursor = '';
  if (after) {
    cursorJoin = `join (select n from g where gid = ${p.add(after.group)}) k on g.n >= k.n`;
    const same = 'g.n = k.n';
    fromCursor = ` and (${at}, ${id}) < (case when ${same} then ${p.add(after.at)}::timestamptz else 'infinity' end,
      case when ${same} then ${p.add(after.id)}::uuid else '${LAST_UUID}'::uuid end)`;
  }
  return `with g as materialized (${order.groups(p)})
    select x.id, x.key_group, x.key_at from g ${cursorJoin} cross join lateral (
      select ${id} as id, g.gid as key_group, ${at} as at, ${keyText(at)} as key_at
      ${opts.from} and ${order.column} = g.gid::${order.cast}${fromCursor}
      order by ${at} desc, ${id} desc limit ${p.add(opts.limit + opts.offset)}
    ) x
    order by g.n, x.at desc, x.id desc ${pageLimit(opts.limit)} offset ${p.add(opts.offset)}`;
}

/** Runs the ids statement, then the page's JSON in that order (see querySortedPage). */
export async function queryGroupedPage(
  db: Queryable,
  ids: { sql: string; params: readonly unknown[] },
  pageSql: string,
): Promise<JsonPage & { lastKey: GroupKeyset | null }> {
  const found = (await db.query<{ id: string; key_group: string; key_at: string }>(ids.sql, ids.params)).rows;
  const page = await pageOfIds(
    db,
    found.map((f) => f.id),
    pageSql,
  );
  const last = found.at(-1);
  return { ...page, lastKey: last ? { group: last.key_group, at: last.key_at, id: last.id } : null };
}

/** A group-sorted page as it is sent, with the next page's cursor when it is full. */
export function groupedPage(
  page: JsonPage & { lastKey: GroupKeyset | null },
  order: GroupOrder,
  query: { page: number; limit: number },
  total: ListTotal,
) {
  return {
    entries: page.entries,
    meta: {
      page: query.page,
      limit: query.limit,
      ...total,
      nextCursor: page.lastKey && page.count === query.limit ? encodeGroupCursor(order, page.lastKey) : null,
    },
  };
}
