import { describe, expect, it } from 'vitest';
import { startNotifiedCache } from './notified-cache';

/** A handle whose announcements this test sends itself (`announce`); listening from the start. */
function fakeDb() {
  let onEvent: ((event: 'notify' | 'up' | 'down') => void) | null = null;
  return {
    db: {
      listen: async (_channel: string, cb: (event: 'notify' | 'up' | 'down') => void) => {
        onEvent = cb;
        cb('up');
        return async () => {};
      },
    },
    announce: (event: 'notify' | 'down' = 'notify') => onEvent?.(event),
  };
}

describe('notified cache', () => {
  it('at its size a new entry evicts the oldest, not every entry', async () => {
    const { db } = fakeDb();
    const cache = await startNotifiedCache<number>(db, 'c', 3);
    for (const k of ['a', 'b', 'c']) cache.set(k, 1, cache.generation());
    cache.set('a', 2, cache.generation()); // set again: now the newest
    cache.set('d', 3, cache.generation());
    expect(['a', 'b', 'c', 'd'].map((k) => cache.get(k))).toEqual([2, undefined, 1, 3]);
  });

  it('forgets everything on an announcement, and keeps nothing read before it', async () => {
    const { db, announce } = fakeDb();
    const cache = await startNotifiedCache<number>(db, 'c', 10);
    cache.set('a', 1, cache.generation());
    const before = cache.generation();
    announce();
    expect(cache.get('a')).toBeUndefined();
    cache.set('b', 1, before);
    expect(cache.get('b')).toBeUndefined();
    announce('down');
    cache.set('c', 1, cache.generation());
    expect(cache.get('c')).toBeUndefined();
  });
});
