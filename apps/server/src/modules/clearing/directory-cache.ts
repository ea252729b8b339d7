import type { Db, Queryable } from '../../platform/db/db';

/** Channel on which the database announces any change to the registry's directory (0032_registry_directory_notify). */
const DIRECTORY_CHANNEL = 'echeq_registry_directory';
const MAX_ENTRIES = 20_000;

/**
 * The registry's directory as this process last read it (decision 041): each bank's clearing-house configuration,
 * which active banks work on the sandbox, which banks have no client company left to adhere. Read on every
 * lifecycle operation and inbox pass, changed rarely: kept in memory so that the common case costs no round trip.
 *
 * It is never stale, on the model of the session cache (platform/auth/session-cache.ts): every change to the tables
 * it is read from (coelsa_configs, coelsa_sandbox_participants, tenants' status and kind, companies) is announced by
 * the database (trigger + NOTIFY, in the same transaction) to every process, which forgets everything; this process
 * also forgets it when it answers a request that may have written them (app.ts). An entry is stored only if nothing
 * was announced while it was being read, and nothing is kept while the announcements cannot be received.
 */
export type DirectoryCache = {
  get<T>(key: string): T | undefined;
  /** The generation to hand back to `set` (taken before the value is read). */
  generation(): number;
  set(key: string, value: unknown, generation: number): void;
  clear(): void;
  close(): Promise<void>;
};

const byDb = new WeakMap<Queryable, DirectoryCache>();

/** Starts this process's directory cache for `db` (app.ts, once): functions given that handle use it from then on. */
export async function startDirectoryCache(db: Db): Promise<DirectoryCache> {
  const entries = new Map<string, unknown>();
  let gen = 0;
  let listening = false;
  const clear = () => {
    gen++;
    entries.clear();
  };
  const stop = await db
    .listen(DIRECTORY_CHANNEL, (event) => {
      listening = event !== 'down';
      clear();
    })
    .catch(() => null);
  const cache: DirectoryCache = {
    get: <T>(key: string) => (listening ? (entries.get(key) as T | undefined) : undefined),
    generation: () => gen,
    set(key, value, generation) {
      if (!listening || generation !== gen) return;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(key, value);
    },
    clear,
    async close() {
      listening = false;
      clear();
      byDb.delete(db);
      await stop?.().catch(() => {});
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
 * `key`'s value from the directory cache of `db`, read by `load` (through `db`, outside any transaction) when it is
 * not there; read every time when `db` has no cache.
 */
export async function remembered<T>(db: Queryable, key: string, load: () => Promise<T>): Promise<T> {
  const cache = directoryCacheOf(db);
  if (!cache) return load();
  const known = cache.get<{ value: T }>(key);
  if (known) return known.value;
  const generation = cache.generation();
  const value = await load();
  cache.set(key, { value }, generation);
  return value;
}
