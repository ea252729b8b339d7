import type { Queryable } from './db';

/** Up to this many rows a list's total is counted exactly; beyond it, the planner's estimate is given (and flagged). */
export const EXACT_TOTAL_LIMIT = 1_000;

export type ListTotal = { total: number; totalIsEstimate: boolean };

/**
 * The total of a paged list whose rows are `select … ${from}` (from: "from … where …", with its parameters).
 *
 * Counting every matching row costs as much as reading them: tens of milliseconds over a large bank's book, more
 * for a text search that matches a common name. So:
 * - a page that is not full, reached by offset, tells the total by itself (no query);
 * - otherwise the planner estimates the total (EXPLAIN: planned, not run); when it expects more than
 *   EXACT_TOTAL_LIMIT rows, that estimate is the answer (at least the rows already seen), flagged as an estimate;
 * - else the rows are counted, at most EXACT_TOTAL_LIMIT + 1 of them: exact, unless the estimate was wrong and the
 *   cap is reached (then it is an estimate again).
 */
export async function listTotal(
  db: Queryable,
  opts: { from: string; params: readonly unknown[]; offset: number | null; limit: number; pageRows: number },
): Promise<ListTotal> {
  const { offset, limit, pageRows } = opts;
  if (offset !== null && pageRows < limit && (pageRows > 0 || offset === 0)) {
    return { total: offset + pageRows, totalIsEstimate: false };
  }
  const seen = offset !== null ? offset + pageRows : pageRows;
  const plan = await db.query<{ 'QUERY PLAN': unknown }>(`explain (format json) select 1 ${opts.from}`, opts.params);
  const estimate = Math.round(planRows(plan.rows[0]?.['QUERY PLAN']));
  if (estimate > EXACT_TOTAL_LIMIT) return { total: Math.max(estimate, seen), totalIsEstimate: true };
  const capped = await db.query<{ n: number }>(
    `select count(*)::int as n from (select 1 ${opts.from} limit ${EXACT_TOTAL_LIMIT + 1}) t`,
    opts.params,
  );
  const n = capped.rows[0]?.n ?? 0;
  if (n <= EXACT_TOTAL_LIMIT) return { total: n, totalIsEstimate: false };
  return { total: Math.max(estimate, n, seen), totalIsEstimate: true };
}

/** `Plan Rows` of the top node of an EXPLAIN (FORMAT JSON) answer (parsed or as text, depending on the driver). */
function planRows(value: unknown): number {
  const doc = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  const top = Array.isArray(doc) ? (doc[0] as { Plan?: { 'Plan Rows'?: unknown } } | undefined) : undefined;
  const rows = Number(top?.Plan?.['Plan Rows']);
  return Number.isFinite(rows) ? rows : 0;
}
