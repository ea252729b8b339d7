import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { MIGRATIONS } from './db/migrations';
import { seedDemo } from './db/seed';
import { DataDirUnsafeError, secureDataDir } from './platform/db/data-dir';
import type { Db } from './platform/db/db';
import { DataDirLockedError, lockDataDir } from './platform/db/lock';
import { migrate } from './platform/db/migrate';
import { openDatabase } from './platform/db/open';

/** config → database (lock, migrate, seed) → app → listen; SIGINT/SIGTERM close everything cleanly. */
async function main() {
  // Whatever this process writes (data folder, generated keys, anything else) is its user's alone (decision 017).
  process.umask(0o077);
  const config = loadConfig();
  secureDataDir(config.dataDir, { create: !config.databaseUrl });
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
    const app = await buildApp({ config, db });
    let closing = false;
    const shutdown = async (signal: string) => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'cerrando');
      try {
        await app.close();
        await db?.close();
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

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof DataDirUnsafeError) {
    console.error(`Error de configuración: ${err.message}`);
  } else {
    console.error('No se pudo iniciar el servidor:', err);
  }
  process.exit(1);
});
