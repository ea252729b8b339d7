import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Db } from '../src/platform/db/db';
import type { App } from '../src/platform/http/app-type';
import { bucketIndex, createMetricsRecorder, routeGroupOf } from '../src/platform/metrics';
import { renderPrometheus } from '../src/platform/prometheus';
import { DEMO_PASSWORD, freshDb } from './helpers';

const TOKEN = 'metrics-token-0123456789abcdef';

/** An app on the given database with a route that fails (to see 5xx counted) and one that takes a while. */
async function start(db: Db) {
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      SECRETS_KEY: `${'0'.repeat(63)}1`,
      DATA_DIR: '/nonexistent-test-data',
      WEB_DIST: '/nonexistent-web-dist',
      JOBS: 'false',
      METRICS_TOKEN: TOKEN,
    },
    {},
  );
  const app = await buildApp({ config, db });
  app.get('/api/test-boom', async () => {
    throw new Error('boom');
  });
  app.get('/api/test-slow', async () => {
    await new Promise((r) => setTimeout(r, 60));
    return { success: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { app, url };
}

async function login(url: string, email: string): Promise<string> {
  const r = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  return ((await r.json()) as { token: string }).token;
}

async function perf(url: string, token: string) {
  const r = await fetch(`${url}/api/reports/performance`, { headers: { authorization: `Bearer ${token}` } });
  expect(r.status).toBe(200);
  return ((await r.json()) as { data: any }).data;
}

describe('performance analytics and /metrics', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let a: { app: App; url: string };
  let b: { app: App; url: string };
  let token: string;

  beforeAll(async () => {
    ({ db, drop } = await freshDb());
    [a, b] = await Promise.all([start(db), start(db)]);
    // The platform's figures, every bank's traffic and the requests without a session: its administrator's.
    token = await login(a.url, 'superadmin@plataforma.example');
  });
  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
    await drop?.();
  });

  it('measures a fresh server from its first requests, before anything is flushed', async () => {
    const first = await perf(a.url, token);
    // The sign-in was measured.
    expect(first.requests).toBeGreaterThanOrEqual(1);
    expect(first.responseTime).toBeGreaterThan(0);
    expect(first.errorRate).toBe(0);
    expect(first.availability).toBe(100);
    expect(first.routes.map((r: any) => r.group)).toContain('auth');
    expect(first.windowHours).toBe(24);

    for (let i = 0; i < 3; i++) await fetch(`${a.url}/api/test-slow`);
    const after = await perf(a.url, token);
    expect(after.requests).toBeGreaterThanOrEqual(first.requests + 4);
    const slow = after.routes.find((r: any) => r.group === 'test-slow');
    expect(slow.requests).toBe(3);
    expect(slow.responseTime).toBeGreaterThanOrEqual(55);
    expect(after.responseTime).not.toBe(first.responseTime);
    expect(after.p95).toBeGreaterThan(after.p50);
  });

  it('counts 5xx answers as errors and lowers availability; 4xx are not errors', async () => {
    const before = await perf(a.url, token);
    await fetch(`${a.url}/api/test-boom`);
    await fetch(`${a.url}/api/test-boom`);
    const notFound = await fetch(`${a.url}/api/no-such-route`);
    expect(notFound.status).toBe(404);
    const boom = await fetch(`${a.url}/api/test-boom`);
    expect(boom.status).toBe(500);
    const after = await perf(a.url, token);
    expect(after.serverErrors - before.serverErrors).toBe(3);
    expect(after.errorRate).toBeGreaterThan(0);
    expect(after.availability).toBeLessThan(100);
    const expected = Math.round(((after.serverErrors * 100) / after.requests) * 100) / 100;
    expect(after.errorRate).toBe(expected);
    expect(after.routes.find((r: any) => r.group === 'test-boom')).toMatchObject({ requests: 3, serverErrors: 3 });
    expect(after.routes.find((r: any) => r.group === 'unmatched')).toMatchObject({ serverErrors: 0 });
  });

  it('adds up several server processes through the database (flush upserts add)', async () => {
    const beforeA = await perf(a.url, token);
    await a.app.metrics.flush();
    await b.app.metrics.flush();
    const flushedA = await perf(a.url, token);
    // Flushing moves figures from memory to the table without counting them twice (the first perf call counts).
    expect(flushedA.requests).toBe(beforeA.requests + 1);

    const tokenB = await login(b.url, 'superadmin@plataforma.example');
    for (let i = 0; i < 5; i++) await fetch(`${b.url}/api/test-boom`);
    await b.app.metrics.flush();
    const seenByA = await perf(a.url, token);
    expect(seenByA.requests).toBeGreaterThanOrEqual(flushedA.requests + 1 + 6);
    expect(seenByA.serverErrors).toBe(flushedA.serverErrors + 5);
    // Both processes answer the same figures once everything is flushed.
    await a.app.metrics.flush();
    const viaB = await perf(b.url, tokenB);
    const viaA = await perf(a.url, token);
    expect(Math.abs(viaB.requests - viaA.requests)).toBeLessThanOrEqual(1);
    expect(viaB.serverErrors).toBe(viaA.serverErrors);
    const rows = await db.query<{ n: string }>(
      `select sum(count)::text as n from metrics_minute where kind = 'http' and route_group = 'test-boom'`,
    );
    expect(Number(rows.rows[0]!.n)).toBe(8);
  });

  it('counts clearing-house probes in availability', async () => {
    const before = await perf(a.url, token);
    a.app.metrics.recordProbe('coelsa', 12, true);
    a.app.metrics.recordProbe('coelsa', 30_000, false);
    const after = await perf(a.url, token);
    expect(after.probes - before.probes).toBe(2);
    expect(after.probeFailures - before.probeFailures).toBe(1);
    const ok = after.requests - after.serverErrors + after.probes - after.probeFailures;
    expect(after.availability).toBe(Math.round(((ok * 100) / (after.requests + after.probes)) * 100) / 100);
  });

  it('serves /metrics to loopback or with the token, never through a proxy without it', async () => {
    const local = await fetch(`${a.url}/metrics`);
    expect(local.status).toBe(200);
    expect(local.headers.get('content-type')).toContain('text/plain');
    const text = await local.text();
    expect(text).toContain('# TYPE echeq_http_request_duration_seconds histogram');
    expect(text).toMatch(/echeq_http_request_duration_seconds_bucket\{route_group="auth",le="\+Inf"\} \d+/);
    expect(text).toMatch(/echeq_http_server_errors_total\{route_group="test-boom"\} [1-9]/);
    expect(text).toMatch(/echeq_db_pool_connections\{state="total"\} \d+/);
    expect(text).toMatch(/echeq_clearing_outbox_backlog\{state="pending"\} \d+/);
    expect(text).toContain('# TYPE echeq_clearing_breaker_state gauge');
    expect(text).toMatch(/echeq_probes_total\{target="coelsa",outcome="failed"\} 1/);

    const proxied = await fetch(`${a.url}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.status).toBe(403);
    expect(((await proxied.json()) as any).success).toBe(false);
    const wrong = await fetch(`${a.url}/metrics`, {
      headers: { 'x-forwarded-for': '203.0.113.9', authorization: 'Bearer nope' },
    });
    expect(wrong.status).toBe(403);
    const withToken = await fetch(`${a.url}/metrics`, {
      headers: { 'x-forwarded-for': '203.0.113.9', authorization: `Bearer ${TOKEN}` },
    });
    expect(withToken.status).toBe(200);
    expect((await fetch(`${a.url}/api/metrics`)).status).toBe(404);
  });
});

describe('metrics recorder', () => {
  it('groups routes by their first segment under /api', () => {
    expect(routeGroupOf('/api/echeqs/:id')).toBe('echeqs');
    expect(routeGroupOf('/api/reports/custody.csv')).toBe('reports');
    expect(routeGroupOf('/api/health')).toBe('health');
    expect(routeGroupOf(undefined)).toBe('unmatched');
  });

  it('buckets latencies and keeps what a failed flush could not write', async () => {
    expect([bucketIndex(0), bucketIndex(1), bucketIndex(5), bucketIndex(5.1), bucketIndex(99_999)]).toEqual([
      0, 0, 2, 3, 16,
    ]);
    let fail = true;
    const writes: string[] = [];
    const rec = createMetricsRecorder({
      db: {
        query: async (_sql: string, params?: readonly unknown[]) => {
          if (fail) throw new Error('down');
          writes.push(String(params?.[0]));
          return { rows: [], rowCount: 0 };
        },
      } as never,
      clock: { now: () => new Date('2026-05-01T12:00:30Z') },
    });
    rec.recordRequest('echeqs', 12, 200);
    rec.recordRequest('echeqs', 7, 503);
    await rec.flush();
    expect(rec.unflushed(new Date('2026-05-01T00:00:00Z'))).toMatchObject([
      { minute: '2026-05-01T12:00:00.000Z', kind: 'http', group: 'echeqs', count: 2, errors: 1, sumMs: 19 },
    ]);
    fail = false;
    rec.recordRequest('echeqs', 1, 200);
    await rec.flush();
    expect(rec.unflushed(new Date(0))).toEqual([]);
    const written = JSON.parse(writes.find((w) => w.startsWith('['))!);
    expect(written).toMatchObject([{ route_group: 'echeqs', count: 3, error_count: 1, sum_ms: 20 }]);
  });

  it('renders the Prometheus text format', () => {
    const text = renderPrometheus([
      { name: 'x_total', help: 'An x.', type: 'counter', samples: [{ labels: { a: 'q"\\' }, value: 3 }] },
    ]);
    expect(text).toBe('# HELP x_total An x.\n# TYPE x_total counter\nx_total{a="q\\"\\\\"} 3\n');
  });
});
