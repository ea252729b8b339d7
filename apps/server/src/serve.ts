import { buildApp } from './app';
import type { Config } from './config';
import { MIGRATIONS } from './db/migrations';
import { seedDemo } from './db/seed';
import { type BackupService, backupService } from './platform/db/backup';
import type { Db } from './platform/db/db';
import { lockDataDir } from './platform/db/lock';
import { migrate } from './platform/db/migrate';
import { openDatabase } from './platform/db/open';
import { createLifecycle } from './platform/lifecycle';

/**
 * One server process: database (lock, migrate, seed) → app → listen. On SIGTERM or SIGINT it answers "not ready" at
 * once, keeps serving for config.shutdownDelayMs (a balancer's probes notice meanwhile), then stops accepting
 * connections, lets the requests in flight and the jobs' current run finish, closes the database and exits 0. If
 * that takes longer than config.shutdownTimeoutMs it exits 1 anyway. On the embedded database SIGUSR2 asks for a
 * backup (platform/db/backup.ts).
 */
export async function runServer(config: Config): Promise<void> {
  // `npm run db:backup` signals the embedded database's server (platform/db/backup.ts). The handler is there before
  // the lock names this process, so an early signal waits for the database instead of ending the process.
  let backups: BackupService | null = null;
  let backupAsked = false;
  if (!config.databaseUrl) {
    process.on('SIGUSR2', () => {
      if (backups) backups.serve();
      else backupAsked = true;
    });
  }
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  let db: Db | undefined;
  try {
    db = await openDatabase({
      ...config,
      onFatal: (err) => {
        console.error('La base de datos embebida se detuvo:', err);
        unlock();
        process.exit(1);
      },
    });
    await migrate(db, MIGRATIONS);
    if (config.seedDemo) await seedDemo(db);
    const lifecycle = createLifecycle();
    const app = await buildApp({ config, db, lifecycle });
    if (!config.databaseUrl) {
      backups = backupService({ db, dataDir: config.dataDir, log: app.log });
      if (backupAsked) backups.serve();
    }
    const shutdown = async (signal: string) => {
      if (lifecycle.stopping) return;
      lifecycle.stop();
      app.log.info({ signal, delayMs: config.shutdownDelayMs }, 'cerrando: el servidor deja de estar listo');
      const deadline = setTimeout(() => {
        app.log.error(
          { timeoutMs: config.shutdownTimeoutMs },
          'cierre forzado: las solicitudes en curso o los procesos programados no terminaron a tiempo',
        );
        unlock();
        process.exit(1);
      }, config.shutdownDelayMs + config.shutdownTimeoutMs);
      deadline.unref();
      try {
        if (config.shutdownDelayMs > 0) await new Promise((r) => setTimeout(r, config.shutdownDelayMs));
        // Stops accepting connections, waits for the requests in flight, then the onClose hooks (jobs.stop() waits
        // for the run in progress).
        await app.close();
        await backups?.idle();
        await db?.close();
        app.log.info('cerrado');
      } finally {
        unlock();
        process.exit(0);
      }
    };
    process.on('SIGINT', () => void shutdown('SIGINT'));
    process.on('SIGTERM', () => void shutdown('SIGTERM'));
    await app.listen({ port: config.port, host: config.host });
    app.log.info(
      { port: config.port, database: config.databaseUrl ? 'postgresql' : 'embebida' },
      `ECHEQ Platform escuchando en http://localhost:${config.port}`,
    );
  } catch (err) {
    await db?.close().catch(() => {});
    unlock();
    throw err;
  }
}
