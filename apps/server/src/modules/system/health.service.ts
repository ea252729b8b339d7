import type { HealthChecks } from '@echeq/contract';
import { MIGRATIONS } from '../../db/migrations';
import type { Deps } from '../../platform/deps';
import { clearingOverall } from '../clearing';

/** The database must answer within this, or the process is not ready. */
const DATABASE_TIMEOUT_MS = 2_000;
/** The clearing house's state is only reported: the first probe waits this long for it, later ones not at all. */
const CLEARING_TIMEOUT_MS = 1_000;
/** A background refresh of that state that takes longer says `unknown`. */
const CLEARING_REFRESH_TIMEOUT_MS = 5_000;
/**
 * A readiness answer is reused this long: however often (or by how many) the probe is asked, the database sees at
 * most one check per process per second. A process that starts stopping says so at once, cache or not.
 */
const CACHE_MS = 1_000;

const FAILED = 'failed' as const;

/** The value of `work`, or FAILED if it failed or took longer than ms; the timer goes as soon as the work settles. */
async function within<T>(work: Promise<T>, ms: number): Promise<T | typeof FAILED> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof FAILED>((resolve) => {
    timer = setTimeout(() => resolve(FAILED), ms);
    timer.unref();
  });
  return Promise.race([work.catch((): typeof FAILED => FAILED), timeout]).finally(() => clearTimeout(timer));
}

async function databaseChecks(deps: Deps): Promise<Pick<HealthChecks, 'database' | 'migrations'>> {
  const ids = MIGRATIONS.map((m) => m.id);
  const n = await within(
    deps.db
      .query<{ n: number }>('select count(*)::int as n from schema_migrations where id = any($1::text[])', [ids])
      .then((r) => r.rows[0]?.n ?? 0),
    DATABASE_TIMEOUT_MS,
  );
  if (n === FAILED) return { database: 'down', migrations: 'unknown' };
  return { database: 'up', migrations: n === ids.length ? 'applied' : 'pending' };
}

async function clearingCheck(deps: Deps): Promise<HealthChecks['clearing']> {
  const state = await within(clearingOverall(deps), CLEARING_REFRESH_TIMEOUT_MS);
  return state === FAILED ? 'unknown' : state;
}

export type Readiness = { ready: boolean; checks: HealthChecks };

/**
 * Readiness of this process: database reachable, migrations applied, not stopping; the clearing house reported.
 * A stopping process answers at once (with what was last seen of the rest). The clearing house's state is refreshed
 * in the background and never delays an answer after the first (a slow clearing house must not slow the probe).
 */
export function readinessProbe(deps: Deps): () => Promise<Readiness> {
  let database: { at: number; value: Promise<Pick<HealthChecks, 'database' | 'migrations'>> } | null = null;
  let lastDatabase: Pick<HealthChecks, 'database' | 'migrations'> = { database: 'down', migrations: 'unknown' };
  let clearing: HealthChecks['clearing'] = 'unknown';
  let clearingAt = 0;
  let clearingPending: Promise<void> | null = null;

  const refreshClearing = () => {
    clearingPending ??= clearingCheck(deps)
      .then((state) => {
        clearing = state;
        clearingAt = Date.now();
      })
      .finally(() => {
        clearingPending = null;
      });
    return clearingPending;
  };

  return async () => {
    const now = Date.now();
    if (deps.lifecycle.stopping) {
      return { ready: false, checks: { ...lastDatabase, process: 'stopping', clearing } };
    }
    if (now - clearingAt > CACHE_MS) {
      const refreshing = refreshClearing();
      if (clearingAt === 0) await within(refreshing, CLEARING_TIMEOUT_MS);
    }
    if (!database || now - database.at > CACHE_MS) {
      const value = databaseChecks(deps).then((v) => {
        lastDatabase = v;
        return v;
      });
      database = { at: now, value };
    }
    const db = await database.value;
    const process = deps.lifecycle.stopping ? 'stopping' : 'running';
    const checks: HealthChecks = { ...db, process, clearing };
    return { ready: db.database === 'up' && db.migrations === 'applied' && process === 'running', checks };
  };
}
