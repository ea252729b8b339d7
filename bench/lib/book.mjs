// The benchmark's book: 20 banks of very different sizes (the largest holds half the book), their companies, a
// million cheques with Spanish-looking names, custody for about 60 % of them and discounts in every status, spread
// over two years. Everything is generated inside the database (`insert … select … generate_series`), with SQL helper
// functions in a schema of its own (`bench`) that the app never reads.
//
// The same statements run on PostgreSQL and on the embedded database (PGlite); `run(sql, params)` is whichever
// driver the caller has. Secondary indexes, foreign keys and user triggers of the three big tables are set aside
// during the load and restored afterwards (restoring the unique indexes and foreign keys validates every row), then
// the reports' and the lifecycle's counters are backfilled with their migrations' statements, and everything is
// analysed.

export {
  backfillLifecycleCounters,
  backfillReports,
  checkBook,
  restoreAfterLoad,
  setAsideForLoad,
} from './book-load.mjs';
export { BANKS, BENCH_PASSWORD, helperSchemaSql, referenceDataStatements, sizes } from './book-reference.mjs';
export { chequesSql, custodySql, discountedSql, discountsSql } from './book-sql.mjs';
