import type { Queryable } from './db';

/** Up to this many rows a list's total is counted exactly; beyond it, the planner's estimate is given (and flagged). */
export const EXACT_TOTAL_LIMIT = 1_000;

export type ListTotal = { total: number; totalIsEstimate: boolean };

/**
 * Above this estimated cost (the planner's units; a 50-row page costs tens) counting is not worth it: the rows that
 * match are too scattered among those that must be read to find them.
 */
const COUNT_COST_BUDGET = 1_000;

/**
 * Up to this estimated cost a count is run on every request (well under a millisecond). A costlier one (a search
 * testing a few thousand index entries, about 2 ms) is run once and its figure reused for a few seconds, flagged as
 * an estimate since the list may have changed meanwhile.
 */
export const COUNT_COST_CHEAP = 100;

/**
 * The total of a paged list whose rows are `select … ${from}` (from: "from … where …", with its parameters).
 *
 * Counting every matching row costs as much as reading them: tens of milliseconds over a large bank's book, more
 * for a text search that matches a common name. So:
 * - a page that is not full, reached by offset, tells the total by itself (no query);
 * - otherwise the planner is asked (EXPLAIN: planned, not run) how many rows match and what counting at most
 *   EXACT_TOTAL_LIMIT + 1 of them would cost. Many rows, or a count that would cost too much: the estimate is the
 *   answer (at least the rows already seen), flagged as an estimate;
 * - else the rows are counted, at most EXACT_TOTAL_LIMIT + 1 of them: exact, unless the estimate was wrong and the
 *   cap is reached (then it is an estimate again). A count costlier than COUNT_COST_CHEAP is kept a few seconds: the
 *   requests meanwhile get its figure, flagged as an estimate.
 * What the planner said is remembered for a few seconds per list (see `decisions`).
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
  const key = `${opts.from}\u0000${JSON.stringify(opts.params)}`;
  const now = Date.now();
  const known = decisions.get(key, now);
  if (known?.kind === 'estimate' || known?.kind === 'counted') {
    return { total: Math.max(known.total, seen), totalIsEstimate: true };
  }
  const count = `select count(*)::int as n from (select 1 ${opts.from} limit ${EXACT_TOTAL_LIMIT + 1}) t`;
  const planned = async () => {
    const plan = await db.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${count}`, opts.params);
    return planFigures(plan.rows[0]?.['QUERY PLAN']);
  };
  let costly = false;
  if (!known) {
    const { rows: estimate, cost } = await planned();
    if (estimate > EXACT_TOTAL_LIMIT || cost > COUNT_COST_BUDGET) {
      decisions.set(key, { kind: 'estimate', total: estimate }, now);
      return { total: Math.max(estimate, seen), totalIsEstimate: true };
    }
    costly = cost > COUNT_COST_CHEAP;
    if (!costly) decisions.set(key, { kind: 'count' }, now);
  }
  const capped = await db.query<{ n: number }>(count, opts.params);
  const n = capped.rows[0]?.n ?? 0;
  if (n <= EXACT_TOTAL_LIMIT) {
    if (costly) decisions.set(key, { kind: 'counted', total: n }, now);
    return { total: n, totalIsEstimate: false };
  }
  // More than the planner expected: the list is large after all.
  const { rows: estimate } = await planned();
  decisions.set(key, { kind: 'estimate', total: Math.max(estimate, n) }, now);
  return { total: Math.max(estimate, n, seen), totalIsEstimate: true };
}

/**
 * What the planner said of each list (its SQL and parameters, so per bank or company and filter), for a few seconds:
 * - many rows: the estimate itself, given again without asking (an estimate is approximate by nature, and the next
 *   pages of a large list need not plan it again);
 * - few rows, cheap to count: only that, so the next requests count them without asking first, every time;
 * - few rows, but a costlier count: the figure counted, given again as an estimate (it may be a few seconds old).
 */
const DECISION_TTL_MS = 10_000;
const MAX_DECISIONS = 1_000;
type Decision = { kind: 'estimate' | 'counted'; total: number } | { kind: 'count' };
const decisions = (() => {
  const map = new Map<string, { decision: Decision; until: number }>();
  return {
    get(key: string, now: number): Decision | null {
      const e = map.get(key);
      if (!e) return null;
      if (e.until > now) return e.decision;
      map.delete(key);
      return null;
    },
    set(key: string, decision: Decision, now: number) {
      if (map.size >= MAX_DECISIONS) map.clear();
      map.set(key, { decision, until: now + DECISION_TTL_MS });
    },
  };
})();

type PlanNode = { 'Node Type'?: string; 'Plan Rows'?: number; 'Total Cost'?: number; Plans?: PlanNode[] };

/**
 * From an EXPLAIN (FORMAT JSON) of the capped count (parsed or as text, depending on the driver): the rows expected
 * under its LIMIT (the uncapped estimate) and the count's total cost.
 */
function planFigures(value: unknown): { rows: number; cost: number } {
  const doc = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  const top = Array.isArray(doc) ? (doc[0] as { Plan?: PlanNode } | undefined)?.Plan : undefined;
  let node = top;
  while (node && node['Node Type'] !== 'Limit') node = node.Plans?.[0];
  const rows = Number(node?.Plans?.[0]?.['Plan Rows'] ?? top?.['Plan Rows']);
  const cost = Number(top?.['Total Cost']);
  return { rows: Number.isFinite(rows) ? Math.round(rows) : 0, cost: Number.isFinite(cost) ? cost : 0 };
}
