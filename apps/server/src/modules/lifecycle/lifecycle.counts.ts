import { decimalToNumber, type PresentedTotal, TRAYS, type Tray, type TrayCounts } from '@echeq/contract';
import type { Queryable } from '../../platform/db/db';

/**
 * The counts behind the trays and the paying bank's queue, read from the counters migration 0028 keeps in the same
 * transaction as every change of `echeqs` (decision 040): a few rows whatever the size of the company's book or of
 * the bank's queue. A search (`q`) is not counted here: its count reads the rows it matches.
 */

export function zeroCounts(): TrayCounts {
  return Object.fromEntries(TRAYS.map((t) => [t, { total: 0, pending: 0 }])) as TrayCounts;
}

/**
 * The company's counts per tray: `total`, and `pending` the copies that await the company today (`awaiting`, kept
 * true for the day by the awaiting job). The counters count exactly what a grouped count of the company's registry
 * copies not deleted with a tray would.
 */
export async function trayCounts(q: Queryable, companyId: string): Promise<TrayCounts> {
  const r = await q.query<{ tray: string; total: string; pending: string }>(
    `select tray, total::text as total, pending::text as pending
     from lifecycle_tray_counters where company_id = $1 and total <> 0`,
    [companyId],
  );
  const counts = zeroCounts();
  for (const row of r.rows) {
    if ((TRAYS as readonly string[]).includes(row.tray))
      counts[row.tray as Tray] = { total: Number(row.total), pending: Number(row.pending) };
  }
  return counts;
}

/**
 * The paying bank's whole queue by currency: the bank copies PRESENTADO of the bank (`tenantId`) drawn on its own
 * accounts (`bankCode`, the bank's code), how many and the sum of their amounts (exact: the counter is `numeric`,
 * turned into the contract's number only here, as the grouped sum was). Currencies with an empty queue are left out.
 */
export async function presentedTotals(q: Queryable, tenantId: string, bankCode: string): Promise<PresentedTotal[]> {
  const r = await q.query<{ currency: string; count: string; amount: string }>(
    `select btrim(currency) as currency, count::text as count, amount::text as amount
     from lifecycle_presented_counters where tenant_id = $1 and bank_code = $2 and count <> 0
     order by 1`,
    [tenantId, bankCode],
  );
  return r.rows.map((s) => ({ currency: s.currency, count: Number(s.count), amount: decimalToNumber(s.amount) }));
}

/**
 * A search's part of the queue by currency, from the rows it matches (`filter`: the queue's conditions and the
 * search's, over `echeqs e`, with its parameters).
 */
export async function presentedTotalsOfRows(
  q: Queryable,
  filter: string,
  values: unknown[],
): Promise<PresentedTotal[]> {
  const r = await q.query<{ currency: string; count: number; amount: string }>(
    `select btrim(e.currency) as currency, count(*)::int as count, sum(e.amount)::text as amount
     from echeqs e where ${filter} group by 1 order by 1`,
    values,
  );
  return r.rows.map((s) => ({ currency: s.currency, count: s.count, amount: decimalToNumber(s.amount) }));
}
