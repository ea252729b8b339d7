import {
  type CustodyReport,
  centsToNumber,
  custodyStatusSchema,
  type DiscountReport,
  discountStatusSchema,
  monthsBetween,
  type ReportRange,
  toCents,
} from '@echeq/contract';
import type { Ctx, Scope } from '../../platform/auth/actor';
import { scopeOf } from '../../platform/auth/actor';
import { buenosAiresDate } from '../../platform/clock';
import type { Deps } from '../../platform/deps';
import {
  type CounterRow,
  custodyCounters,
  custodyInRange,
  discountCounters,
  discountsInRange,
  type MonthSpan,
} from './reports.queries';

type ReportDeps = Pick<Deps, 'db' | 'clock'>;

const ARS = 'ARS';
/** Without a range the series shows the last 12 months; a range shows its months, at most 60. */
const DEFAULT_SERIES_MONTHS = 12;
const MAX_SERIES_MONTHS = 60;

function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const idx = y * 12 + (m - 1) + delta;
  return `${Math.floor(idx / 12)}-${String((idx % 12) + 1).padStart(2, '0')}`;
}

/** The months the series covers: the range's months (capped), or the last 12 up to the current month. */
function seriesMonths(range: ReportRange, now: Date): string[] {
  const current = buenosAiresDate(now).slice(0, 7);
  const end = range.to ? range.to.slice(0, 7) : current;
  let start = range.from ? range.from.slice(0, 7) : shiftMonth(end, -(DEFAULT_SERIES_MONTHS - 1));
  if (start > end) start = end;
  const months = monthsBetween(start, end);
  return months.length > MAX_SERIES_MONTHS ? months.slice(-MAX_SERIES_MONTHS) : months;
}

type Cell = { count: bigint; cents: bigint; approvedCents: bigint };
const zero = (): Cell => ({ count: 0n, cents: 0n, approvedCents: 0n });

/** Folds counter rows into per-status totals (ARS), per-currency totals of chosen statuses and a monthly series. */
function fold<S extends string>(rows: CounterRow[], statuses: readonly S[], range: ReportRange, now: Date) {
  const byStatus = new Map<string, Cell>(statuses.map((s) => [s, zero()]));
  const byMonth = new Map<string, Cell>();
  const byStatusCurrency = new Map<string, Cell>();
  for (const row of rows) {
    const count = BigInt(row.count);
    const cents = toCents(row.amount);
    const currency = row.currency.trim();
    const ars = currency === ARS;
    if (row.month === null) {
      // A status's totals in one currency.
      const status = row.status ?? '';
      const approved = row.approved_amount ? toCents(row.approved_amount) : 0n;
      const st = byStatus.get(status) ?? zero();
      st.count += count;
      if (ars) {
        st.cents += cents;
        st.approvedCents += approved;
      }
      byStatus.set(status, st);
      const key = `${status}|${currency}`;
      const sc = byStatusCurrency.get(key) ?? zero();
      sc.count += count;
      sc.cents += cents;
      byStatusCurrency.set(key, sc);
    } else {
      // A month's totals in one currency.
      const mo = byMonth.get(row.month) ?? zero();
      mo.count += count;
      if (ars) mo.cents += cents;
      byMonth.set(row.month, mo);
    }
  }
  const otherCurrencies = (included: readonly string[]) => {
    const totals = new Map<string, Cell>();
    for (const [key, cell] of byStatusCurrency) {
      const [status, currency] = key.split('|') as [string, string];
      if (currency === ARS || !included.includes(status)) continue;
      const t = totals.get(currency) ?? zero();
      t.count += cell.count;
      t.cents += cell.cents;
      totals.set(currency, t);
    }
    return [...totals]
      .filter(([, c]) => c.count !== 0n)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, c]) => ({ currency, count: Number(c.count), amount: centsToNumber(c.cents) }));
  };
  const series = seriesMonths(range, now).map((month) => {
    const c = byMonth.get(month) ?? zero();
    return { month, count: Number(c.count), amount: centsToNumber(c.cents) };
  });
  const statusCounts = statuses.map((status) => {
    const c = byStatus.get(status) ?? zero();
    return { status, count: Number(c.count), amount: centsToNumber(c.cents) };
  });
  return { byStatus, statusCounts, otherCurrencies, series };
}

function echo(range: ReportRange, now: Date) {
  return { from: range.from ?? null, to: range.to ?? null, generatedAt: now.toISOString() };
}

