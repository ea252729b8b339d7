import type { Queryable } from './db';

/** A list page the database wrote as JSON: its entries' array text, how many there are and the last one's key. */
export type JsonPage = {
  entries: string;
  count: number;
  last: { at: string; id: string } | null;
  /** The value of `extra` (queryJsonPage), as text. */
  extra?: string | null;
};

/**
 * Runs a page query and has the database answer the page as the JSON text of its entries, in list order. `sql`
 * selects the page's rows (newest first: `sort_at desc, id desc`), each with `doc` (the entry exactly as the API
 * shows it, as JSON text: see jsonObject), `sort_at`, `id` and `key_at` (sort_at as a cursor's exact text).
 *
 * Why: a 50-row page is about 1,100 values. Read row by row, each is written by the database as text, parsed by the
 * driver (timestamps into Dates), mapped, checked and written again as JSON in the server's one thread, which is what
 * limits a list's throughput. Built by the database, the page is one value that goes out as it came in.
 *
 * `extra`: SQL of one more value the page comes with (a scalar subquery over `params`, such as its counts), read in
 * the same statement and snapshot rather than in a round trip of its own; answered as text.
 */
export async function queryJsonPage(
  db: Queryable,
  sql: string,
  params: readonly unknown[],
  extra?: string,
): Promise<JsonPage> {
  const r = await db.query<{
    entries: string;
    count: number;
    last_at: string | null;
    last_id: string | null;
    extra: string | null;
  }>(
    `select '[' || coalesce(string_agg(p.doc, ',' order by p.sort_at desc, p.id desc), '') || ']' as entries,
       count(*)::int as count,
       (array_agg(p.key_at order by p.sort_at, p.id))[1] as last_at,
       (array_agg(p.id::text order by p.sort_at, p.id))[1] as last_id${
         extra
           ? `,
       (${extra})::text as extra`
           : ''
       }
     from (${sql}) p`,
    params,
  );
  const row = r.rows[0]!;
  return {
    entries: row.entries,
    count: row.count,
    last: row.last_at && row.last_id ? { at: row.last_at, id: row.last_id } : null,
    ...(extra ? { extra: row.extra ?? null } : {}),
  };
}

/**
 * How a value is written into JSON:
 * - text: any text, escaped (to_json);
 * - code: text that needs no escaping (a uuid, a date, a status code of a checked column), quoted as it is;
 * - number: a numeric or integer column, as the database writes it (numeric keeps its exact decimals);
 * - date: a date as YYYY-MM-DD (whatever the connection's DateStyle);
 * - timestamp: a timestamptz as the API's ISO 8601 UTC text with milliseconds (as Date.toISOString);
 * - json: JSON text already (a nested jsonObject).
 * Nulls are written as null.
 */
type JsonKind = 'text' | 'code' | 'number' | 'date' | 'timestamp' | 'json';
export type JsonFields = Record<string, readonly [JsonKind, string]>;

const VALUE: Record<JsonKind, (sql: string) => string> = {
  text: (sql) => `to_json(${sql})::text`,
  code: (sql) => `'"' || ${sql} || '"'`,
  number: (sql) => `(${sql})::text`,
  date: (sql) => `'"' || to_char(${sql}, 'YYYY-MM-DD') || '"'`,
  timestamp: (sql) => `'"' || to_char(${sql} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'`,
  json: (sql) => `(${sql})`,
};

/**
 * SQL writing a JSON object (as text) from its fields, in order, by concatenation: about a third less of the
 * database's time than json_build_object, which looks up every value's type and output function again on each row.
 */
export function jsonObject(fields: JsonFields): string {
  const parts = Object.entries(fields).map(([key, [kind, sql]], i) => {
    if (!/^[a-z_]+$/.test(key)) throw new Error(`Clave JSON inválida: ${key}`);
    return `'${i === 0 ? '{' : ','}"${key}":' || coalesce(${VALUE[kind](sql)}, 'null')`;
  });
  return `(${parts.join(' || ')} || '}')`;
}
