import type { Scope } from '../auth/actor';
import { keyText } from './keyset';
import { ID_PART, isUuid, type OrderedAt, type PageOrder } from './ordered-page';
import { pageLimit } from './page-limit';
import type { SqlParams } from './sql';

/**
 * A list sorted by a column of few values per scope, a status or a company: the groups in the sort's order (statuses
 * by their labels, as the screens show them; companies by name), and within each group the list's default order,
 * newest first. Each group is read on the (scope, group, date desc, id desc) indexes the default order and the status
 * filter already have (0003, 0008, 0025): the statement walks the groups in order, whichever it is, and reads from
 * each, through a lateral join, no more rows than the page needs, so a page costs the same whatever the book's size.
 * The keyset is (group, date, id).
 */
type GroupOrder = {
  /** The row's group column (`e.status`, `e.company_id`) and the type a group's id is cast to. */
  column: string;
  cast: 'text' | 'uuid';
  /** The list's default date column (timestamptz), newest first within a group. */
  at: string;
  /** The groups: a statement selecting `gid` (text) and `n`, their rank in the sort's order. */
  groups: (p: SqlParams) => string;
};

const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const LAST_UUID = 'ffffffff-ffff-ffff-ffff-ffffffffffff';
const SPANISH = new Intl.Collator('es');

/** A list's statuses in the order of their labels, as the screens show them (Activo, Cancelado, Pagado, Vencido). */
export function statusesByLabel(labels: Readonly<Record<string, string>>): string[] {
  return Object.keys(labels).sort((a, b) => SPANISH.compare(labels[a]!, labels[b]!));
}

/** Statuses as groups, ranked in the order given (see statusesByLabel), or in its reverse. */
function statusGroups(p: SqlParams, statuses: readonly string[], desc: boolean): string {
  const ranked = desc ? [...statuses].reverse() : statuses;
  return `select s as gid, n from unnest(${p.add(ranked)}::text[]) with ordinality as u(s, n)`;
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
 * The statement choosing a group-sorted page's ids with their key (`key_group`, `key_at`, `id`), in order (see
 * PageOrder). Past a cursor, its own group is read from the cursor's row on (a row comparison on the index), the
 * groups after it from their first row.
 */
function groupedIdsSql(p: SqlParams, order: GroupOrder, opts: OrderedAt): string {
  const { id, after } = opts;
  const at = order.at;
  let cursorJoin = '';
  let fromCursor = '';
  if (after) {
    const [group, afterAt, afterId] = after;
    cursorJoin = `join (select n from g where gid = ${p.add(group)}) k on g.n >= k.n`;
    const same = 'g.n = k.n';
    fromCursor = ` and (${at}, ${id}) < (case when ${same} then ${p.add(afterAt)}::timestamptz else 'infinity' end,
      case when ${same} then ${p.add(afterId)}::uuid else '${LAST_UUID}'::uuid end)`;
  }
  return `with g as materialized (${order.groups(p)})
    select x.id, x.key_group, x.key_at from g ${cursorJoin} cross join lateral (
      select ${id} as id, g.gid as key_group, ${at} as at, ${keyText(at)} as key_at
      ${opts.from} and ${order.column} = g.gid::${order.cast}${fromCursor}
      order by ${at} desc, ${id} desc limit ${p.add(opts.limit + opts.offset)}
    ) x
    order by g.n, x.at desc, x.id desc ${pageLimit(opts.limit)} offset ${p.add(opts.offset)}`;
}

/**
 * The group order a `sort` parameter names (`status`, `company`, or either after a minus sign), or null: `status` and
 * `company` are the list's columns (`e.status`, `e.company_id`), `statuses` its statuses in their labels' order, `at`
 * its default date column.
 */
export function groupOrderOf(
  sort: string | undefined,
  list: { scope: Scope; statuses: readonly string[]; status: string; company: string; at: string },
): PageOrder | null {
  const desc = Boolean(sort?.startsWith('-'));
  const key = desc ? sort!.slice(1) : sort;
  if (!sort || (key !== 'status' && key !== 'company')) return null;
  const order: GroupOrder =
    key === 'status'
      ? { column: list.status, cast: 'text', at: list.at, groups: (p) => statusGroups(p, list.statuses, desc) }
      : { column: list.company, cast: 'uuid', at: list.at, groups: (p) => companyGroups(p, list.scope, desc) };
  const group =
    order.cast === 'uuid'
      ? { column: 'key_group', valid: isUuid, lower: true }
      : { column: 'key_group', valid: (v: string) => /^[A-Z_]{1,40}$/.test(v) };
  return {
    sort,
    key: [group, { column: 'key_at', valid: (v) => AT.test(v) && !Number.isNaN(Date.parse(v)) }, ID_PART],
    idsSql: (p, at) => groupedIdsSql(p, order, at),
  };
}