const hasRange = (range: ReportRange) => Boolean(range.from || range.to);

function lastDayOf(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/**
 * A date range as whole months (read from the counters) plus at most two partial months at its edges (aggregated
 * from the records): a range of whole months costs as little as no range at all, whatever the size of the book.
 */
export function splitRange(range: ReportRange): { months: MonthSpan | null; edges: ReportRange[] } {
  const { from, to } = range;
  const fromMonth = from?.slice(0, 7);
  const toMonth = to?.slice(0, 7);
  if (fromMonth && toMonth && fromMonth === toMonth) {
    const whole = from!.endsWith('-01') && to === lastDayOf(toMonth);
    return whole ? { months: { from: fromMonth, to: toMonth }, edges: [] } : { months: null, edges: [range] };
  }
  const edges: ReportRange[] = [];
  let first = fromMonth;
  if (from && !from.endsWith('-01')) {
    edges.push({ from, to: lastDayOf(fromMonth!) });
    first = shiftMonth(fromMonth!, 1);
  }
  let last = toMonth;
  if (to && to !== lastDayOf(toMonth!)) {
    edges.push({ from: `${toMonth}-01`, to });
    last = shiftMonth(toMonth!, -1);
  }
  const empty = first && last && first > last;
  const months: MonthSpan = {};
  if (first) months.from = first;
  if (last) months.to = last;
  return { months: empty ? null : months, edges };
}

async function cells(
  range: ReportRange,
  counters: (span: MonthSpan) => Promise<CounterRow[]>,
  direct: (r: ReportRange) => Promise<CounterRow[]>,
): Promise<CounterRow[]> {
  if (!hasRange(range)) return counters({});
  const { months, edges } = splitRange(range);
  const parts = await Promise.all([...(months ? [counters(months)] : []), ...edges.map(direct)]);
  return parts.flat();
}

/**
 * Custody report in the caller's scope: `total`/`totalAmount` are the records IN_CUSTODY, `statusCounts` every
 * status. Without a range it reads the trigger-kept counters; with one it aggregates the records in the range.
 */
export async function getCustodyReport(opts: {
  deps: ReportDeps;
  ctx: Ctx;
  range?: ReportRange;
}): Promise<CustodyReport> {
  const range = opts.range ?? {};
  return custodyReportFor(opts.deps, scopeOf(opts.ctx.actor), range);
}

export async function custodyReportFor(deps: ReportDeps, scope: Scope, range: ReportRange): Promise<CustodyReport> {
  const now = deps.clock.now();
  const rows = await cells(
    range,
    (span) => custodyCounters(deps.db, scope, span),
    (r) => custodyInRange(deps.db, scope, r),
  );
  const f = fold(rows, custodyStatusSchema.options, range, now);
  const open = f.byStatus.get('IN_CUSTODY') ?? zero();
  return {
    total: Number(open.count),
    totalAmount: centsToNumber(open.cents),
    statusCounts: f.statusCounts,
    otherCurrencies: f.otherCurrencies(['IN_CUSTODY']),
    series: f.series,
    ...echo(range, now),
  };
}

/** Discount report in the caller's scope: every discount, requested amounts, and approved amounts. */
export async function getDiscountReport(opts: {
  deps: ReportDeps;
  ctx: Ctx;
  range?: ReportRange;
}): Promise<DiscountReport> {
  return discountReportFor(opts.deps, scopeOf(opts.ctx.actor), opts.range ?? {});
}

export async function discountReportFor(deps: ReportDeps, scope: Scope, range: ReportRange): Promise<DiscountReport> {
  const now = deps.clock.now();
  const rows = hasRange(range) ? await discountsInRange(deps.db, scope, range) : await discountCounters(deps.db, scope);
  const statuses = discountStatusSchema.options;
  const f = fold(rows, statuses, range, now);
  let count = 0n;
  let cents = 0n;
  let approved = 0n;
  for (const c of f.byStatus.values()) {
    count += c.count;
    cents += c.cents;
    approved += c.approvedCents;
  }
  return {
    total: Number(count),
    totalAmount: centsToNumber(cents),
    approvedAmount: centsToNumber(approved),
    statusCounts: f.statusCounts,
    otherCurrencies: f.otherCurrencies(statuses),
    series: f.series,
    ...echo(range, now),
  };
}
