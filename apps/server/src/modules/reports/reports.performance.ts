/** The measured performance of the last 24 hours, of the whole platform or of one bank's traffic (decision 022). */
import { can, type PerformanceDetail, type PerformanceReport } from '@echeq/contract';
import { type Actor, scopeOf } from '../../platform/auth/actor';
import type { Deps } from '../../platform/deps';
import { BUCKETS_MS } from '../../platform/metrics';
import { metricsBuckets, metricsHourly, metricsTotals } from './reports.queries';

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
  audience: PerformanceAudience;
}): Promise<PerformanceReport> {
  const detail = await performanceDetail(opts.deps, opts.audience);
  if (opts.audience.scope !== 'company') return detail;
  const { scope, responseTime, availability, errorRate, windowHours, since, generatedAt } = detail;
  return { scope, responseTime, availability, errorRate, windowHours, since, generatedAt };
}

/**
 * Whose figures a user sees (decision 022): the platform's administrator every bank's traffic, with the breakdown
 * per area; a bank's roles that read reports their bank's traffic, with its breakdown; anyone else (a company's
 * roles) the dashboard's three figures of their bank's traffic.
 */
export type PerformanceAudience = { scope: 'platform' } | { scope: 'bank' | 'company'; tenantId: string };

export function performanceAudienceOf(actor: Actor): PerformanceAudience {
  const scope = scopeOf(actor);
  if (scope.kind === 'all') return { scope: 'platform' };
  const bank = scope.kind === 'tenant' && can(actor.role, 'reports:read');
  return { scope: bank ? 'bank' : 'company', tenantId: scope.tenantId };
}

/** The figures with their breakdown, over the audience's traffic. */
export async function performanceDetail(
  deps: Pick<Deps, 'db' | 'clock' | 'metrics'>,
  audience: PerformanceAudience,
): Promise<PerformanceDetail> {
  const { db, clock, metrics } = deps;
  const tenantId = audience.scope === 'platform' ? null : audience.tenantId;
  const now = clock.now();
  const since = new Date(now.getTime() - PERFORMANCE_WINDOW_HOURS * 3_600_000);
  since.setUTCSeconds(0, 0);
  const [totals, bucketRows, hourlyRows] = await Promise.all([
    metricsTotals(db, since, tenantId),
    metricsBuckets(db, since, tenantId),
    metricsHourly(db, since, tenantId),
  ]);
  const fresh = metrics.unflushed(since, tenantId);

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
  const routes: PerformanceDetail['routes'] = [];
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
    scope: audience.scope,
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
