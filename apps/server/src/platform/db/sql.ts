import { type Scope, scopeSql } from '../auth/actor';

/** Collects positional parameters while a query is assembled: `where x = ${q.add(value)}`. */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /** The scope condition for the given columns, its parameters appended. */
  scope(scope: Scope, cols: { tenant: string; company: string }): string {
    const s = scopeSql(scope, cols, this.values.length + 1);
    this.values.push(...s.params);
    return s.sql;
  }
}
