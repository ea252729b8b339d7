import type { Queryable } from './db';

/**
 * One row to insert: its table and its columns' values, in the order of `columns`. `expressions` (optional, by
 * column) writes a column as an SQL expression of its value's parameter instead of the parameter itself, for a value
 * only the statement knows (`insertsFrom`: a column of the row it inserts from). Expressions are the code's own.
 */
export type RowInsert = {
  table: string;
  columns: readonly string[];
  values: readonly unknown[];
  expressions?: Readonly<Record<string, (param: string) => string>>;
};

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** The rows by table, in the order given; names checked (the code's own, never input) and rows matched. */
function byTable(rows: readonly RowInsert[]): Map<string, { columns: readonly string[]; rows: RowInsert[] }> {
  const tables = new Map<string, { columns: readonly string[]; rows: RowInsert[] }>();
  for (const row of rows) {
    if (!IDENTIFIER.test(row.table) || !row.columns.every((c) => IDENTIFIER.test(c))) {
      throw new Error(`Nombre de tabla o columna inválido: ${row.table}`);
    }
    if (row.values.length !== row.columns.length) throw new Error(`Fila de ${row.table} incompleta`);
    const table = tables.get(row.table);
    if (!table) tables.set(row.table, { columns: row.columns, rows: [row] });
    else if (table.columns.join() !== row.columns.join()) throw new Error(`Columnas distintas para ${row.table}`);
    else table.rows.push(row);
  }
  return tables;
}

/** A row's values as parameters appended to `values`: `$4, $5, …` (each within its column's expression, if any). */
function placeholders(row: RowInsert, values: unknown[]): string {
  return row.values
    .map((v, i) => {
      const param = `$${values.push(v)}`;
      const expression = row.expressions?.[row.columns[i]!];
      return expression ? expression(param) : param;
    })
    .join(', ');
}

/**
 * Inserts rows into one or more tables with a single statement: one trip to the database instead of one per row.
 * A change's trail (its audit records, its clearing-house operations) goes in this way, inside the change's
 * transaction. The rows of a table keep the order given (their serial ids follow it); each table's insert is a
 * data-modifying part of the one statement. Tables and columns are the code's own names, never input.
 */
export async function insertRows(db: Queryable, rows: readonly RowInsert[]): Promise<void> {
  if (rows.length === 0) return;
  const values: unknown[] = [];
  const inserts = [...byTable(rows)].map(
    ([name, t]) =>
      `insert into ${name} (${t.columns.join(', ')}) values ${t.rows.map((r) => `(${placeholders(r, values)})`).join(', ')}`,
  );
  const last = inserts.pop()!;
  const sql = inserts.length ? `with ${inserts.map((s, i) => `w${i} as (${s})`).join(', ')} ${last}` : last;
  await db.query(sql, values);
}

/**
 * The same rows as inserts for a statement of the caller's, written only if the change they record happened in it:
 * each row is `insert into … select <its values> from <from>`, once per row `from` (a part of that statement, e.g.
 * an update's RETURNING, with its condition) gives. Their values are appended to the statement's `values`. Each row
 * is an insert of its own (the caller makes each a data-modifying part of its statement): give at most one row per
 * table when their order matters.
 */
export function insertsFrom(rows: readonly RowInsert[], from: string, values: unknown[]): string[] {
  return [...byTable(rows)].flatMap(([name, t]) =>
    t.rows.map((r) => `insert into ${name} (${t.columns.join(', ')}) select ${placeholders(r, values)} from ${from}`),
  );
}
