import {
  type CustodyReport,
  centsToNumber,
  custodyStatusSchema,
  type DiscountReport,
  discountStatusSchema,
  monthsBetween,
  type PerformanceReport,
  type ReportRange,
  toCents,
} from '@echeq/contract';
import type { Ctx, Scope } from '../../platform/auth/actor';
import { scopeOf } from '../../platform/auth/actor';
import { buenosAiresDate } from '../../platform/clock';
import type { Deps } from '../../platform/deps';
import { BUCKETS_MS } from '../../platform/metrics';
import {
  type CounterRow,
  custodyCounters,
  custodyInRange,
  discountCounters,
  discountsInRange,
  type MonthSpan,
  metricsBuckets,
  metricsHourly,
  metricsTotals,
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

// ---------------------------------------------------------------------------------------------------------------
// Performance

const PERFORMANCE_WINDOW_HOURS = 24;

const round = (n: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(n * f) / f;
};
const pct = (part: number, whole: number) => (whole > 0 ? round((part * 100) / whole, 2) : 0);
const mean = (sumMs: number, count: number) => (count > 0 ? round(sumMs / count, 1) : 0);

/** A quantile estimated from the histogram by linear interpolation inside its bucket. */
function quantile(buckets: number[], q: number, overflowUpper: number): number {
  const total = buckets.reduce((s, n) => s + n, 0);
  if (total === 0) return 0;
  const target = q * total;
  let acc = 0;
  for (let i = 0; i < buckets.length; i++) {
    const n = buckets[i] ?? 0;
    if (n > 0 && acc + n >= target) {
      const lower = i === 0 ? 0 : BUCKETS_MS[i - 1]!;
      const upper = i < BUCKETS_MS.length ? BUCKETS_MS[i]! : Math.max(overflowUpper, lower);
      return round(lower + ((target - acc) / n) * (upper - lower), 1);
    }
    acc += n;
  }
  return 0;
}

/**
 * Performance over the last 24 h, measured: every process's flushed per-minute aggregates plus what this process
 * has not flushed yet.
 */
export async function getPerformanceReport(opts: {
  deps: Pick<Deps, 'db' | 'clock' | 'metrics'>;
}): Promise<PerformanceReport> {
  const { db, clock, metrics } = opts.deps;
  const now = clock.now();
  const since = new Date(now.getTime() - PERFORMANCE_WINDOW_HOURS * 3_600_000);
  since.setUTCSeconds(0, 0);
  const [totals, bucketRows, hourlyRows] = await Promise.all([
    metricsTotals(db, since),
    metricsBuckets(db, since),
    metricsHourly(db, since),
  ]);
  const fresh = metrics.unflushed(since);

  type G = { count: number; errors: number; sumMs: number };
  const groups = new Map<string, G>();
  const addGroup = (key: string, count: number, errors: number, sumMs: number) => {
    const g = groups.get(key) ?? { count: 0, errors: 0, sumMs: 0 };
    g.count += count;
    g.errors += errors;
    g.sumMs += sumMs;
    groups.set(key, g);
  };
  let maxMs = 0;
  for (const t of totals) {
    addGroup(`${t.kind}|${t.route_group}`, Number(t.count), Number(t.error_count), Number(t.sum_ms));
    if (t.kind === 'http') maxMs = Math.max(maxMs, Number(t.max_ms));
  }
  const buckets = new Array<number>(BUCKETS_MS.length + 1).fill(0);
  for (const b of bucketRows) {
    const i = Number(b.i) - 1;
    if (i >= 0 && i < buckets.length) buckets[i]! += Number(b.n);
  }
  const hours = new Map<string, G>();
  const addHour = (hour: string, count: number, errors: number, sumMs: number) => {
    const h = hours.get(hour) ?? { count: 0, errors: 0, sumMs: 0 };
    h.count += count;
    h.errors += errors;
    h.sumMs += sumMs;
    hours.set(hour, h);
  };
  for (const h of hourlyRows) addHour(h.hour, Number(h.count), Number(h.error_count), Number(h.sum_ms));
  for (const a of fresh) {
    addGroup(`${a.kind}|${a.group}`, a.count, a.errors, a.sumMs);
    if (a.kind !== 'http') continue;
    a.buckets.forEach((n, i) => {
      buckets[i]! += n;
    });
    maxMs = Math.max(maxMs, a.maxMs);
    addHour(`${a.minute.slice(0, 13)}:00:00Z`, a.count, a.errors, a.sumMs);
  }

  let requests = 0;
  let serverErrors = 0;
  let sumMs = 0;
  let probes = 0;
  let probeFailures = 0;
  const routes: PerformanceReport['routes'] = [];
  for (const [key, g] of groups) {
    const [kind, group] = key.split('|') as [string, string];
    if (kind === 'http') {
      requests += g.count;
      serverErrors += g.errors;
      sumMs += g.sumMs;
      routes.push({ group, requests: g.count, serverErrors: g.errors, responseTime: mean(g.sumMs, g.count) });
    } else {
      probes += g.count;
      probeFailures += g.errors;
    }
  }
  routes.sort((a, b) => b.requests - a.requests || a.group.localeCompare(b.group));
  const overflowUpper = maxMs || BUCKETS_MS[BUCKETS_MS.length - 1]! * 2;
  const hourly = [...hours]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([hour, h]) => ({
      hour,
      requests: h.count,
      serverErrors: h.errors,
      responseTime: mean(h.sumMs, h.count),
    }));

  const attempts = requests + probes;
  return {
    responseTime: mean(sumMs, requests),
    availability: attempts > 0 ? pct(attempts - serverErrors - probeFailures, attempts) : 100,
    errorRate: pct(serverErrors, requests),
    p50: quantile(buckets, 0.5, overflowUpper),
    p95: quantile(buckets, 0.95, overflowUpper),
    requests,
    serverErrors,
    probes,
    probeFailures,
    windowHours: PERFORMANCE_WINDOW_HOURS,
    since: since.toISOString(),
    generatedAt: now.toISOString(),
    routes,
    hourly,
  };
}
