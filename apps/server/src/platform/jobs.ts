import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';
import type { Db, Queryable } from './db/db';

/**
 * Background jobs. Each run is one transaction that first takes `pg_try_advisory_xact_lock(job.id)`: when another
 * server process (sharing the PostgreSQL database) is running the same job, this run is skipped. The lock is released
 * with the transaction, so a crashed process never leaves it behind.
 *
 * Job ids are advisory-lock keys: 727_0xx are taken by the platform (migrations 727_001, seed 727_002); jobs use
 * 727_1xx (clearing outbox 727_101, custody expiry 727_102, …).
 */
export type JobContext = { tx: Queryable; now: Date };

export type Job = {
  id: number;
  name: string;
  /** Pause between the end of one run and the start of the next. */
  everyMs: number;
  run(ctx: JobContext): Promise<unknown>;
  /**
   * Work that must not hold the run's transaction (slow calls to another system): called after the run committed,
   * with its result. Each of its writes opens its own short transaction.
   */
  after?(result: unknown): Promise<unknown>;
  /** True when the run left work behind (a full batch): the next run starts after AGAIN_MS instead of everyMs. */
  again?(result: unknown): boolean;
};

/** Pause before the next run of a job that left work behind: short, yet room for requests in between. */
const AGAIN_MS = 200;

export type JobRun<T = unknown> = { ran: boolean; result?: T };

/** Runs the job once if no other process is running it right now. */
export async function runJobOnce<T>(
  db: Db,
  job: Omit<Job, 'run' | 'after'> & { run(ctx: JobContext): Promise<T>; after?(result: T): Promise<unknown> },
  clock: Clock,
): Promise<JobRun<T>> {
  const run: JobRun<T> = await db.transaction(async (tx) => {
    const r = await tx.query<{ locked: boolean }>('select pg_try_advisory_xact_lock($1::bigint) as locked', [job.id]);
    if (!r.rows[0]?.locked) return { ran: false };
    return { ran: true, result: await job.run({ tx, now: clock.now() }) };
  });
  if (run.ran && job.after) await job.after(run.result as T);
  return run;
}

export type JobRunner = { stop(): Promise<void> };

/**
 * Runs every job periodically in this process (first run after `initialDelayMs`). A failed run is logged and the
 * job runs again at its next turn. `stop()` cancels the timers and waits for the runs in progress.
 */
export function startJobs(opts: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  jobs: readonly Job[];
  initialDelayMs?: number;
}): JobRunner {
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();

  const schedule = (job: Job, delay: number) => {
    if (stopped) return;
    const t = setTimeout(() => {
      timers.delete(t);
      let next = job.everyMs;
      const p = runJobOnce(opts.db, job, opts.clock)
        .then((run) => {
          if (run.ran && job.again?.(run.result)) next = AGAIN_MS;
        })
        .catch((err: unknown) => opts.log.error({ err, job: job.name }, 'falló la ejecución de un proceso programado'))
        .finally(() => {
          running.delete(p);
          schedule(job, next);
        });
      running.add(p);
    }, delay);
    t.unref();
    timers.add(t);
  };

  for (const job of opts.jobs) schedule(job, opts.initialDelayMs ?? Math.min(job.everyMs, 2_000));

  return {
    async stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await Promise.allSettled([...running]);
    },
  };
}
