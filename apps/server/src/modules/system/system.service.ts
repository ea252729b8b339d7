import type { SystemStatus } from '@echeq/contract';
import { type Ctx, scopeOf } from '../../platform/auth/actor';
import type { Deps } from '../../platform/deps';
import { coelsaStatusFor, outboxBacklog } from '../clearing';

const DB_TIMEOUT_MS = 2_000;

/** Rejects when `work` has not settled within DB_TIMEOUT_MS. The timer goes as soon as the work settles: a status
 * polled thousands of times a second must not keep thousands of pending timers (and what they hold) alive. */
function withinTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), DB_TIMEOUT_MS);
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * `GET /system/status`: database and clearing house health (for the caller's bank), version and uptime. The
 * database is probed by the status's own query (the clearing backlog): answered in time, it is up.
 */
export async function systemStatus(opts: { deps: Deps; ctx: Ctx }): Promise<SystemStatus> {
  const { deps, ctx } = opts;
  const scope = scopeOf(ctx.actor);
  const tenantId = scope.kind === 'all' ? undefined : scope.tenantId;
  const started = Date.now();
  const [backlog, link] = await Promise.allSettled([
    withinTimeout(outboxBacklog(deps.db, { tenantId, now: deps.clock.now() })),
    withinTimeout(coelsaStatusFor({ deps, ctx })),
  ]);
  const up = backlog.status === 'fulfilled';
  const database: SystemStatus['database'] = up
    ? { status: 'up', engine: deps.db.kind, latency_ms: Date.now() - started }
    : { status: 'down', engine: deps.db.kind, latency_ms: null };
  const coelsa: SystemStatus['coelsa'] =
    up && link.status === 'fulfilled'
      ? { status: link.value.status, connected: link.value.connected }
      : { status: 'DISCONNECTED', connected: false };
  const clearingBacklog = up
    ? { pending: backlog.value.pending, failed: backlog.value.failed }
    : { pending: 0, failed: 0 };
  const healthy = database.status === 'up' && (coelsa.connected || coelsa.status === 'NOT_CONFIGURED');
  return {
    status: healthy ? 'ok' : 'degraded',
    version: deps.config.version,
    uptime: Math.floor(process.uptime()),
    timestamp: deps.clock.now().toISOString(),
    database,
    coelsa,
    clearing_backlog: clearingBacklog,
  };
}
