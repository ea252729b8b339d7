import { addDays, buenosAiresDateOf } from '@echeq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/platform/clock';
import type { Db, Queryable } from '../../src/platform/db/db';
import { build, type TestServer } from '../helpers';
import { actors, arsAccount, company, copyOf } from './support';

/**
 * The round trips of one lifecycle operation (issue 22, decision 041): every statement the server sends while it
 * answers, counted by a handle that writes them down (BEGIN and COMMIT of each transaction counted apart). The
 * figures are ceilings: a change that adds a round trip to the common case fails here.
 */
const log: string[] = [];
let transactions = 0;
function counting(inner: Db): Db {
  const wrap = (q: Queryable): Queryable => ({
    query(sql, params) {
      log.push(sql);
      return q.query(sql, params);
    },
    exec: (sql) => q.exec(sql),
  });
  return {
    ...inner,
    ...wrap(inner),
    transaction: (fn) => {
      transactions++;
      return inner.transaction((tx) => fn(wrap(tx)));
    },
    listen: (channel, onEvent) => inner.listen(channel, onEvent),
    close: () => inner.close(),
    poolStats: () => inner.poolStats(),
  };
}

let s: TestServer;
const as = actors(() => s);
const PAYMENT = addDays(buenosAiresDateOf(new Date()), 20);

beforeAll(async () => {
  s = await build({ clock: systemClock, wrapDb: counting });
  await as.login();
});
afterAll(() => s?.close());

async function counted<T>(run: () => Promise<T>) {
  log.length = 0;
  transactions = 0;
  const result = await run();
  return { result, statements: log.length, transactions, sql: [...log] };
}

describe('round trips per operation', () => {
  it('issue and accept read nothing the process already knows', async () => {
    const norte = await company(s, 'Distribuidora Norte S.A.');
    const body = {
      account_id: await arsAccount(s, as.token('empresa')),
      beneficiary_cuit: norte.cuit,
      amount: 1000,
      tipo: 'DIFERIDO',
      caracter: 'A_LA_ORDEN',
      concepto: 'FAC',
      payment_date: PAYMENT,
    };
    // A first operation of each bank fills what a process keeps (bank codes, configurations): measured after it.
    await as.post('empresa', '/echeqs/issue', body);
    const issue = await counted(() => as.post('empresa', '/echeqs/issue', body));
    expect(issue.result.status, JSON.stringify(issue.result.body)).toBe(201);
    const chequeId = issue.result.body.data.cheque_id as string;
    const norteCopy = await copyOf(s, 'Distribuidora Norte S.A.', chequeId);
    const accept = await counted(() => as.post('norte', `/echeqs/${norteCopy}/accept`));
    expect(accept.result.status, JSON.stringify(accept.result.body)).toBe(200);
    // Before the directory cache, the remembered cursor and the bank read by code: 14 statements more each.
    expect(issue.statements, issue.sql.join('\n')).toBeLessThanOrEqual(26);
    expect(accept.statements, accept.sql.join('\n')).toBeLessThanOrEqual(24);
    expect(accept.transactions).toBeLessThanOrEqual(4);
    // None of the directory's reads is left in the common case: configuration, sandbox banks, clients to adhere.
    for (const sql of [...issue.sql, ...accept.sql]) {
      expect(sql).not.toMatch(/coelsa_configs c left join|registry_adhered_at is null|from tenants t join/);
    }
  });
});
