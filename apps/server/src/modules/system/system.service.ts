import type { SystemStatus } from '@echeq/contract';
import { type Ctx, scopeOf } from '../../platform/auth/actor';
import type { Deps } from '../../platform/deps';
import { coelsaStatusFor, outboxBacklog } from '../clearing';

const DB_TIMEOUT_MS = 2_000;

async function databaseHealth(deps: Pick<Deps, 'db'>): Promise<SystemStatus['database']> {
  const started = Date.now();
  try {
    await Promise.race([
      deps.db.query('select 1'),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), DB_TIMEOUT_MS).unref()),
    ]);
    return { status: 'up', engine: deps.db.kind, latency_ms: Date.now() - started };
  } catch {
    return { status: 'down', engine: deps.db.kind, latency_ms: null };
  }
}

/** `GET /system/status`: database and clearing house health (for the caller's bank), version and uptime. */
export async function systemStatus(opts: { deps: Deps; ctx: Ctx }): Promise<SystemStatus> {
  const { deps, ctx } = opts;
  const database = await databaseHealth(deps);
  let coelsa: SystemStatus['coelsa'] = { status: 'DISCONNECTED', connected: false };
  let clearingBacklog = { pending: 0, failed: 0 };
  if (database.status === 'up') {
    const scope = scopeOf(ctx.actor);
    const tenantId = scope.kind === 'all' ? undefined : scope.tenantId;
    const [link, backlog] = await Promise.all([
      coelsaStatusFor({ deps, ctx }),
      outboxBacklog(deps.db, { tenantId, now: deps.clock.now() }),
    ]);
    coelsa = { status: link.status, connected: link.connected };
    clearingBacklog = { pending: backlog.pending, failed: backlog.failed };
  }
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
