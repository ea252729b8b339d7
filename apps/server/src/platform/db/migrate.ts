import type { Db } from './db';

export type Migration = { id: string; sql: string };

/** Arbitrary constant for the advisory lock that serialises migrations between server processes. */
const MIGRATION_LOCK = 727_001;

/** Applies pending migrations in order, each in its own transaction, under an advisory lock. */
export async function migrate(db: Db, migrations: readonly Migration[]): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(
      'create table if not exists schema_migrations (id text primary key, applied_at timestamptz not null default now())',
    );
    const done = new Set((await tx.query<{ id: string }>('select id from schema_migrations')).rows.map((r) => r.id));
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.id)) continue;
      await tx.exec(m.sql);
      await tx.query('insert into schema_migrations (id) values ($1)', [m.id]);
      applied.push(m.id);
    }
    return applied;
  });
}
