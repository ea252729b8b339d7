import { addDays, buenosAiresDateOf } from '@echeq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/platform/clock';
import { build, type TestServer } from '../helpers';
import { actors, arsAccount, company, copyOf, countingDb, issueBody, issueToNorte } from './support';

/**
 * The round trips of one lifecycle operation (issue 22, decision 041): every statement the server sends while it
 * answers, counted by a handle that writes them down (BEGIN and COMMIT of each transaction counted apart). The
 * figures are ceilings: a change that adds a round trip to the common case fails here.
 */
const { wrapDb, counted } = countingDb();

let s: TestServer;
const as = actors(() => s);
const PAYMENT = addDays(buenosAiresDateOf(new Date()), 20);

beforeAll(async () => {
  s = await build({ clock: systemClock, wrapDb });
  await as.login();
});
afterAll(() => s?.close());

describe('round trips per operation', () => {
  it('issue and accept read nothing the process already knows', async () => {
    const norte = await company(s, 'Distribuidora Norte S.A.');
    const body = issueBody({
      account_id: await arsAccount(s, as.token('empresa')),
      beneficiary_cuit: norte.cuit,
      payment_date: PAYMENT,
    });
    // A first operation of each bank fills what a process keeps (bank codes, configurations): measured after it.
    await as.post('empresa', '/echeqs/issue', body);
    const issue = await counted(() => as.post('empresa', '/echeqs/issue', body));
    expect(issue.result.status, JSON.stringify(issue.result.body)).toBe(201);
    const chequeId = issue.result.body.data.cheque_id as string;
    const norteCopy = await copyOf(s, 'Distribuidora Norte S.A.', chequeId);
    const accept = await counted(() => as.post('norte', `/echeqs/${norteCopy}/accept`));
    expect(accept.result.status, JSON.stringify(accept.result.body)).toBe(200);
    // Before the directory cache, the remembered cursor and the bank read by code: 14 statements more each. Before
    // the operation's own writes were one statement (accept) and the issue's number took the account's lock: 2 more.
    // Before the inbox's pass was batched: 4 more; before the banks of a CUIT came from the directory: 1 more (and
    // the sandbox registry's look-up of the beneficiary, 1 more on an issue). Before the issue's number and records
    // were one statement: 1 more and a transaction (its BEGIN and COMMIT). Before each bank's inbox pass was one call
    // of its function (migration 0034): 2 more and a transaction each (two passes: the issuer’s bank and the
    // beneficiary’s); the transaction left is the registry’s.
    expect(issue.statements, issue.sql.join('\n')).toBeLessThanOrEqual(13);
    expect(issue.transactions).toBeLessThanOrEqual(1);
    expect(accept.statements, accept.sql.join('\n')).toBeLessThanOrEqual(13);
    expect(accept.transactions).toBeLessThanOrEqual(1);
    // None of the directory's reads is left in the common case: configuration, sandbox banks, clients to adhere, the
    // banks of the parties' CUITs and whether the sandbox's registry knows them.
    for (const sql of [...issue.sql, ...accept.sql]) {
      expect(sql).not.toMatch(/coelsa_configs c left join|registry_adhered_at is null|from tenants t join/);
      expect(sql).not.toMatch(/from companies where cuit = any|from companies co where co\.cuit/);
    }
  });

  it("a tray's page comes with every tray's counts, and the paying bank's queue with its totals, in one statement", async () => {
    await issueToNorte(s, as, { amount: 1002, payment_date: PAYMENT });
    // A first read fills what the process keeps (the session, the bank's code): measured after it.
    await as.get('norte', '/echeqs/trays/recibidos?limit=50');
    const tray = await counted(() => as.get('norte', '/echeqs/trays/recibidos?limit=50'));
    expect(tray.result.status).toBe(200);
    expect(tray.result.body.data.counts.recibidos.total).toBeGreaterThan(0);
    // Before the counts were a subquery of the page's statement: 2.
    expect(tray.statements, tray.sql.join('\n')).toBe(1);
    expect(tray.sql[0]).toMatch(/lifecycle_tray_counters/);
    await as.get('operador', '/echeqs/presented?limit=50');
    const queue = await counted(() => as.get('operador', '/echeqs/presented?limit=50'));
    expect(queue.result.status).toBe(200);
    expect(Array.isArray(queue.result.body.data.totals)).toBe(true);
    expect(queue.statements, queue.sql.join('\n')).toBe(1);
    expect(queue.sql[0]).toMatch(/lifecycle_presented_counters/);
  });

  it('an operation whose copy changed after it was read is checked again and sent once', async () => {
    const issue = await issueToNorte(s, as, { amount: 1001, payment_date: PAYMENT });
    const norteCopy = await copyOf(s, 'Distribuidora Norte S.A.', issue.body.data.cheque_id);
    // The first time the operation is sent, an event is applied to the copy just before (the inbox moves `version`).
    let sends = 0;
    const before = async (sql: string) => {
      if (!sql.includes('with copies as materialized') || sends++ > 0) return;
      await s.db.query('update echeqs set version = version + 1 where id = $1', [norteCopy]);
    };
    const accept = await counted(() => as.post('norte', `/echeqs/${norteCopy}/accept`), { before });
    expect(accept.result.status, JSON.stringify(accept.result.body)).toBe(200);
    expect(sends).toBe(2);
    const records = await s.db.query<{ outbox: number; audit: number }>(
      `select (select count(*)::int from clearing_outbox where operation = 'REGISTRY_OPERATE' and entity_id::text = $1)
                as outbox,
              (select count(*)::int from audit_log where action = 'echeq.accept' and entity_id::text = $1) as audit`,
      [norteCopy],
    );
    expect(records.rows[0]).toEqual({ outbox: 1, audit: 1 });
  });
});
