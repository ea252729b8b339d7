import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from './db';

/**
 * Backups of the embedded database while the server runs. The server holds the data folder (server.lock), so another
 * process cannot open it; it asks the server instead: it writes a request file naming where the snapshot goes, then
 * sends SIGUSR2 to the pid in server.lock. The server takes one consistent snapshot (Db.dump, between transactions)
 * for every request waiting, writes it where each asked, and answers each with a result file. Whoever may signal the
 * server and write into its data folder may already read that folder: nothing is opened to the network.
 */
const REQUESTS_DIR = 'backup-requests';

type BackupRequest = { out: string };
export type BackupResult =
  | { ok: true; file: string; bytes: number; startedAt: string; finishedAt: string }
  | { ok: false; error: string; startedAt: string; finishedAt: string };

const requestsDir = (dataDir: string) => path.join(dataDir, REQUESTS_DIR);
const resultFile = (dataDir: string, id: string) => path.join(requestsDir(dataDir), `${id}.result.json`);

/** Writes bytes to file through a temporary name (the file appears whole or not at all), readable by its owner only. */
function writeWhole(file: string, bytes: Uint8Array | string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.partial`;
  try {
    writeFileSync(tmp, bytes, { mode: 0o600 });
    renameSync(tmp, file);
  } finally {
    rmSync(tmp, { force: true });
  }
}

/** The backup command's side: files a request, returns its id. */
export function fileBackupRequest(dataDir: string, out: string): string {
  const id = randomUUID();
  mkdirSync(requestsDir(dataDir), { recursive: true, mode: 0o700 });
  writeWhole(path.join(requestsDir(dataDir), `${id}.request.json`), JSON.stringify({ out } satisfies BackupRequest));
  return id;
}

/** The backup command's side: the server's answer to request id, once there (then removed), or null. */
export function takeBackupResult(dataDir: string, id: string): BackupResult | null {
  const file = resultFile(dataDir, id);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  rmSync(file, { force: true });
  return JSON.parse(text) as BackupResult;
}

/** The backup command's side: gives up on a request the server never took. */
export function withdrawBackupRequest(dataDir: string, id: string): void {
  rmSync(path.join(requestsDir(dataDir), `${id}.request.json`), { force: true });
}

/** Writes one snapshot of db to `out` (gzip-compressed tarball of the database's files). */
export async function snapshotTo(db: Db, out: string): Promise<number> {
  if (!db.dump) throw new Error('Solo la base de datos embebida se respalda con este comando');
  const bytes = new Uint8Array(await (await db.dump('gzip')).arrayBuffer());
  writeWhole(out, bytes);
  return bytes.length;
}

export type BackupService = {
  /** Takes the requests waiting now (SIGUSR2); one more round follows if asked again meanwhile. */
  serve(): void;
  /** Resolves once no snapshot is being written (before the database closes). */
  idle(): Promise<void>;
};

/** The server's side: answers the requests found in the data folder, one snapshot for all of them. */
export function backupService(opts: {
  db: Db;
  dataDir: string;
  log: { info(o: object, msg: string): void; error(o: object, msg: string): void };
}): BackupService {
  let running: Promise<void> | null = null;
  let again = false;

  const round = async () => {
    const dir = requestsDir(opts.dataDir);
    let names: string[];
    try {
      names = readdirSync(dir).filter((n) => n.endsWith('.request.json'));
    } catch {
      names = [];
    }
    const requests = names.flatMap((name) => {
      const id = name.slice(0, -'.request.json'.length);
      try {
        const req = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as BackupRequest;
        rmSync(path.join(dir, name), { force: true });
        return typeof req.out === 'string' && path.isAbsolute(req.out) ? [{ id, out: req.out }] : [];
      } catch {
        rmSync(path.join(dir, name), { force: true });
        return [];
      }
    });
    if (requests.length === 0) return;
    const startedAt = new Date().toISOString();
    let snapshot: Uint8Array | null = null;
    let failure: string | null = null;
    try {
      snapshot = new Uint8Array(await (await opts.db.dump!('gzip')).arrayBuffer());
    } catch (err) {
      failure = (err as Error).message;
    }
    for (const r of requests) {
      let result: BackupResult;
      try {
        if (!snapshot) throw new Error(failure ?? 'sin copia');
        writeWhole(r.out, snapshot);
        result = { ok: true, file: r.out, bytes: snapshot.length, startedAt, finishedAt: new Date().toISOString() };
        opts.log.info({ file: r.out, bytes: snapshot.length }, 'copia de seguridad escrita');
      } catch (err) {
        result = { ok: false, error: (err as Error).message, startedAt, finishedAt: new Date().toISOString() };
        opts.log.error({ file: r.out, err: (err as Error).message }, 'no se pudo escribir la copia de seguridad');
      }
      writeWhole(resultFile(opts.dataDir, r.id), JSON.stringify(result));
    }
  };

  const serve = () => {
    if (running) {
      again = true;
      return;
    }
    running = round()
      .catch((err: unknown) => opts.log.error({ err }, 'falló la copia de seguridad'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          serve();
        }
      });
  };

  return {
    serve,
    async idle() {
      while (running) await running;
    },
  };
}
