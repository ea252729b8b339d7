import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, type Stats, statSync } from 'node:fs';
import path from 'node:path';

/** The data folder cannot be trusted (others can write it, or it is someone else's): the server does not start. */
export class DataDirUnsafeError extends Error {}

const FOLDER_MODE = 0o700;
const FILE_MODE = 0o600;
/** Write permission for the folder's group or for everyone else. */
const WRITABLE_BY_OTHERS = 0o022;

const octal = (mode: number) => `0${(mode & 0o777).toString(8)}`;

function refuse(dir: string, what: string): never {
  throw new DataDirUnsafeError(
    `La carpeta de datos ${dir} no es segura: ${what}. Guarda la base de datos embebida y las claves generadas, ` +
      'así que solo el usuario del servidor debe poder escribir en ella. Revise su contenido y ejecute ' +
      `"chown -R $(id -u) ${dir} && chmod -R go-rwx ${dir}", o use otra carpeta con DATA_DIR.`,
  );
}

function ownedByAnother(st: Stats): boolean {
  const uid = process.getuid?.();
  return uid !== undefined && st.uid !== uid;
}

/**
 * Checks and tightens the data folder before the server uses it (decision 017): the folder and every folder in it
 * must be writable only by their owner, the server's user (otherwise someone else may have replaced the database or
 * the generated keys: refuse to start, `DataDirUnsafeError`); then every folder is made 0700 and every file 0600,
 * which also repairs folders written before the server kept them private (PGlite wrote its files 0666).
 * Symbolic links inside are left alone. A missing folder is created (mode 0700) when `create`, skipped otherwise.
 * Returns how many entries were tightened.
 */
export function secureDataDir(dir: string, opts: { create: boolean }): number {
  if (!existsSync(dir)) {
    if (!opts.create) return 0;
    mkdirSync(dir, { recursive: true, mode: FOLDER_MODE });
  }
  const root = statSync(dir);
  if (!root.isDirectory()) refuse(dir, 'no es una carpeta');
  if (ownedByAnother(root)) refuse(dir, `pertenece a otro usuario (uid ${root.uid})`);

  const folders: [string, Stats][] = [];
  const files: [string, Stats][] = [];
  const walk = (folder: string, st: Stats) => {
    if (st.mode & WRITABLE_BY_OTHERS) {
      const where = folder === dir ? 'la carpeta' : `la carpeta ${path.relative(dir, folder)}`;
      refuse(dir, `${where} permite escribir a otros usuarios (modo ${octal(st.mode)})`);
    }
    folders.push([folder, st]);
    for (const name of readdirSync(folder)) {
      const p = path.join(folder, name);
      const entry = lstatSync(p);
      if (entry.isDirectory()) walk(p, entry);
      else if (entry.isFile()) files.push([p, entry]);
    }
  };
  walk(dir, root);

  let tightened = 0;
  const tighten = (p: string, st: Stats, mode: number) => {
    if ((st.mode & 0o777) === mode) return;
    try {
      chmodSync(p, mode);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      refuse(dir, `no se pudo restringir ${path.relative(dir, p)} (${code}; ¿pertenece a otro usuario?)`);
    }
    tightened++;
  };
  for (const [p, st] of files) tighten(p, st, FILE_MODE);
  for (const [p, st] of folders) tighten(p, st, FOLDER_MODE);
  return tightened;
}
