import type { Db, Queryable } from './db';
import { type NotifiedCache, startNotifiedCache } from './notified-cache';

/** Channel on which the database announces any change to the registry's directory (0032_registry_directory_notify). */
const DIRECTORY_CHANNEL = 'echeq_registry_directory';
const MAX_ENTRIES = 20_000;

/**
 * The registry's directory as this process last read it (decision 041): each bank's clearing-house configuration,
 * which active banks work on the sandbox, which banks have no client company left to adhere, the banks of a CUIT's
 * client companies and whether the sandbox's registry knows a CUIT. Read on every lifecycle operation and inbox pass,
 * changed rarely: kept in memory so that the common case costs no round trip.
 *
 * It is never stale (notified-cache.ts, like the session cache): every change to the tables it is read from
 * (coelsa_configs, coelsa_sandbox_participants, tenants' status and kind, companies' bank, CUIT and adhesion) is
 * announced by the database (trigger + NOTIFY, in the same transaction) to every process, which forgets everything;
 * this process also forgets it when it answers a request that may have written them (app.ts). An entry is stored
 * only if nothing was announced while it was being read, and nothing is kept while the announcements cannot be
 * received. Here, and not in the clearing module, because modules before it (users) read through it too.
 */
export type DirectoryCache = Omit<NotifiedCache<unknown>, 'get'> & { get<T>(key: string): T | undefined };

const byDb = new WeakMap<Queryable, DirectoryCache>();

/** Starts this process's directory cache for `db` (app.ts, once): functions given that handle use it from then on. */
export async function startDirectoryCache(db: Db): Promise<DirectoryCache> {
  const entries = await startNotifiedCache<unknown>(db, DIRECTORY_CHANNEL, MAX_ENTRIES);
  const cache: DirectoryCache = {
    ...entries,
    get: <T>(key: string) => entries.get(key) as T | undefined,
    async close() {
      byDb.delete(db);
      await entries.close();
    },
  };
  byDb.set(db, cache);
  return cache;
}

/** The directory cache of this handle: null for a transaction or a handle without one (then read every time). */
export function directoryCacheOf(q: Queryable): DirectoryCache | null {
  return byDb.get(q) ?? null;
}

/**
 * The values of `ids` (as `load` reads them for those it is given, in their order) from the directory cache of `db`
 * under `keyOf(id)`: only the ids not there are read, in one call; read every time when `db` has no cache. `load`
 * reads through `db` outside any transaction, or through a transaction on it that wrote none of the directory's
 * tables (at read committed, its statement sees what was committed when it started, as `db` would).
 */
export async function rememberedEach<T>(
  db: Queryable,
  ids: readonly string[],
  keyOf: (id: string) => string,
  load: (missing: string[]) => Promise<T[]>,
): Promise<T[]> {
  const cache = directoryCacheOf(db);
  const known = ids.map((id) => cache?.get<{ value: T }>(keyOf(id)));
  const missing = ids.filter((_, i) => !known[i]);
  if (missing.length === 0) return known.map((k) => k!.value);
  const generation = cache?.generation() ?? 0;
  const loaded = await load(missing);
  for (const [i, id] of missing.entries()) cache?.set(keyOf(id), { value: loaded[i] }, generation);
  let next = 0;
  return known.map((k) => (k ? k.value : loaded[next++]!));
}

/** `key`'s value from the directory cache of `db`, read by `load` when it is not there (see rememberedEach). */
export async function remembered<T>(db: Queryable, key: string, load: () => Promise<T>): Promise<T> {
  const [value] = await rememberedEach(
    db,
    [key],
    (k) => k,
    async () => [await load()],
  );
  return value!;
}
