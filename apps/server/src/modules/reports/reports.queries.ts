import type { Scope } from '../../platform/auth/actor';
import { scopeSql } from '../../platform/auth/actor';
import type { Queryable } from '../../platform/db/db';

/**
 * One aggregate cell, with count and amounts as exact strings: a status's totals per currency (month null), or a
 * month's totals per currency (status null). The queries ask for both groupings at once (grouping sets), so a
 * report reads a few dozen rows, not one per status, currency and month.
 */
export type CounterRow = {
  status: string | null;
  currency: string;
  month: string | null;
  count: string;
  amount: string;
  approved_amount?: string;
};

/** Buenos Aires midnight of an ISO date, as SQL over a parameter. */
const BA_DAY_START = (p: string) => `(${p}::date)::timestamp at time zone 'America/Argentina/Buenos_Aires'`;

function rangeSql(column: string, range: { from?: string; to?: string }, next: number) {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (range.from) {
    params.push(range.from);
    parts.push(`${column} >= ${BA_DAY_START(`$${next + params.length - 1}`)}`);
  }
  if (range.to) {
    params.push(range.to);
    parts.push(`${column} < ${BA_DAY_START(`$${next + params.length - 1}`)} + interval '1 day'`);
  }
  return { sql: parts.length ? parts.join(' and ') : 'true', params };
}

/** Whole months 'YYYY-MM' to read from the counters; an absent bound is open. */
export type MonthSpan = { from?: string; to?: string };

function monthSql(span: MonthSpan, next: number) {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (span.from) {
    params.push(`${span.from}-01`);
    parts.push(`month >= $${next + params.length - 1}::date`);
  }
  if (span.to) {
    params.push(`${span.to}-01`);
    parts.push(`month <= $${next + params.length - 1}::date`);
  }
  return { sql: parts.length ? parts.join(' and ') : 'true', params };
}

/** Totals per status and currency, and per month and currency, in one pass (see CounterRow). */
const BY_STATUS_AND_MONTH = (status: string, month: string, currency: string) =>
  `group by grouping sets ((${status}, ${currency}), (${month}, ${currency}))`;

/**
 * Where a scope's counters are: a company's own rows, or the bank-wide rows (a bank, or every bank), a few hundred
 * per bank whatever its size.
 */
function counterSource(scope: Scope, perCompany: string, perBank: string) {
  if (scope.kind === 'company') {
    return { table: perCompany, s: scopeSql(scope, { tenant: 'tenant_id', company: 'company_id' }, 1) };
  }
  return { table: perBank, s: scopeSql(scope, { tenant: 'tenant_id' }, 1) };
}

/** Custody per status, currency and month from the trigger-kept counters, over whole months. */
export async function custodyCounters(db: Queryable, scope: Scope, span: MonthSpan = {}): Promise<CounterRow[]> {
  const { table, s } = counterSource(scope, 'report_custody_counters', 'report_custody_bank');
  const m = monthSql(span, 1 + s.params.length);
  const r = await db.query<CounterRow>(
    `select status, currency, to_char(month, 'YYYY-MM') as month, sum(count)::text as count, sum(amount)::text as amount
     from ${table} where ${s.sql} and ${m.sql}
     ${BY_STATUS_AND_MONTH('status', 'month', 'currency')}`,
    [...s.params, ...m.params],
  );
  return r.rows;
}

/** The same cells from the custody records deposited within the range (indexed on custody_date); deleted cheques left out as in the lists. */
export async function custodyInRange(
  db: Queryable,
  scope: Scope,
  range: { from?: string; to?: string },
): Promise<CounterRow[]> {
  const s = scopeSql(scope, { tenant: 'c.tenant_id', company: 'c.company_id' }, 1);
  const d = rangeSql('c.custody_date', range, 1 + s.params.length);
  const r = await db.query<CounterRow>(
    `select c.status, e.currency, to_char(report_month(c.custody_date), 'YYYY-MM') as month,
            count(*)::text as count, coalesce(sum(e.amount), 0)::text as amount
     from custody c join echeqs e on e.id = c.echeq_id and e.deleted_at is null
     where ${s.sql} and ${d.sql}
     ${BY_STATUS_AND_MONTH('c.status', 'report_month(c.custody_date)', 'e.currency')}`,
    [...s.params, ...d.params],
  );
  return r.rows;
}

