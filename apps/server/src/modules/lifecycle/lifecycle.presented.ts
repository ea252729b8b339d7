import { buenosAiresDateOf, decimalToNumber, type PresentedPage, type PresentedQuery } from '@echeq/contract';
import type { Ctx } from '../../platform/auth/actor';
import type { Queryable } from '../../platform/db/db';
import { pageLimit } from '../../platform/db/page-limit';
import { SqlParams } from '../../platform/db/sql';
import { bankCodeOf } from '../accounts';
import { decodePairCursor, encodePairCursor, searchSql } from './lifecycle.lists';
import { COPY_SELECT, type CopyView, toCopyDto } from './lifecycle.view';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The clearing date of a presented cheque, as the registry set it when it was deposited. */
const CLEARING = `(e.registry -> 'deposit' ->> 'clearing_date')`;

/**
 * `GET /api/echeqs/presented`: the paying bank's queue. The cheques PRESENTADO drawn on the caller bank's accounts
 * (the issuer's CBU carries the bank's code), read from the bank's own copies, one per cheque (its bank copy),
 * oldest clearing date first (the day the bank must pay or reject by the cut-off), each with the bank's actions (PAY,
 * REJECT while the registry is not busy with it). `totals` adds the whole queue's amounts by currency.
 */
export async function presentedPage(q: Queryable, ctx: Ctx, query: PresentedQuery, now: Date): Promise<PresentedPage> {
  const tenantId = ctx.actor.tenantId;
  const code = tenantId ? await bankCodeOf(q, tenantId) : null;
  const empty = { data: [], page: query.page, limit: query.limit, total: 0, nextCursor: null, totals: [] };
  if (!tenantId || !code) return empty;
  const p = new SqlParams();
  const where = [
    `e.tenant_id = ${p.add(tenantId)}`,
    `e.state = 'PRESENTADO'`,
    'e.bank_copy',
    'e.cheque_id is not null',
    'e.deleted_at is null',
    `(e.registry -> 'issuer' ->> 'bank_code') = ${p.add(code)}`,
  ];
  const search = searchSql(p, query.q);
  if (search) where.push(search);
  const filter = where.join(' and ');
  const sums = await q.query<{ currency: string; count: number; amount: string }>(
    `select btrim(e.currency) as currency, count(*)::int as count, sum(e.amount)::text as amount
     from echeqs e where ${filter} group by 1 order by 1`,
    p.values,
  );
  let pageWhere = filter;
  let offset = (query.page - 1) * query.limit;
  if (query.cursor) {
    const after = decodePairCursor(query.cursor, DATE);
    pageWhere += ` and (${CLEARING}, e.id) > (${p.add(after.key)}, ${p.add(after.id)}::uuid)`;
    offset = 0;
  }
  const rows = await q.query<
    CopyView & { clearing_date: string | null; presented_at_text: string | null; issuer_cbu: string | null }
  >(
    `select c.*, c.registry -> 'deposit' ->> 'clearing_date' as clearing_date,
       c.registry ->> 'presented_at' as presented_at_text, c.registry -> 'issuer' ->> 'cbu' as issuer_cbu
     from (${COPY_SELECT} where ${pageWhere} order by ${CLEARING}, e.id ${pageLimit(query.limit)}
       offset ${p.add(offset)}) c
     order by clearing_date, c.id`,
    p.values,
  );
  const last = rows.rows.at(-1);
  const today = buenosAiresDateOf(now);
  return {
    data: rows.rows.map((row) => ({
      ...toCopyDto(row, { payingBank: true }, now, today),
      clearing_date: row.clearing_date,
      presented_at: row.presented_at_text,
      issuer_cbu: row.issuer_cbu,
    })),
    page: query.page,
    limit: query.limit,
    total: sums.rows.reduce((n, s) => n + s.count, 0),
    nextCursor:
      last?.clearing_date && rows.rows.length === query.limit
        ? encodePairCursor({ key: last.clearing_date, id: last.id })
        : null,
    totals: sums.rows.map((s) => ({ currency: s.currency, count: s.count, amount: decimalToNumber(s.amount) })),
  };
}
