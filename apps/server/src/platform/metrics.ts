/**
 * Request timing recorder. Every API request's duration and outcome (and every clearing-house health probe) is
 * added to an in-memory per-minute aggregate; a flush every ~10 s adds it to `metrics_minute` with an upsert that
 * adds, so several server processes sharing one database sum up. What has not been flushed yet stays readable
 * (`unflushed`) so the performance report of a fresh process already shows real numbers.
 * It also keeps this process's cumulative histograms for the Prometheus text at /metrics.
 */
import type { FastifyInstance } from 'fastify';
import type { Clock } from './clock';
import type { Db } from './db/db';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's request timing recorder (tests flush it by hand). */
    metrics: MetricsRecorder;
  }
}

/** Upper bounds (ms) of the latency buckets; one more bucket holds everything slower. */
export const BUCKETS_MS = [1, 2.5, 5, 10, 25, 50, 75, 100, 150, 250, 500, 750, 1000, 2500, 5000, 10000] as const;

type MetricKind = 'http' | 'probe';

/**
 * One minute of one group, for the whole platform (`tenantId` null) or for one bank's traffic: how many, how many
 * failed (5xx / failed probe), total and max time, bucket counts.
 */
type Aggregate = {
  minute: string;
  kind: MetricKind;
  group: string;
  tenantId: string | null;
  count: number;
  errors: number;
  sumMs: number;
  maxMs: number;
  buckets: number[];
};

type Cumulative = { count: number; errors: number; sumMs: number; buckets: number[] };

export type MetricsRecorder = {
  /** A request, counted for the platform and, when its user belongs to a bank (`tenantId`), for that bank too. */
  recordRequest(group: string, ms: number, status: number, tenantId?: string | null): void;
  /** A clearing-house health probe (or any dependency probe): `target` names what was probed, `tenantId` for whom. */
  recordProbe(target: string, ms: number, ok: boolean, tenantId?: string | null): void;
  /** Writes what accumulated since the last flush; on failure it is kept for the next one. */
  flush(): Promise<void>;
  /** In-memory aggregates (not yet in the database) of minutes at or after `since`, of the platform or one bank. */
  unflushed(since: Date, tenantId?: string | null): Aggregate[];
  /** This process's totals since it started, per kind and group (Prometheus counters). */
  cumulative(): { kind: MetricKind; group: string; count: number; errors: number; sumMs: number; buckets: number[] }[];
  start(intervalMs?: number): void;
  stop(): Promise<void>;
};

export function bucketIndex(ms: number): number {
  for (let i = 0; i < BUCKETS_MS.length; i++) if (ms <= BUCKETS_MS[i]!) return i;
  return BUCKETS_MS.length;
}

const emptyBuckets = () => new Array<number>(BUCKETS_MS.length + 1).fill(0);

function minuteOf(d: Date): string {
  const t = new Date(d.getTime());
  t.setUTCSeconds(0, 0);
  return t.toISOString();
}

/** Keep a week of minutes; older rows are removed by the flush once an hour. */
const RETENTION_MS = 7 * 24 * 3_600_000;
const PRUNE_EVERY_MS = 3_600_000;

const UPSERT = `
insert into metrics_minute as m (tenant_id, minute, kind, route_group, count, error_count, sum_ms, max_ms, buckets)
select x.tenant_id, x.minute, x.kind, x.route_group, x.count, x.error_count, x.sum_ms, x.max_ms, x.buckets
from jsonb_to_recordset($1::jsonb) as x(tenant_id uuid, minute timestamptz, kind text, route_group text,
  count bigint, error_count bigint, sum_ms double precision, max_ms double precision, buckets bigint[])
order by x.tenant_id nulls first, x.minute, x.kind, x.route_group
on conflict (tenant_id, minute, kind, route_group) do update set
  count = m.count + excluded.count,
  error_count = m.error_count + excluded.error_count,
  sum_ms = m.sum_ms + excluded.sum_ms,
  max_ms = greatest(m.max_ms, excluded.max_ms),
  buckets = (select coalesce(array_agg(coalesce(u.a, 0) + coalesce(u.b, 0) order by u.i), '{}')
             from unnest(m.buckets, excluded.buckets) with ordinality as u(a, b, i))`;

