import { buenosAiresDateOf, type PresentedPage, type PresentedQuery } from '@echeq/contract';
import type { Ctx } from '../../platform/auth/actor';
import type { Queryable } from '../../platform/db/db';
import { jsonObject } from '../../platform/db/json-page';
import { pageLimit } from '../../platform/db/page-limit';
import { SqlParams } from '../../platform/db/sql';
import { bankCodeOf } from '../accounts';
import { actionsInPage } from '../echeqs';
import { presentedTotalsOf, presentedTotalsOfRows, presentedTotalsSql } from './lifecycle.counts';
import { decodePairCursor, encodePairCursor, searchSql } from './lifecycle.lists';
import { COPY_FIELDS } from './lifecycle.view';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The clearing date of a presented cheque, as the registry set it when it was deposited. */
const CLEARING = `(e.registry -> 'deposit' ->> 'clearing_date')`;

/** A cheque of the queue as the API shows it: the copy (COPY_FIELDS) and the registry's dates and issuer's CBU. */
const PRESENTED_DOC = jsonObject({
  ...COPY_FIELDS,
  clearing_date: ['text', CLEARING],
  presented_at: ['text', `e.registry ->> 'presented_at'`],
  issuer_cbu: ['text', `e.registry -> 'issuer' ->> 'cbu'`],
});

/**
 * `GET /api/echeqs/presented`: the paying bank's queue. The cheques PRESENTADO drawn on the caller bank's accounts
 * (the issuer's CBU carries the bank's code), read from the bank's own copies, one per cheque (its bank copy),
 * oldest clearing date first (the day the bank must pay or reject by the cut-off), each with the bank's actions (PAY,
 * REJECT while the registry is not busy with it). `totals` adds the whole queue's amounts by currency (its counters,
 * `lifecycle.counts.ts`). The page is written as JSON by the database (PRESENTED_DOC), the server adding only each
 * row's actions (actionsInPage).
 */
export async function presentedPage(
  q: Queryable,
  ctx: Ctx,
  query: PresentedQuery,
  now: Date,
): Promise<{ entries: string; meta: Omit<PresentedPage, 'data'> }> {
  const tenantId = ctx.actor.tenantId;
  const code = tenantId ? await bankCodeOf(q, tenantId) : null;
  const empty = { page: query.page, limit: query.limit, total: 0, nextCursor: null, totals: [] };
  if (!tenantId || !code) return { entries: '[]', meta: empty };
  const p = new SqlParams();
  const tenantRef = p.add(tenantId);
  const codeRef = p.add(code);
  const where = [
    `e.tenant_id = ${tenantRef}`,
    `e.state = 'PRESENTADO'`,
    'e.bank_copy',
    'e.cheque_id is not null',
    'e.deleted_at is null',
    `(e.registry -> 'issuer' ->> 'bank_code') = ${codeRef}`,
  ];
  const search = searchSql(p, query.q);
  if (search) where.push(search);
  const filter = where.join(' and ');
  // A search's totals from the rows it matches; the whole queue's from its counters, in the page's statement.
  const searched = search ? await presentedTotalsOfRows(q, filter, p.values) : null;
  let pageWhere = filter;
  let offset = (query.page - 1) * query.limit;
  if (query.cursor) {
    const after = decodePairCursor(query.cursor, DATE);
    pageWhere += ` and (${CLEARING}, e.id) > (${p.add(after.key)}, ${p.add(after.id)}::uuid)`;
    offset = 0;
  }
  // The page's ids first (the queue's index, in its order), then only those rows written as JSON, in that order; the
  // last one's keys make the cursor.
  const page = (
    await q.query<{
      entries: string;
      count: number;
      last_key: string | null;
      last_id: string | null;
      totals: string | null;
    }>(
      `select '[' || coalesce(string_agg(p.doc, ',' order by p.clearing_date, p.id), '') || ']' as entries,
         count(*)::int as count,
         (array_agg(p.clearing_date order by p.clearing_date desc, p.id desc))[1] as last_key,
         (array_agg(p.id::text order by p.clearing_date desc, p.id desc))[1] as last_id,
         ${searched ? 'null::text' : presentedTotalsSql(tenantRef, codeRef)} as totals
       from (select ${PRESENTED_DOC} as doc, ${CLEARING} as clearing_date, e.id
         from echeqs e join companies co on co.id = e.company_id
         where e.id in (select e.id from echeqs e where ${pageWhere} order by ${CLEARING}, e.id
           ${pageLimit(query.limit)} offset ${p.add(offset)})) p`,
      p.values,
    )
  ).rows[0]!;
  const totals = searched ?? presentedTotalsOf(page.totals ?? '[]');
  const today = buenosAiresDateOf(now);
  return {
    entries: actionsInPage(page.entries, today, () => ({ payingBank: true })),
    meta: {
      page: query.page,
      limit: query.limit,
      total: totals.reduce((n, s) => n + s.count, 0),
      nextCursor:
        page.last_key && page.last_id && page.count === query.limit
          ? encodePairCursor({ key: page.last_key, id: page.last_id })
          : null,
      totals,
    },
  };
}
