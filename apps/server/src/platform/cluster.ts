import cluster, { type Worker } from 'node:cluster';
import { pino } from 'pino';
import type { Config } from '../config';

/** A worker that dies sooner than this after it started is restarted after a growing pause (1 s, 2 s, … 30 s). */
const QUICK_DEATH_MS = 10_000;
const MAX_BACKOFF_MS = 30_000;

/**
 * The primary process of `WORKERS=n` (PostgreSQL only): starts n server processes that share the port (node:cluster
 * hands each new connection to one of them in turn), replaces one that dies, and on SIGTERM or SIGINT passes the
 * signal on and exits once every one of them has finished (serve.ts). It opens no database and serves nothing.
 *
 * Sessions, login counters, job locks, idempotency keys and every business rule live in the database (or Redis), so
 * any worker may answer any request. If a worker dies before any has started listening (a port in use, a database
 * that refuses connections) the primary stops them all and exits 1, as a single process would.
 */
export function runPrimary(config: Config): void {
  const log = pino({ level: config.logLevel, base: { pid: process.pid, role: 'primary' } });
  let stopping = false;
  let exitCode = 0;
  let anyListening = false;
  let quickDeaths = 0;
  const startedAt = new Map<number, number>();

  const fork = () => {
    if (stopping) return;
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
    worker.once('listening', () => {
      anyListening = true;
      log.info({ worker: worker.process.pid }, 'proceso del servidor escuchando');
    });
  };

  const live = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (stopping) {
      if (live().length === 0) {
        log.info('cerrado');
        process.exit(exitCode);
      }
      return;
    }
    if (!anyListening) {
      log.error({ worker: worker.process.pid, code, signal }, 'un proceso del servidor terminó al iniciar');
      stopAll('start-up failure', 1);
      return;
    }
    quickDeaths = lived < QUICK_DEATH_MS ? quickDeaths + 1 : 0;
    const pause = quickDeaths === 0 ? 0 : Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (quickDeaths - 1));
    log.warn({ worker: worker.process.pid, code, signal, restartInMs: pause }, 'un proceso del servidor terminó');
    setTimeout(fork, pause);
  });

  const stopAll = (reason: string, code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    log.info({ reason, workers: live().length }, 'cerrando los procesos del servidor');
    for (const w of live()) w.process.kill('SIGTERM');
    // Each worker has its own deadline (serve.ts); this one only guards against a worker that ignores it.
    setTimeout(
      () => {
        log.error('cierre forzado de los procesos del servidor');
        for (const w of live()) w.process.kill('SIGKILL');
        process.exit(1);
      },
      config.shutdownDelayMs + config.shutdownTimeoutMs + 5_000,
    ).unref();
    if (live().length === 0) process.exit(exitCode);
  };

  process.on('SIGINT', () => stopAll('SIGINT', 0));
  process.on('SIGTERM', () => stopAll('SIGTERM', 0));

  log.info({ workers: config.workers, poolPerWorker: config.databasePoolSize }, 'iniciando los procesos del servidor');
  for (let i = 0; i < config.workers; i++) fork();
}
