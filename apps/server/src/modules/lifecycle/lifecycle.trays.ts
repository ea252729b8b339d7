import { buenosAiresDateOf, type Tray, type TrayPage, type TrayQuery } from '@echeq/contract';
import type { Ctx } from '../../platform/auth/actor';
import type { Queryable } from '../../platform/db/db';
import { queryJsonPage } from '../../platform/db/json-page';
import { keyText } from '../../platform/db/keyset';
import { pageLimit } from '../../platform/db/page-limit';
import { SqlParams } from '../../platform/db/sql';
import { actionsInPage } from '../echeqs';
import { trayCountsOf, trayCountsSql, zeroCounts } from './lifecycle.counts';
import { decodePairCursor, encodePairCursor, searchSql } from './lifecycle.lists';
import { COPY_DOC } from './lifecycle.view';

const KEY_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/**
 * `GET /api/echeqs/trays/:tray`: the caller company's copies in the tray, newest first (created_at desc, id desc:
 * the tray index's order), by page or by the previous page's cursor, each with the company's actions today, and the
 * counts of every tray (in the page's statement). A bank's or the platform's roles have no trays (a tray is a
 * company's position on its cheques): they get an empty page and zero counts, as a company with no registry cheque
 * does. The page is written as JSON by the database (COPY_DOC), the server adding only each row's actions
 * (actionsInPage).
 */
export async function trayPage(
  q: Queryable,
  ctx: Ctx,
  tray: Tray,
  query: TrayQuery,
  now: Date,
): Promise<{ entries: string; meta: Omit<TrayPage, 'data'> }> {
  const companyId = ctx.actor.companyId;
  const empty = { page: query.page, limit: query.limit, total: 0, nextCursor: null };
  if (!companyId) return { entries: '[]', meta: { ...empty, counts: zeroCounts() } };
  const p = new SqlParams();
  const companyRef = p.add(companyId);
  const where = [
    `e.company_id = ${companyRef}`,
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
  // The counts of every tray come with the page, in its statement (trayCountsSql).
  const page = await queryJsonPage(
    q,
    `select ${COPY_DOC} as doc, e.created_at as sort_at, e.id, ${keyText('e.created_at')} as key_at
     from echeqs e join companies co on co.id = e.company_id
     where e.id in (select e.id from echeqs e where ${pageWhere}
       order by e.created_at desc, e.id desc ${pageLimit(query.limit)} offset ${p.add(offset)})`,
    p.values,
    trayCountsSql(companyRef),
  );
  const counts = trayCountsOf(page.extra ?? '[]');
  const today = buenosAiresDateOf(now);
  return {
    entries: actionsInPage(page.entries, today, ({ companyCuit }) => ({ cuit: companyCuit })),
    meta: {
      page: query.page,
      limit: query.limit,
      total: total ?? counts[tray].total,
      nextCursor:
        page.last && page.count === query.limit ? encodePairCursor({ key: page.last.at, id: page.last.id }) : null,
      counts,
    },
  };
}
