/**
 * Benchmark reference (only with BENCH_REFERENCE=1; `npm run bench`, docs/decisions on the benchmark).
 *
 * The benchmark compares every read endpoint with a bare route, in the same process, that runs the same SQL and
 * answers its rows as JSON: no authentication, validation, mapping or serialisation schema. To know "the same SQL",
 * a request carrying `x-bench-capture: <name>` records every statement it executes (text and parameters) under that
 * name, except the guard's session lookup; `GET /__bench/ref/<name>` then replays those statements with the driver
 * and answers `JSON.stringify` of all their rows. `GET /__bench/ping` runs `select 1` (the benchmark waits on it
 * for the server to be idle between runs); `GET /__bench/captured` lists what was recorded (for EXPLAIN ANALYZE).
 *
 * When the variable is not set nothing here is used: the app gets the database object as it is (no wrapper).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import type { Db, Queryable } from './db/db';

type Statement = { sql: string; params: readonly unknown[] | undefined };

/** The guard's per-request session lookup (platform/auth/authenticate.ts): the reference does not authenticate. */
const SESSION_LOOKUP = /\bfrom sessions s\b/;
const NAME = /^[\w.:#@-]{1,100}$/;

export type BenchCapture = {
  /** The database object to give the app: records statements while a capturing request runs. */
  db: Db;
  /** Registers the capture hook and the reference route (before the API routes). */
  register(app: FastifyInstance): void;
};

export function benchReferenceEnabled(env: Record<string, string | undefined> = process.env): boolean {
  return env.BENCH_REFERENCE === '1';
}

export function withBenchCapture(inner: Db): BenchCapture {
  const als = new AsyncLocalStorage<Statement[]>();
  const recorded = new Map<string, Statement[]>();

  const record = (sql: string, params: readonly unknown[] | undefined) => {
    const into = als.getStore();
    if (into && !SESSION_LOOKUP.test(sql)) into.push({ sql, params: params ? [...params] : undefined });
  };
  const wrap = (q: Queryable): Queryable => ({
    query(sql, params) {
      record(sql, params);
      return q.query(sql, params);
    },
    exec: (sql) => q.exec(sql),
  });

  const db: Db = {
    ...inner,
    ...wrap(inner),
    transaction: (fn) => inner.transaction((tx) => fn(wrap(tx))),
    close: () => inner.close(),
    poolStats: () => inner.poolStats(),
  };

  return {
    db,
    register(app) {
      app.addHook('onRequest', (req, _reply, done) => {
        const name = req.headers['x-bench-capture'];
        if (typeof name !== 'string' || !NAME.test(name)) return done();
        const statements: Statement[] = [];
        recorded.set(name, statements);
        als.run(statements, done);
      });

      app.get<{ Params: { name: string } }>('/__bench/ref/:name', { schema: { hide: true } }, async (req, reply) => {
        const statements = recorded.get(req.params.name);
        if (!statements) return reply.status(404).type('application/json').send('{"captured":false}');
        const rows: unknown[] = [];
        for (const s of statements) {
          const r = await inner.query(s.sql, s.params);
          for (const row of r.rows) rows.push(row);
        }
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(rows));
      });

      // One trivial statement through the same pool: answers fast only once the requests in flight are done.
      app.get('/__bench/ping', { schema: { hide: true } }, async (_req, reply) => {
        await inner.query('select 1');
        return reply.type('application/json').send('{"ok":true}');
      });

      app.get('/__bench/captured', { schema: { hide: true } }, async (_req, reply) =>
        reply
          .type('application/json; charset=utf-8')
          .send(
            JSON.stringify(
              Object.fromEntries(
                [...recorded].map(([name, list]) => [name, list.map((s) => ({ sql: s.sql, params: s.params }))]),
              ),
            ),
          ),
      );
    },
  };
}
