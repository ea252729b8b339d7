import cluster from 'node:cluster';
import { ConfigError, loadConfig } from './config';
import { runPrimary } from './platform/cluster';
import { DataDirUnsafeError, secureDataDir } from './platform/db/data-dir';
import { DataDirLockedError } from './platform/db/lock';
import { runServer } from './serve';

/**
 * config → one server process (serve.ts), or with WORKERS > 1 (PostgreSQL only) a primary that starts that many
 * and replaces any that dies (platform/cluster.ts); each of them is a server process.
 */
async function main() {
  // Whatever this process writes (data folder, generated keys, anything else) is its user's alone (decision 017).
  process.umask(0o077);
  const config = loadConfig();
  if (cluster.isPrimary) secureDataDir(config.dataDir, { create: !config.databaseUrl });
  if (cluster.isPrimary && config.workers > 1) runPrimary(config);
  else await runServer(config);
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof DataDirUnsafeError) {
    console.error(`Error de configuración: ${err.message}`);
  } else {
    console.error('No se pudo iniciar el servidor:', err);
  }
  process.exit(1);
});
