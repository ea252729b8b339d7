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
 * SQL of the company's counts per tray as JSON text (`[[tray, total, pending], …]`, the trays with copies), the
 * company given by parameter `company` (`$n`): a scalar subquery a page's statement selects too, so the page and its
 * counts are one round trip and one snapshot (trayCountsOf reads it). `total` counts the tray's copies and `pending`
 * those that await the company today (`awaiting`, kept true for the day by the awaiting job); the counters count
 * exactly what a grouped count of the company's registry copies not deleted with a tray would.
 */
export function trayCountsSql(company: string): string {
  return `(select coalesce(json_agg(json_build_array(tray, total, pending))::text, '[]')
     from lifecycle_tray_counters where company_id = ${company} and total <> 0)`;
}

/** The counts of every tray from trayCountsSql's text (a tray it does not name has none). */
export function trayCountsOf(json: string): TrayCounts {
  const counts = zeroCounts();
  for (const [tray, total, pending] of JSON.parse(json) as [string, number, number][]) {
    if ((TRAYS as readonly string[]).includes(tray)) counts[tray as Tray] = { total, pending };
  }
  return counts;
}

/** The company's counts per tray on their own (trayCountsSql). */
export async function trayCounts(q: Queryable, companyId: string): Promise<TrayCounts> {
  const r = await q.query<{ counts: string }>(`select ${trayCountsSql('$1')} as counts`, [companyId]);
  return trayCountsOf(r.rows[0]!.counts);
}

/**
 * SQL of the paying bank's whole queue by currency as JSON text (`[[currency, count, "amount"], …]`, by currency):
 * the bank copies PRESENTADO of the bank (parameter `tenant`) drawn on its own accounts (parameter `code`, the bank's
 * code), how many and the sum of their amounts, written as text (exact: the counter is `numeric`, turned into the
 * contract's number only in presentedTotalsOf, as the grouped sum was). Currencies with an empty queue are left out.
 * A scalar subquery the queue's page selects too (one round trip and one snapshot).
 */
export function presentedTotalsSql(tenant: string, code: string): string {
  return `(select coalesce(json_agg(json_build_array(btrim(currency), count, amount::text) order by btrim(currency))::text, '[]')
     from lifecycle_presented_counters where tenant_id = ${tenant} and bank_code = ${code} and count <> 0)`;
}

/** The queue's totals from presentedTotalsSql's text. */
export function presentedTotalsOf(json: string): PresentedTotal[] {
  return (JSON.parse(json) as [string, number, string][]).map(([currency, count, amount]) => ({
    currency,
    count,
    amount: decimalToNumber(amount),
  }));
}

/** The paying bank's whole queue by currency on its own (presentedTotalsSql). */
export async function presentedTotals(q: Queryable, tenantId: string, bankCode: string): Promise<PresentedTotal[]> {
  const r = await q.query<{ totals: string }>(`select ${presentedTotalsSql('$1', '$2')} as totals`, [
    tenantId,
    bankCode,
  ]);
  return presentedTotalsOf(r.rows[0]!.totals);
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
