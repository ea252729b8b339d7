import { buenosAiresDateOf, TRAYS, type Tray, type TrayCounts, type TrayPage, type TrayQuery } from '@echeq/contract';
import type { Ctx } from '../../platform/auth/actor';
import type { Queryable } from '../../platform/db/db';
import { pageLimit } from '../../platform/db/page-limit';
import { SqlParams } from '../../platform/db/sql';
import { decodePairCursor, encodePairCursor, searchSql } from './lifecycle.lists';
import { COPY_SELECT, type CopyView, toCopyDto } from './lifecycle.view';

const KEY_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

function zeroCounts(): TrayCounts {
  return Object.fromEntries(TRAYS.map((t) => [t, { total: 0, pending: 0 }])) as TrayCounts;
}

/**
 * The company's counts per tray, in one grouped statement on its copies (the tray index): `total`, and `pending`
 * the copies that await the company today (`awaiting`, kept true for the day by the awaiting job).
 */
async function trayCounts(q: Queryable, companyId: string): Promise<TrayCounts> {
  const r = await q.query<{ tray: string; total: number; pending: number }>(
    `select e.tray, count(*)::int as total, count(*) filter (where e.awaiting)::int as pending
     from echeqs e where e.company_id = $1 and e.cheque_id is not null and e.deleted_at is null and e.tray is not null
     group by e.tray`,
    [companyId],
  );
  const counts = zeroCounts();
  for (const row of r.rows) {
    if ((TRAYS as readonly string[]).includes(row.tray))
      counts[row.tray as Tray] = { total: row.total, pending: row.pending };
  }
  return counts;
}

/**
 * `GET /api/echeqs/trays/:tray`: the caller company's copies in the tray, newest first (created_at desc, id desc:
 * the tray index's order), by page or by the previous page's cursor, each with the company's actions today, and the
 * counts of every tray. A bank's or the platform's roles have no trays (a tray is a company's position on its
 * cheques): they get an empty page and zero counts, as a company with no registry cheque does.
 */
export async function trayPage(q: Queryable, ctx: Ctx, tray: Tray, query: TrayQuery, now: Date): Promise<TrayPage> {
  const companyId = ctx.actor.companyId;
  const empty = { data: [], page: query.page, limit: query.limit, total: 0, nextCursor: null };
  if (!companyId) return { ...empty, counts: zeroCounts() };
  const p = new SqlParams();
  const where = [
    `e.company_id = ${p.add(companyId)}`,
    `e.tray = ${p.add(tray)}`,
    'e.cheque_id is not null',
    'e.deleted_at is null',
  ];
  const search = searchSql(p, query.q);
  if (search) where.push(search);
  const filter = where.join(' and ');
  const total = search
    ? (await q.query<{ n: number }>(`select count(*)::int as n from echeqs e where ${filter}`, p.values)).rows[0]!.n
    : null;
  let pageWhere = filter;
  let offset = (query.page - 1) * query.limit;
  if (query.cursor) {
    const after = decodePairCursor(query.cursor, KEY_AT);
    pageWhere += ` and (e.created_at, e.id) < (${p.add(after.key)}::timestamptz, ${p.add(after.id)}::uuid)`;
    offset = 0;
  }
  // The page's ids first, from the tray index alone (its order, no row read), then their rows: the planner's estimate
  // of a company's tray is an average, and below a page it would rather read every row of the tray and sort them.
  const rows = await q.query<CopyView>(
    `${COPY_SELECT} where e.id in (select e.id from echeqs e where ${pageWhere}
       order by e.created_at desc, e.id desc ${pageLimit(query.limit)} offset ${p.add(offset)})
     order by e.created_at desc, e.id desc`,
    p.values,
  );
  const counts = await trayCounts(q, companyId);
  const last = rows.rows.at(-1);
  const today = buenosAiresDateOf(now);
  return {
    data: rows.rows.map((row) => toCopyDto(row, { cuit: row.company_cuit }, now, today)),
    page: query.page,
    limit: query.limit,
    total: total ?? counts[tray].total,
    nextCursor: last && rows.rows.length === query.limit ? encodePairCursor({ key: last.key_at, id: last.id }) : null,
    counts,
  };
}
