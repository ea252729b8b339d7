import { AppError } from '../http/app-error';
import type { JsonPage } from './json-page';
import type { ListTotal } from './list-total';

/**
 * Keyset paging on (timestamp desc, id desc). The cursor carries the last row's key exactly (microseconds, as the
 * database renders it), so the next page starts right after it whatever was inserted meanwhile.
 */
export type Keyset = { at: string; id: string };

/** SQL rendering a timestamptz column as the exact UTC text a cursor carries. */
export const keyText = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

function encodeCursor(key: Keyset): string {
  return Buffer.from(`${key.at}|${key.id}`, 'utf8').toString('base64url');
}

const CURSOR =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

export function decodeCursor(cursor: string): Keyset {
  const text = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const m = CURSOR.exec(text);
  if (!m || Number.isNaN(Date.parse(m[1]!))) {
    throw new AppError('VALIDATION_ERROR', 'Cursor de paginación inválido', {
      errors: [{ path: 'cursor', message: 'Cursor inválido' }],
    });
  }
  return { at: m[1]!, id: m[2]!.toLowerCase() };
}

/** The term with LIKE's own characters (%, _ and the escape) taken literally. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `%term%` for LIKE / ILIKE with the user's own % and _ taken literally. */
export function likePattern(term: string): string {
  return `%${escapeLike(term)}%`;
}

/**
 * A list page as it is sent (platform/http/responses.ts, sendPage): the entries the database wrote and the page's
 * figures, with the cursor of the next page when this one is full.
 */
export function keysetPage(page: JsonPage, query: { page: number; limit: number }, total: ListTotal) {
  return {
    entries: page.entries,
    meta: {
      page: query.page,
      limit: query.limit,
      ...total,
      nextCursor: page.last && page.count === query.limit ? encodeCursor(page.last) : null,
    },
  };
}
