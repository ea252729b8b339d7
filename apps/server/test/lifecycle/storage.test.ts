import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/platform/db/db';
import { freshDb } from '../helpers';

/**
 * The cheques' table's storage options (migration 0031, decisions 013 and 041): pages keep room for a row's next
 * version, so the lifecycle's `syncing` updates are HOT, and the search's trigram index keeps a pending list bounded
 * to 64 kB (the 4 MB default made a number search three times slower; none made every copy's upsert pay its
 * trigrams one by one). The benchmark's generator recreates the indexes from their definitions, options included.
 */
let db: Db;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await freshDb());
});
afterAll(async () => {
  await drop();
});

describe('storage of echeqs', () => {
  it('leaves a fifth of each page free and bounds the trigram index pending list', async () => {
    const r = await db.query<{ relname: string; reloptions: string[] | null }>(
      `select relname, reloptions from pg_class
       where relname in ('echeqs', 'echeqs_search_trgm_idx') and relnamespace = 'public'::regnamespace
       order by relname`,
    );
    expect(r.rows).toEqual([
      { relname: 'echeqs', reloptions: ['fillfactor=80'] },
      { relname: 'echeqs_search_trgm_idx', reloptions: ['fastupdate=on', 'gin_pending_list_limit=64'] },
    ]);
  });

  it('gives the index definition its options, as the benchmark recreates it', async () => {
    const r = await db.query<{ indexdef: string }>(
      `select indexdef from pg_indexes where indexname = 'echeqs_search_trgm_idx'`,
    );
    // PostgreSQL 15 quotes the values (fastupdate='on'), the embedded database's version does not.
    expect(r.rows[0]?.indexdef).toMatch(/WITH \(fastupdate='?on'?, gin_pending_list_limit='?64'?\)/);
  });
});
