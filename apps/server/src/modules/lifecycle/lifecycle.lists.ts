import { likePattern } from '../../platform/db/keyset';
import type { SqlParams } from '../../platform/db/sql';
import { AppError } from '../../platform/http/app-error';

/**
 * What the lifecycle's lists share: the `q` search (a number or part of a name, the registry's id, or a CUIT with or
 * without dashes) and a cursor of two keys, the order's own and the row's id, kept as `<key>|<id>` in base64url.
 */
export function searchSql(p: SqlParams, q: string | undefined): string | null {
  const term = q?.trim();
  if (!term) return null;
  const or = [`e.search_text like lower(${p.add(likePattern(term))})`];
  if (/^[A-Za-z0-9]{15}$/.test(term)) or.push(`e.cheque_id = ${p.add(term.toUpperCase())}`);
  const digits = term.replace(/-/g, '');
  if (/^\d{11}$/.test(digits)) {
    const cuit = p.add(digits);
    or.push(`e.issuer_cuit = ${cuit}`, `e.beneficiary_cuit = ${cuit}`, `btrim(e.holder_cuit) = ${cuit}`);
  }
  return `(${or.join(' or ')})`;
}

export type PairCursor = { key: string; id: string };

export function encodePairCursor(c: PairCursor): string {
  return Buffer.from(`${c.key}|${c.id}`, 'utf8').toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The cursor's keys; `key` must match `keyPattern` (a timestamp's exact text, a date). 400 otherwise. */
export function decodePairCursor(cursor: string, keyPattern: RegExp): PairCursor {
  const text = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const bar = text.lastIndexOf('|');
  const key = text.slice(0, bar);
  const id = text.slice(bar + 1);
  if (bar < 0 || !keyPattern.test(key) || !UUID.test(id)) {
    throw new AppError('VALIDATION_ERROR', 'Cursor de paginación inválido', {
      errors: [{ path: 'cursor', message: 'Cursor inválido' }],
    });
  }
  return { key, id: id.toLowerCase() };
}
