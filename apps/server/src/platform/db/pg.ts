import { createHash } from 'node:crypto';
import pg from 'pg';
import { type Db, type Queryable, withRetry } from './db';

const RAW = (v: string) => v;
// date, numeric, int8 stay strings: mapped explicitly at the boundary (never through binary floats).
const PARSERS: Record<number, (v: string) => unknown> = { 1082: RAW, 1700: RAW, 20: RAW };

export async function openPg(url: string, opts: { max?: number } = {}): Promise<Db> {
  // Short OLTP queries: JIT compilation costs more than it saves (measured at 15 ms on a list query), so it is off
  // from each connection's first statement (a startup option, beside any the URL gives).
  const config: pg.PoolConfig = {
    connectionString: withStartupOption(url, '-c jit=off'),
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

const MAX_PREPARED = 2_000;

/**
 * Statements are prepared once per connection (named after a hash of their text) and then only bound and run: on a
 * list page, parsing and planning cost about as much as running. PostgreSQL re-plans a prepared statement for its
 * parameters until a generic plan proves as cheap. Two kinds are always sent unprepared, planned for their own
 * parameters every time: text searches (`LIKE`: how selective a pattern is decides between the trigram index and
 * the list order) and EXPLAIN. The SQL is built from fixed fragments with parameters, so the set of statements is
 * small; past MAX_PREPARED distinct ones, new ones are sent unprepared.
 */
function preparedStatements() {
  const names = new Map<string, string>();
  return (sql: string, params: readonly unknown[] | undefined): pg.QueryConfig => {
    const values = params as unknown[] | undefined;
    if (/\blike\b/i.test(sql) || /^\s*explain\b/i.test(sql)) return { text: sql, values };
    let name = names.get(sql);
    if (!name) {
      if (names.size >= MAX_PREPARED) return { text: sql, values };
      name = `s${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
      names.set(sql, name);
    }
    return { name, text: sql, values };
  };
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
