import type { Db } from './db';

/**
 * Values this process read from the database and keeps in memory, never stale: every change to what they are read
 * from is announced by the database (trigger + NOTIFY on `channel`, in the same transaction) to every process, which
 * forgets everything; the process that made a change may also forget at once (`clear`). An entry is stored only if
 * nothing was forgotten while it was being read (`generation`, taken before the read, handed back to `set`), so a
 * value read before a change is never kept after the change's announcement; and nothing is kept while the
 * announcements cannot be received (the listening connection lost). At `maxEntries` a new entry evicts the oldest
 * (a Map keeps its keys in the order they were set), so a process with many sessions or CUITs keeps the recent
 * ones instead of starting afresh all at once.
 *
 * The session cache (auth/session-cache.ts) and the registry's directory (platform/db/directory-cache.ts).
 */
export type NotifiedCache<V> = {
  get(key: string): V | undefined;
  /** The generation to hand back to `set` (taken before the value is read). */
  generation(): number;
  set(key: string, value: V, generation: number): void;
  delete(key: string): void;
  clear(): void;
  close(): Promise<void>;
};

export async function startNotifiedCache<V>(
  db: Pick<Db, 'listen'>,
  channel: string,
  maxEntries: number,
): Promise<NotifiedCache<V>> {
  const entries = new Map<string, V>();
  let gen = 0;
  let listening = false;
  const clear = () => {
    gen++;
    entries.clear();
  };
  const stop = await db
    .listen(channel, (event) => {
      listening = event !== 'down';
      clear();
    })
    .catch(() => null);
  return {
    get: (key) => (listening ? entries.get(key) : undefined),
    generation: () => gen,
    set(key, value, generation) {
      if (!listening || generation !== gen) return;
      entries.delete(key);
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(key, value);
    },
    delete: (key) => void entries.delete(key),
    clear,
    async close() {
      listening = false;
      clear();
      await stop?.().catch(() => {});
    },
  };
}
