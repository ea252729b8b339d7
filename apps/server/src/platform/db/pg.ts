import { createHash } from 'node:crypto';
import pg from 'pg';
import { type Db, type Queryable, withRetry } from './db';

const RAW = (v: string) => v;
// date, numeric, int8 stay strings: mapped explicitly at the boundary (never through binary floats).
const PARSERS: Record<number, (v: string) => unknown> = { 1082: RAW, 1700: RAW, 20: RAW };

export async function openPg(url: string, opts: { max?: number } = {}): Promise<Db> {
  // Startup options of every connection, beside any the URL gives (see SESSION_OPTIONS).
  const config: pg.PoolConfig = {
    connectionString: withStartupOption(url, SESSION_OPTIONS),
    max: opts.max ?? 10,
    types: {
      getTypeParser: ((oid: number, format?: string) =>
        PARSERS[oid] ?? pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  };
  const pool = new pg.Pool(config);
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next checkout.
  });
  await pool.query('select 1');
  const statement = preparedStatements();
  const q = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query(sql, params) {
      const r = await client.query(statement(sql, params));
      return { rows: r.rows, rowCount: r.rowCount ?? 0 };
    },
    async exec(sql) {
      await client.query(sql);
    },
  });
  return {
    kind: 'pg',
    ...q(pool),
    transaction: (fn) =>
      withRetry(async () => {
        const client = await pool.connect();
        try {
          await client.query('begin');
          const result = await fn(q(client));
          await client.query('commit');
          return result;
        } catch (err) {
          await client.query('rollback').catch(() => {});
          throw err;
        } finally {
          client.release();
        }
      }),
    listen: (channel, onEvent) => listenPg(url, channel, onEvent),
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** The URL with `option` added to its `options` (the connection's startup settings). */
function withStartupOption(url: string, option: string): string {
  const u = new URL(url);
  u.searchParams.set('options', [u.searchParams.get('options'), option].filter(Boolean).join(' '));
  return u.toString();
}

/**
 * - jit=off: short OLTP queries; JIT compilation costs more than it saves (measured at 15 ms on a list query).
 * - plan_cache_mode=force_generic_plan: a prepared statement is planned once per connection, for any parameters.
 *   Left to decide, PostgreSQL plans it again for every execution's values whenever the plan made without them looks
 *   costlier, which a list scoped to one company or bank always did (the planner expects an average company): every
 *   page then paid a whole planning, 40 % of its database time, for the same plan. Our statements are written for the
 *   indexes they read (scope, then list order), so one plan fits every value. Those whose best plan does depend on
 *   their values are not prepared (see preparedStatements).
 */
const SESSION_OPTIONS = '-c jit=off -c plan_cache_mode=force_generic_plan';

const MAX_PREPARED = 2_000;

/**
 * Statements are prepared once per connection (named after a hash of their text), then only bound and run with the
 * plan made the first time. Two kinds are planned for their own values every time instead: text searches (`LIKE`:
 * how selective a pattern is decides between the trigram index and the list order) and EXPLAIN. They go as one-off
 * text with their values written in as quoted literals (escaped by the driver; untyped, exactly as a parameter is
 * sent), which the server plans for those values. The SQL is built from fixed fragments with parameters, so the set
 * of statements is small; past MAX_PREPARED distinct ones, new ones are sent as one-off text too.
 */
function preparedStatements() {
  const names = new Map<string, string>();
  return (sql: string, params: readonly unknown[] | undefined): pg.QueryConfig => {
    const values = params as unknown[] | undefined;
    if (/\blike\b/i.test(sql) || /^\s*explain\b/i.test(sql)) return { text: withValues(sql, values) };
    let name = names.get(sql);
    if (!name) {
      if (names.size >= MAX_PREPARED) return { text: withValues(sql, values) };
      name = `s${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
      names.set(sql, name);
    }
    return { name, text: sql, values };
  };
}

/**
 * `sql` with its parameters ($1, $2…) replaced by their values as quoted literals, in the text form a parameter is
 * sent in (dates as ISO 8601 UTC, arrays as array literals, objects as JSON). A quoted literal is untyped until its
 * context types it, as a parameter is. `$n` inside the statement's own quoted literals is left alone.
 */
export function withValues(sql: string, values: readonly unknown[] | undefined): string {
  if (!values?.length) return sql;
  return sql.replace(/'(?:[^']|'')*'|\$(\d+)\b/g, (match, n: string | undefined) => {
    if (n === undefined) return match;
    const i = Number(n) - 1;
    if (i < 0 || i >= values.length) throw new Error(`Parámetro sin valor: $${n}`);
    const text = textOf(values[i]);
    return text === null ? 'null' : quoteLiteral(text);
  });
}

function textOf(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) {
    const items = v.map((item) => {
      const t = textOf(item);
      return t === null ? 'NULL' : `"${t.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
    });
    return `{${items.join(',')}}`;
  }
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** A string literal: quotes doubled; with backslashes, an escape string (E'…') with them doubled, whatever the settings. */
function quoteLiteral(text: string): string {
  const quoted = `'${text.replace(/'/g, "''")}'`;
  return text.includes('\\') ? `E${quoted.replace(/\\/g, '\\\\')}` : quoted;
}

const RECONNECT_MS = 1_000;

/** A dedicated connection LISTENing on `channel`, reconnected after a loss (reported as `down`, then `up`). */
async function listenPg(
  url: string,
  channel: string,
  onEvent: (event: 'notify' | 'up' | 'down') => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Canal inválido: ${channel}`);
  let client: pg.Client | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (m) => {
      if (m.channel === channel) onEvent('notify');
    });
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    await c.connect();
    await c.query(`listen ${channel}`);
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    onEvent('up');
  };
  const retry = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      connect().catch(retry);
    }, RECONNECT_MS);
    timer.unref();
  };
  const lost = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    onEvent('down');
    c.end().catch(() => {});
    retry();
  };
  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}