export function createMetricsRecorder(opts: {
  db: Pick<Db, 'query'>;
  clock: Clock;
  onError?: (err: unknown) => void;
}): MetricsRecorder {
  let pending = new Map<string, Aggregate>();
  let flushing = new Map<string, Aggregate>();
  const totals = new Map<string, Cumulative & { kind: MetricKind; group: string }>();
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<void> | null = null;
  let lastPrune = 0;

  function addTo(
    minute: string,
    kind: MetricKind,
    group: string,
    tenantId: string | null,
    ms: number,
    failed: boolean,
  ) {
    const key = `${minute}|${kind}|${group}|${tenantId ?? ''}`;
    let agg = pending.get(key);
    if (!agg) {
      agg = { minute, kind, group, tenantId, count: 0, errors: 0, sumMs: 0, maxMs: 0, buckets: emptyBuckets() };
      pending.set(key, agg);
    }
    agg.count++;
    if (failed) agg.errors++;
    agg.sumMs += ms;
    agg.maxMs = Math.max(agg.maxMs, ms);
    agg.buckets[bucketIndex(ms)]!++;
  }

  function add(kind: MetricKind, group: string, ms: number, failed: boolean, tenantId: string | null) {
    const safeMs = Number.isFinite(ms) && ms >= 0 ? ms : 0;
    const minute = minuteOf(opts.clock.now());
    addTo(minute, kind, group, null, safeMs, failed);
    if (tenantId) addTo(minute, kind, group, tenantId, safeMs, failed);
    const b = bucketIndex(safeMs);

    const tkey = `${kind}|${group}`;
    let tot = totals.get(tkey);
    if (!tot) {
      tot = { kind, group, count: 0, errors: 0, sumMs: 0, buckets: emptyBuckets() };
      totals.set(tkey, tot);
    }
    tot.count++;
    if (failed) tot.errors++;
    tot.sumMs += safeMs;
    tot.buckets[b]!++;
  }

  function merge(into: Map<string, Aggregate>, from: Map<string, Aggregate>) {
    for (const [key, a] of from) {
      const b = into.get(key);
      if (!b) {
        into.set(key, a);
        continue;
      }
      b.count += a.count;
      b.errors += a.errors;
      b.sumMs += a.sumMs;
      b.maxMs = Math.max(b.maxMs, a.maxMs);
      a.buckets.forEach((n, i) => {
        b.buckets[i] = (b.buckets[i] ?? 0) + n;
      });
    }
  }

  async function doFlush() {
    if (pending.size === 0 && Date.now() - lastPrune < PRUNE_EVERY_MS) return;
    flushing = pending;
    pending = new Map();
    try {
      if (flushing.size > 0) {
        const rows = [...flushing.values()].map((a) => ({
          tenant_id: a.tenantId,
          minute: a.minute,
          kind: a.kind,
          route_group: a.group,
          count: a.count,
          error_count: a.errors,
          sum_ms: a.sumMs,
          max_ms: a.maxMs,
          buckets: a.buckets,
        }));
        await opts.db.query(UPSERT, [JSON.stringify(rows)]);
      }
      flushing = new Map();
      if (Date.now() - lastPrune >= PRUNE_EVERY_MS) {
        lastPrune = Date.now();
        await opts.db.query('delete from metrics_minute where minute < $1', [
          new Date(opts.clock.now().getTime() - RETENTION_MS),
        ]);
      }
    } catch (err) {
      // Keep the figures for the next flush rather than losing them.
      merge(pending, flushing);
      flushing = new Map();
      opts.onError?.(err);
    }
  }

  const recorder: MetricsRecorder = {
    recordRequest(group, ms, status, tenantId = null) {
      add('http', group, ms, status >= 500, tenantId);
    },
    recordProbe(target, ms, ok, tenantId = null) {
      add('probe', target, ms, !ok, tenantId);
    },
    flush() {
      // One flush at a time; a caller arriving during one waits for it and then flushes what came after.
      const run = (inFlight ?? Promise.resolve()).then(doFlush);
      const tracked = run.finally(() => {
        if (inFlight === tracked) inFlight = null;
      });
      inFlight = tracked;
      return tracked;
    },
    unflushed(since, tenantId = null) {
      const from = minuteOf(since);
      const out: Aggregate[] = [];
      for (const map of [flushing, pending]) {
        for (const a of map.values()) {
          if (a.minute >= from && a.tenantId === tenantId) out.push({ ...a, buckets: [...a.buckets] });
        }
      }
      return out;
    },
    cumulative() {
      return [...totals.values()].map((t) => ({ ...t, buckets: [...t.buckets] }));
    },
    start(intervalMs = 10_000) {
      if (timer) return;
      timer = setInterval(() => {
        void recorder.flush();
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await recorder.flush();
    },
  };
  return recorder;
}

/** `/api/echeqs/:id` → 'echeqs'; unmatched routes → 'unmatched'. */
export function routeGroupOf(routeUrl: string | undefined): string {
  if (!routeUrl) return 'unmatched';
  const seg = routeUrl.replace(/^\/api\/?/, '').split('/')[0] ?? '';
  return seg.replace(/\..*$/, '') || 'root';
}

/**
 * Times every /api request (except the API documentation) and, when `flush` is set, writes the aggregates every
 * ~10 s while the app runs and once more when it closes.
 */
export function installRequestTiming(app: FastifyInstance, recorder: MetricsRecorder, opts: { flush: boolean }) {
  app.decorate('metrics', recorder);
  app.addHook('onResponse', async (req, reply) => {
    const url = req.url;
    if (!url.startsWith('/api/') && url !== '/api') return;
    if (url.startsWith('/api/docs')) return;
    // The signed-in user's bank (none for the platform's administrator and for requests without a session).
    const tenantId = (req as { actor?: { tenantId: string | null } | null }).actor?.tenantId ?? null;
    recorder.recordRequest(routeGroupOf(req.routeOptions.url), reply.elapsedTime, reply.statusCode, tenantId);
  });
  if (opts.flush) {
    app.addHook('onReady', async () => recorder.start());
    app.addHook('onClose', async () => recorder.stop());
  }
}
