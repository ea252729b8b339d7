import type { RangeFilter } from '@echeq/contract';
import type { SqlParams } from './sql';

/**
 * The conditions of a list's range filters (contract: rangeFilterShape) over its columns. A date range over a
 * timestamp is read in Buenos Aires days, as the screens show them. The bank and company only narrow the caller's
 * scope, which the list applies besides: a bank's user naming another bank sees nothing of it.
 */
export function rangeConditions(
  p: SqlParams,
  f: RangeFilter,
  cols: { date: string; dateIsTimestamp: boolean; amount: string; tenant: string; company: string },
): string[] {
  const where: string[] = [];
  const day = (v: string) =>
    cols.dateIsTimestamp
      ? `(${p.add(v)}::date::timestamp at time zone 'America/Argentina/Buenos_Aires')`
      : `${p.add(v)}::date`;
  if (f.date_from) where.push(`${cols.date} >= ${day(f.date_from)}`);
  if (f.date_to) {
    where.push(
      cols.dateIsTimestamp
        ? `${cols.date} < ((${p.add(f.date_to)}::date + 1)::timestamp at time zone 'America/Argentina/Buenos_Aires')`
        : `${cols.date} <= ${p.add(f.date_to)}::date`,
    );
  }
  if (f.amount_min) where.push(`${cols.amount} >= ${p.add(f.amount_min)}::numeric`);
  if (f.amount_max) where.push(`${cols.amount} <= ${p.add(f.amount_max)}::numeric`);
  if (f.tenant_id) where.push(`${cols.tenant} = ${p.add(f.tenant_id)}::uuid`);
  if (f.company_id) where.push(`${cols.company} = ${p.add(f.company_id)}::uuid`);
  return where;
}

/** A list's filter: its query without paging (page, limit, cursor) and order, an empty search dropped. */
export function listFilter<
  Q extends {
    page: number;
    limit: number;
    cursor?: string | undefined;
    sort?: string | undefined;
    search?: string | undefined;
  },
>(query: Q) {
  const { page: _p, limit: _l, cursor: _c, sort: _s, search, ...rest } = query;
  return { ...rest, search: search || undefined };
}
