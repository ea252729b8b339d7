/**
 * `npm run db:backup` and `npm run db:restore` for the embedded database (built as dist/db-tool.js). A backup of a
 * running server is taken by the server itself (platform/db/backup.ts); of a stopped one, by this process, which then
 * holds the folder's lock. A restore goes into a folder that holds no database yet.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { MIGRATIONS } from './db/migrations';
import { fileBackupRequest, snapshotTo, takeBackupResult, withdrawBackupRequest } from './platform/db/backup';
import { DataDirLockedError, lockDataDir, lockHolder } from './platform/db/lock';
import { openPglite } from './platform/db/pglite';

class ToolError extends Error {}

const USAGE = `Uso:
  npm run db:backup -- [--out ARCHIVO] [--data-dir CARPETA] [--timeout SEGUNDOS]
  npm run db:restore -- ARCHIVO [--data-dir CARPETA_NUEVA]

La carpeta de datos es DATA_DIR (por omisión ./data). Con DATABASE_URL (PostgreSQL) use pg_dump y pg_restore: vea
la sección "Run it for a bank" del README.`;

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, 'Z');

function embeddedFolder(dataDir: string): string {
  const folder = path.join(dataDir, 'pglite');
  if (!existsSync(folder)) throw new ToolError(`No hay una base de datos embebida en ${dataDir}`);
  return folder;
}

async function backup(dataDir: string, outArg: string | undefined, timeoutS: number): Promise<void> {
  const folder = embeddedFolder(dataDir);
  const out = path.resolve(outArg ?? path.join('backups', `echeq-${stamp()}.tar.gz`));
  if (existsSync(out)) throw new ToolError(`${out} ya existe: elija otro nombre con --out`);
  const pid = lockHolder(dataDir);
  if (pid) {
    // The server holds the folder: it writes the snapshot (between two transactions) where this request says.
    const id = fileBackupRequest(dataDir, out);
    process.kill(pid, 'SIGUSR2');
    const deadline = Date.now() + timeoutS * 1000;
    for (;;) {
      const result = takeBackupResult(dataDir, id);
      if (result?.ok) {
        console.log(`Copia de seguridad escrita por el servidor en marcha (pid ${pid}): ${out} (${mb(result.bytes)})`);
        break;
      }
      if (result) throw new ToolError(`El servidor no pudo escribir la copia: ${result.error}`);
      if (Date.now() > deadline || lockHolder(dataDir) !== pid) {
        withdrawBackupRequest(dataDir, id);
        throw new ToolError(
          lockHolder(dataDir) !== pid
            ? `El servidor (pid ${pid}) se detuvo antes de escribir la copia: vuelva a intentarlo`
            : `El servidor (pid ${pid}) no respondió en ${timeoutS} s`,
        );
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  } else {
    const unlock = lockDataDir(dataDir);
    try {
      const db = await openPglite(folder);
      try {
        const bytes = await snapshotTo(db, out);
        console.log(`Copia de seguridad de la base detenida: ${out} (${mb(bytes)})`);
      } finally {
        await db.close();
      }
    } finally {
      unlock();
    }
  }
  if (existsSync(path.join(dataDir, 'secrets.json'))) {
    console.log(
      `La copia no incluye ${path.join(dataDir, 'secrets.json')} (JWT_SECRET y SECRETS_KEY generadas): guárdelo ` +
        'aparte y en lugar seguro; sin SECRETS_KEY las credenciales de COELSA y los segundos factores no se pueden leer.',
    );
  }
}

async function restore(file: string | undefined, dataDir: string): Promise<void> {
  if (!file) throw new ToolError('Indique el archivo de la copia: npm run db:restore -- ARCHIVO --data-dir CARPETA');
  const source = path.resolve(file);
  if (!existsSync(source)) throw new ToolError(`No existe ${source}`);
  const folder = path.join(dataDir, 'pglite');
  if (existsSync(folder) && readdirSync(folder).length > 0) {
    throw new ToolError(
      `${dataDir} ya tiene una base de datos: restaure en una carpeta nueva (--data-dir) y apunte DATA_DIR a ella`,
    );
  }
  const unlock = lockDataDir(dataDir);
  let restored = false;
  try {
    const db = await openPglite(folder, { loadDataDir: new Blob([readFileSync(source)]) }).catch((err: unknown) => {
      throw new ToolError(`${source} no es una copia que se pueda restaurar: ${(err as Error).message}`);
    });
    try {
      const applied = (await db.query<{ id: string }>('select id from schema_migrations order by id')).rows.map(
        (r) => r.id,
      );
      const cheques = (await db.query<{ n: number }>('select count(*)::int as n from echeqs')).rows[0]?.n ?? 0;
      const known = new Set(MIGRATIONS.map((m) => m.id));
      const newer = applied.filter((id) => !known.has(id));
      console.log(`Restaurada en ${dataDir}: ${applied.length} migraciones, ${cheques} cheques.`);
      if (newer.length > 0) {
        console.log(`Atención: la copia viene de una versión más nueva (migraciones ${newer.join(', ')}).`);
      }
      console.log(`Inicie el servidor con DATA_DIR=${dataDir} y la misma SECRETS_KEY que tenía la base copiada.`);
      restored = true;
    } finally {
      await db.close();
    }
  } finally {
    // Nothing half-restored is left behind to be started by mistake.
    if (!restored) rmSync(folder, { recursive: true, force: true });
    unlock();
  }
}

async function main() {
  // A copy or a restored folder is readable by its owner only, as the server keeps its data folder (decision 017).
  process.umask(0o077);
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      'data-dir': { type: 'string' },
      timeout: { type: 'string', default: '600' },
      help: { type: 'boolean', default: false },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || (command !== 'backup' && command !== 'restore')) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  if (process.env.DATABASE_URL?.trim()) {
    throw new ToolError('DATABASE_URL está definida: respalde PostgreSQL con pg_dump o pg_basebackup (README)');
  }
  const dataDir = path.resolve(values['data-dir'] ?? process.env.DATA_DIR ?? './data');
  const timeout = Number(values.timeout);
  if (!(timeout > 0)) throw new ToolError('--timeout debe ser un número de segundos');
  if (command === 'backup') await backup(dataDir, values.out, timeout);
  else await restore(rest[0], dataDir);
}

main().catch((err: unknown) => {
  const known = err instanceof ToolError || err instanceof DataDirLockedError;
  console.error(known ? `Error: ${(err as Error).message}` : err);
  process.exit(1);
});
