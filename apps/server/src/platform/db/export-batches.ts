/**
 * What a list export reads: the list itself (its service: filters, sort and scope), page after page by its keyset
 * cursor, in batches of a bounded size, so a whole result is never held and no statement runs long. The count before it is
 * capped too: the export refuses a result past its maximum before writing anything.
 */
import { AppError } from '../http/app-error';
import type { Queryable } from './db';

/** Rows per statement: small enough to interleave with the other requests, large enough to stream quickly. */
export const EXPORT_BATCH_ROWS = 500;

/**
 * The pages of a list read with `read(cursor)` (the list's own service asked for EXPORT_BATCH_ROWS rows after the
 * previous page's cursor, in the list's order), parsed; it ends with the page that has no next cursor.
 */
export async function* cursorBatches<T>(
  read: (cursor: string | undefined) => Promise<{ entries: string; meta: { nextCursor?: string | null } }>,
): AsyncGenerator<T[]> {
  let cursor: string | undefined;
  for (;;) {
    const page = await read(cursor);
    const rows = JSON.parse(page.entries) as T[];
    if (rows.length > 0) yield rows;
    if (!page.meta.nextCursor || rows.length < EXPORT_BATCH_ROWS) return;
    cursor = page.meta.nextCursor;
  }
}

/** How many rows `from` holds, counting no further than `cap`. */
export async function countUpTo(
  db: Queryable,
  opts: { from: string; params: readonly unknown[]; cap: number },
): Promise<number> {
  const cap = Math.max(1, Math.floor(opts.cap));
  const r = await db.query<{ n: number }>(
    `select count(*)::int as n from (select 1 ${opts.from} limit ${cap}) t`,
    opts.params,
  );
  return r.rows[0]?.n ?? 0;
}

/**
 * The export's row count, counted up to max + 1: more than `max` is refused before anything is written. (Rows added
 * while the export runs may make the file a little longer: the count is what the progress bar aims at.)
 */
export async function checkExportSize(count: (cap: number) => Promise<number>, max: number): Promise<number> {
  const n = await count(max + 1);
  if (n > max) {
    throw new AppError(
      'VALIDATION_ERROR',
      `La exportación supera el máximo de ${max.toLocaleString('es-AR')} filas. Acote la búsqueda con filtros y vuelva a intentarlo.`,
      { errors: [{ path: 'export', message: `Más de ${max.toLocaleString('es-AR')} filas` }] },
    );
  }
  return n;
}

/**
 * The pages of a list that pages only by number (no keyset cursor), read with `read(n, EXPORT_BATCH_ROWS)` from page
 * 1 in the list's order; it ends with the first page that is not full.
 */
export async function* pageBatches<T>(
  read: (page: number, limit: number) => Promise<{ data: T[] }>,
): AsyncGenerator<T[]> {
  for (let n = 1; ; n++) {
    const rows = (await read(n, EXPORT_BATCH_ROWS)).data;
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_BATCH_ROWS) return;
  }
}
