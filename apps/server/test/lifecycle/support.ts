import { randomUUID } from 'node:crypto';
import type { IssueBody } from '@echeq/contract';
import { expect } from 'vitest';
import { deliverOutboxOnce } from '../../src/modules/clearing';
import { portLink, registryRefused, runInbox } from '../../src/modules/lifecycle';
import type { Clock } from '../../src/platform/clock';
import type { Db, Queryable } from '../../src/platform/db/db';
import type { TestServer } from '../helpers';

/** The demo accounts the lifecycle tests act as. */
const WHO = {
  empresa: 'emisor@empresa.example',
  autorizante: 'autorizante@empresa.example',
  norte: 'tesoreria@norte.example',
  benef: 'beneficiario@beneficiario.example',
  operador: 'operador@banco.example',
  demoAdmin: 'admin@banco.example',
  norteAdmin: 'admin@banconorte.example',
  sur: 'empresa@sur.example',
  surAdmin: 'admin@bancosur.example',
  superadmin: 'superadmin@plataforma.example',
} as const;
export type Who = keyof typeof WHO;

/** A signed-in session per demo account, and the requests the tests send as them. */
export function actors(s: () => TestServer) {
  const tokens: Partial<Record<Who, string>> = {};
  const token = (as: Who) => tokens[as]!;
  return {
    async login() {
      for (const [k, email] of Object.entries(WHO)) tokens[k as Who] = await s().login(email);
    },
    token,
    post: (as: Who, path: string, body: unknown = {}, key?: string) =>
      s().req('POST', `/api${path}`, {
        token: token(as),
        body,
        ...(key ? { headers: { 'idempotency-key': key } } : {}),
      }),
    get: (as: Who, path: string) => s().req('GET', `/api${path}`, { token: token(as) }),
  };
}

export const company = async (s: TestServer, name: string) =>
  (
    await s.db.query<{ id: string; cuit: string; tenant_id: string }>(
      'select id, btrim(cuit) as cuit, tenant_id from companies where name = $1',
      [name],
    )
  ).rows[0]!;

/** The platform id of `companyName`'s copy of the registry cheque. */
export async function copyOf(s: TestServer, companyName: string, chequeId: string): Promise<string> {
  const r = await s.db.query<{ id: string }>(
    `select e.id from echeqs e join companies co on co.id = e.company_id where co.name = $1 and e.cheque_id = $2`,
    [companyName, chequeId],
  );
  return r.rows[0]!.id;
}

/**
 * The body of `POST /api/echeqs/issue` from `account_id` to `beneficiary_cuit`: a DIFERIDO cheque A_LA_ORDEN for an
 * invoice (FAC) of 1000 unless `fields` say otherwise (a DIFERIDO one needs its `payment_date`).
 */
export const issueBody = (
  fields: Pick<IssueBody, 'account_id' | 'beneficiary_cuit'> & Partial<IssueBody>,
): IssueBody => ({ amount: 1000, tipo: 'DIFERIDO', caracter: 'A_LA_ORDEN', concepto: 'FAC', ...fields });

/** The company's ARS account. */
export async function arsAccount(s: TestServer, token: string): Promise<string> {
  const accounts = await s.req('GET', '/api/accounts', { token });
  return (accounts.body.data as { id: string; currency: string }[]).find((a) => a.currency === 'ARS')!.id;
}

/** Empresa Demo issues a cheque from its ARS account to Distribuidora Norte (`fields` over issueBody's): the answer. */
export async function issueToNorte(
  s: TestServer,
  as: ReturnType<typeof actors>,
  fields: Partial<IssueBody> = {},
  key?: string,
) {
  const norte = await company(s, 'Distribuidora Norte S.A.');
  const body = issueBody({
    account_id: await arsAccount(s, as.token('empresa')),
    beneficiary_cuit: norte.cuit,
    ...fields,
  });
  return as.post('empresa', '/echeqs/issue', body, key);
}

/**
 * The sandbox registry stops answering: every registry operation fails inside its own transaction (as a database
 * error, which the port reports as an unreachable clearing house), until `up()`.
 */
export async function registryDown(s: TestServer): Promise<{ up: () => Promise<void> }> {
  const name = `registry_down_${randomUUID().replaceAll('-', '')}`;
  await s.db.query(
    `create function ${name}() returns trigger language plpgsql as $$ begin raise exception 'registro caído'; end $$`,
  );
  await s.db.query(
    `create trigger ${name} before insert on registry_operations for each row execute function ${name}()`,
  );
  return {
    async up() {
      await s.db.query(`drop trigger ${name} on registry_operations`);
      await s.db.query(`drop function ${name}()`);
    },
  };
}

/** What the jobs do after a delivery: the outbox sends what is due, then every sandbox bank's inbox runs. */
export async function runJobs(s: TestServer, clock: Clock) {
  const deps = { db: s.db, clock, config: s.config, onRegistryRefusal: registryRefused };
  const run = await deliverOutboxOnce(deps);
  expect(run.ran).toBe(true);
  const link = portLink(deps);
  for (const tenantId of await link.banks()) await runInbox(deps, link, tenantId);
  return run;
}

export async function auditCount(s: TestServer, action: string, key: string): Promise<number> {
  const r = await s.db.query<{ n: number }>(
    `select count(*)::int as n from audit_log where action = $1 and after->>'key' like $2`,
    [action, `%:${key}`],
  );
  return r.rows[0]!.n;
}

export async function historyOf(s: TestServer, tenantId: string, chequeId: string): Promise<string[]> {
  const r = await s.db.query<{ event: string }>(
    'select event from echeq_history where tenant_id = $1 and cheque_id = $2 order by event_id',
    [tenantId, chequeId],
  );
  return r.rows.map((h) => h.event);
}

/**
 * A handle that writes down every statement sent through it while `counted` runs (BEGIN and COMMIT of each
 * transaction counted apart, in `transactions`). `wrapDb` wraps the database a server or a job is given; `before`
 * runs before each statement counted (to change what another request would change between two of this one's, or to
 * make one fail as the database would).
 */
export function countingDb() {
  let log: { sql: string; inTransaction: boolean }[] | null = null;
  let transactions = 0;
  let before: ((sql: string) => Promise<void>) | null = null;
  const wrap = (q: Queryable, inTransaction: boolean): Queryable => ({
    async query(sql, params) {
      if (log) {
        log.push({ sql, inTransaction });
        await before?.(sql);
      }
      return q.query(sql, params);
    },
    exec: (sql) => q.exec(sql),
  });
  const wrapDb = (inner: Db): Db => ({
    ...inner,
    ...wrap(inner, false),
    transaction: (fn) => {
      if (log) transactions++;
      return inner.transaction((tx) => fn(wrap(tx, true)));
    },
    listen: (channel, onEvent) => inner.listen(channel, onEvent),
    close: () => inner.close(),
    poolStats: () => inner.poolStats(),
  });
  /** What `run` sent: its statements (those inside its transactions apart too), transactions and their SQL. */
  async function counted<T>(run: () => Promise<T>, opts: { before?: (sql: string) => Promise<void> } = {}) {
    const mine: { sql: string; inTransaction: boolean }[] = [];
    log = mine;
    transactions = 0;
    before = opts.before ?? null;
    try {
      const result = await run();
      const inTransactions = mine.filter((s) => s.inTransaction).length;
      return { result, statements: mine.length, inTransactions, transactions, sql: mine.map((s) => s.sql) };
    } finally {
      log = null;
      before = null;
    }
  }
  return { wrapDb, counted };
}
