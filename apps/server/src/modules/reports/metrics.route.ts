import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { type PromFamily, renderPrometheus, requestFamilies } from '../../platform/prometheus';
import { type BreakerState, breakerStates, outboxBacklog } from '../clearing';

const BREAKER_VALUE: Record<BreakerState, number> = { CLOSED: 0, HALF_OPEN: 1, OPEN: 2 };

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const FORWARD_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * The scrape comes straight from this machine (the socket's address, never a forwarded header: a request that went
 * through a proxy is not local even when the proxy is), or carries `Authorization: Bearer <METRICS_TOKEN>`.
 */
function metricsAllowed(req: FastifyRequest, token: string | null): boolean {
  const header = req.headers.authorization;
  if (token && header?.startsWith('Bearer ')) {
    const given = Buffer.from(header.slice(7).trim());
    const expected = Buffer.from(token);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
  }
  const local = LOOPBACK.has(req.socket.remoteAddress ?? '');
  return local && !FORWARD_HEADERS.some((h) => req.headers[h] !== undefined);
}

/** Outside /api: `GET /metrics` in the Prometheus text format. */
export function metricsRoute(app: FastifyInstance, deps: Deps) {
  const started = Date.now();
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!metricsAllowed(req, deps.config.metricsToken)) {
      throw new AppError('FORBIDDEN', 'Acceso a las métricas no permitido');
    }
    const pool = deps.db.poolStats();
    let backlog = {
      pending: Number.NaN,
      due: Number.NaN,
      failed: Number.NaN,
      oldestPendingSeconds: null as number | null,
    };
    try {
      backlog = await outboxBacklog(deps.db, { now: deps.clock.now() });
    } catch {
      // Database unreachable: the scrape still answers, with the backlog unknown.
    }
    const breakers = breakerStates();
    const mem = process.memoryUsage();
    const families: PromFamily[] = [
      ...requestFamilies(deps.metrics),
      {
        name: 'echeq_db_pool_connections',
        help: 'Database pool connections by state.',
        type: 'gauge',
        samples: [
          { labels: { state: 'total' }, value: pool.total },
          { labels: { state: 'idle' }, value: pool.idle },
          { labels: { state: 'waiting' }, value: pool.waiting },
        ],
      },
      {
        name: 'echeq_clearing_outbox_backlog',
        help: 'Clearing-house outbox operations by state: waiting, due now, failed for good.',
        type: 'gauge',
        samples: [
          { labels: { state: 'pending' }, value: backlog.pending },
          { labels: { state: 'due' }, value: backlog.due },
          { labels: { state: 'failed' }, value: backlog.failed },
        ],
      },
      {
        name: 'echeq_clearing_outbox_oldest_pending_seconds',
        help: 'Age of the oldest operation waiting for the clearing house (0 when none).',
        type: 'gauge',
        samples: [{ value: backlog.oldestPendingSeconds ?? 0 }],
      },
      {
        name: 'echeq_clearing_breaker_state',
        help: 'Circuit breaker of each bank link to the clearing house in this process: 0 closed, 1 half-open, 2 open.',
        type: 'gauge',
        samples: breakers.map((b) => ({ labels: { tenant_id: b.tenantId }, value: BREAKER_VALUE[b.state] })),
      },
      {
        name: 'echeq_clearing_breaker_consecutive_failures',
        help: 'Consecutive failed calls counted by each bank link breaker in this process.',
        type: 'gauge',
        samples: breakers.map((b) => ({ labels: { tenant_id: b.tenantId }, value: b.consecutiveFailures })),
      },
      {
        name: 'echeq_process_uptime_seconds',
        help: 'Seconds since this server process started serving.',
        type: 'gauge',
        samples: [{ value: Math.round((Date.now() - started) / 1000) }],
      },
      {
        name: 'echeq_process_memory_bytes',
        help: 'Memory of this server process by kind.',
        type: 'gauge',
        samples: [
          { labels: { kind: 'rss' }, value: mem.rss },
          { labels: { kind: 'heap_used' }, value: mem.heapUsed },
        ],
      },
    ];
    return reply
      .header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderPrometheus(families));
  });
}