export async function discountCounters(db: Queryable, scope: Scope, span: MonthSpan = {}): Promise<CounterRow[]> {
  const { table, s } = counterSource(scope, 'report_discount_counters', 'report_discount_bank');
  const m = monthSql(span, 1 + s.params.length);
  const r = await db.query<CounterRow>(
    `select status, currency, to_char(month, 'YYYY-MM') as month, sum(count)::text as count,
            sum(requested_amount)::text as amount, sum(approved_amount)::text as approved_amount
     from ${table} where ${s.sql} and ${m.sql}
     ${BY_STATUS_AND_MONTH('status', 'month', 'currency')}`,
    [...s.params, ...m.params],
  );
  return r.rows;
}

export async function discountsInRange(
  db: Queryable,
  scope: Scope,
  range: { from?: string; to?: string },
): Promise<CounterRow[]> {
  const s = scopeSql(scope, { tenant: 'd.tenant_id', company: 'd.company_id' }, 1);
  const dr = rangeSql('d.requested_at', range, 1 + s.params.length);
  const r = await db.query<CounterRow>(
    `select d.status, e.currency, to_char(report_month(d.requested_at), 'YYYY-MM') as month,
            count(*)::text as count, coalesce(sum(d.requested_amount), 0)::text as amount,
            coalesce(sum(d.approved_amount), 0)::text as approved_amount
     from discounts d join echeqs e on e.id = d.echeq_id
     where ${s.sql} and ${dr.sql}
     ${BY_STATUS_AND_MONTH('d.status', 'report_month(d.requested_at)', 'e.currency')}`,
    [...s.params, ...dr.params],
  );
  return r.rows;
}

/** Who the figures are about, for the exports' header: 'Todas las entidades', the bank, or the company. */
export async function scopeName(db: Queryable, scope: Scope): Promise<string> {
  if (scope.kind === 'all') return 'Todas las entidades';
  if (scope.kind === 'tenant') {
    const r = await db.query<{ nombre: string }>('select nombre from tenants where id = $1', [scope.tenantId]);
    return r.rows[0]?.nombre ?? '';
  }
  const r = await db.query<{ name: string; nombre: string }>(
    'select c.name, t.nombre from companies c join tenants t on t.id = c.tenant_id where c.id = $1',
    [scope.companyId],
  );
  const row = r.rows[0];
  return row ? `${row.name} (${row.nombre})` : '';
}

export type MetricsTotalsRow = {
  kind: 'http' | 'probe';
  route_group: string;
  count: string;
  error_count: string;
  sum_ms: number | string;
  max_ms: number | string;
};

/** Rows of the platform (`null`: every request) or of one bank's traffic; the condition and its parameters. */
function metricsScope(tenantId: string | null, since: Date): { where: string; params: unknown[] } {
  return tenantId === null
    ? { where: 'tenant_id is null and minute >= $1', params: [since] }
    : { where: 'tenant_id = $2 and minute >= $1', params: [since, tenantId] };
}

/** Request and probe aggregates of every process since `since`, per kind and group (platform or one bank). */
export async function metricsTotals(db: Queryable, since: Date, tenantId: string | null): Promise<MetricsTotalsRow[]> {
  const { where, params } = metricsScope(tenantId, since);
  const r = await db.query<MetricsTotalsRow>(
    `select kind, route_group, sum(count)::text as count, sum(error_count)::text as error_count, sum(sum_ms) as sum_ms,
            max(max_ms) as max_ms
     from metrics_minute where ${where} group by kind, route_group`,
    params,
  );
  return r.rows;
}

/** The request latency histogram since `since` (bucket index from 1). */
export async function metricsBuckets(
  db: Queryable,
  since: Date,
  tenantId: string | null,
): Promise<{ i: string; n: string }[]> {
  const { where, params } = metricsScope(tenantId, since);
  const r = await db.query<{ i: string; n: string }>(
    `select u.i::text as i, sum(u.b)::text as n
     from metrics_minute m, unnest(m.buckets) with ordinality as u(b, i)
     where ${where.replace(/\b(tenant_id|minute)\b/g, 'm.$1')} and m.kind = 'http'
     group by u.i`,
    params,
  );
  return r.rows;
}

export async function metricsHourly(
  db: Queryable,
  since: Date,
  tenantId: string | null,
): Promise<{ hour: string; count: string; error_count: string; sum_ms: number | string }[]> {
  const { where, params } = metricsScope(tenantId, since);
  const r = await db.query<{ hour: string; count: string; error_count: string; sum_ms: number | string }>(
    `select to_char(date_trunc('hour', minute at time zone 'UTC'), 'YYYY-MM-DD"T"HH24:00:00"Z"') as hour,
            sum(count)::text as count, sum(error_count)::text as error_count, sum(sum_ms) as sum_ms
     from metrics_minute where ${where} and kind = 'http' group by 1`,
    params,
  );
  return r.rows;
}
