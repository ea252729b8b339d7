import { randomUUID } from 'node:crypto';
import { addDays, buenosAiresDateOf, cmc7ForAccount } from '@echeq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegistryIssueRequest } from '../../src/modules/clearing';
import { systemClock } from '../../src/platform/clock';
import { build, type TestServer } from '../helpers';
import {
  actors,
  arsAccount,
  auditCount,
  company,
  copyOf,
  countingDb,
  historyOf,
  issueBody,
  issueToNorte,
  registryDown,
  runJobs,
  type Who,
} from './support';

/**
 * The lifecycle's operation routes around the edges (issue 22): who does not see a cheque, Idempotency-Key replays,
 * the registry not answering (202, then the outbox) and refusing late. On the real clock: the outbox's due times are
 * the database's.
 */
let s: TestServer;
const as = actors(() => s);
const { wrapDb, counted } = countingDb();
const PAYMENT = addDays(buenosAiresDateOf(new Date()), 20);
let norte: { id: string; cuit: string; tenant_id: string };
let demo: { id: string; cuit: string; tenant_id: string };
let benefCuit = '';

beforeAll(async () => {
  s = await build({ clock: systemClock, wrapDb });
  await as.login();
  norte = await company(s, 'Distribuidora Norte S.A.');
  demo = await company(s, 'Empresa Demo S.A.');
  benefCuit = (await company(s, 'Beneficiario Demo S.R.L.')).cuit;
});
afterAll(() => s?.close());

/** Empresa Demo issues a cheque to Distribuidora Norte (registry answering): its registry id. */
async function issued(amount = 1000, key?: string) {
  const r = await issueToNorte(s, as, { amount, payment_date: PAYMENT }, key);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r;
}

/** What an operation leaves besides the copies: outbox records, registry operations, audit records, history lines. */
const traces = async (chequeId: string) =>
  (
    await s.db.query(
      `select (select count(*)::int from clearing_outbox) as outbox,
              (select count(*)::int from registry_operations) as registry,
              (select count(*)::int from audit_log where action like 'echeq.%') as audit,
              (select count(*)::int from echeq_history where cheque_id = $1) as history`,
      [chequeId],
    )
  ).rows[0];

const copy = (chequeId: string) =>
  s.db
    .query<{ state: string; syncing: boolean; sync_error: string | null }>(
      'select state, syncing, sync_error from echeqs where company_id = $1 and cheque_id = $2',
      [norte.id, chequeId],
    )
    .then((r) => r.rows[0]!);

describe('a cheque id the caller does not see', () => {
  const ROUTES: [string, unknown][] = [
    ['accept', {}],
    ['repudiate', { motivo: 'No corresponde' }],
    ['annul', { motivo: 'Error' }],
    ['endorse', { endorsee_cuit: 'BENEF' }],
    ['endorsement/accept', {}],
    ['endorsement/repudiate', { motivo: 'No' }],
    ['endorsement/annul', {}],
    ['custody', {}],
    ['rescue', {}],
    ['deposit', {}],
    ['pay', {}],
    ['reject', { motivo: 'Sin fondos suficientes' }],
  ];

  it('is 404 on every operation, its history and its receipt, for another bank and another company of the bank', async () => {
    const chequeId = (await issued(321)).body.data.cheque_id;
    const empresaCopy = await copyOf(s, 'Empresa Demo S.A.', chequeId);
    const before = await s.db.query('select state, syncing, version from echeqs where cheque_id = $1 order by id', [
      chequeId,
    ]);
    const tracesBefore = await traces(chequeId);
    // Beneficiario Demo: same bank, another company; Norte: a party, but through its own bank's copy; Banco Sur.
    const outsiders: Who[] = ['benef', 'norte', 'norteAdmin', 'sur', 'surAdmin'];
    const problems: string[] = [];
    for (const who of outsiders) {
      for (const [path, body] of ROUTES) {
        const r = await as.post(
          who,
          `/echeqs/${empresaCopy}/${path}`,
          path === 'endorse' ? { endorsee_cuit: benefCuit } : body,
        );
        if (r.status !== 404) problems.push(`${who} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
      }
      for (const path of ['history', 'receipt.pdf']) {
        const r = await as.get(who, `/echeqs/${empresaCopy}/${path}`);
        if (r.status !== 404) problems.push(`${who} ${path}: ${r.status}`);
      }
    }
    expect(problems).toEqual([]);
    const after = await s.db.query('select state, syncing, version from echeqs where cheque_id = $1 order by id', [
      chequeId,
    ]);
    expect(after.rows).toEqual(before.rows);
    // Nothing was sent to the registry, queued, audited or heard.
    expect(await traces(chequeId)).toEqual(tracesBefore);
    // The cheque's own parties still see it.
    expect((await as.get('autorizante', `/echeqs/${empresaCopy}/history`)).status).toBe(200);
    expect((await as.get('demoAdmin', `/echeqs/${empresaCopy}/receipt.pdf`)).status).toBe(200);
  });
});

describe('an account the caller does not own', () => {
  it('is refused for an issue from another company’s account, and takes no number nor writes any record', async () => {
    const account = await arsAccount(s, as.token('empresa'));
    const state = async () =>
      (
        await s.db.query<{ next: string; outbox: number; audit: number }>(
          `select (select sum(next_number)::text from chequebooks where account_id = $1) as next,
                  (select count(*)::int from clearing_outbox where operation = 'REGISTRY_ISSUE') as outbox,
                  (select count(*)::int from audit_log where action = 'echeq.issue') as audit`,
          [account],
        )
      ).rows[0];
    const before = await state();
    // Norte: a company of another bank (404: the account is not its own); Beneficiario Demo, another company of Banco
    // Demo, has no right to issue at all (403).
    const refusals: Record<string, unknown> = {};
    for (const who of ['norte', 'benef'] as Who[]) {
      const r = await as.post(
        who,
        '/echeqs/issue',
        issueBody({ account_id: account, beneficiary_cuit: norte.cuit, payment_date: PAYMENT }),
      );
      refusals[who] = [r.status, r.body.code];
    }
    expect(refusals).toEqual({ norte: [404, 'NOT_FOUND'], benef: [403, 'FORBIDDEN'] });
    expect(await state()).toEqual(before);
  });
});

describe('Idempotency-Key', () => {
  it('an issue sent twice with one key answers the same and takes one number, one history line, one audit record', async () => {
    const key = randomUUID();
    const accounts = () => as.get('empresa', '/accounts');
    const next = async () =>
      ((await accounts()).body.data as { currency: string; chequebooks: { next: string | number }[] }[])
        .find((a) => a.currency === 'ARS')!
        .chequebooks.map((c) => String(c.next))
        .join();
    const numbersBefore = await next();
    const first = await issued(777.77, key);
    const second = await issued(777.77, key);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    const chequeId = first.body.data.cheque_id;
    const numbersAfter = await next();
    expect(numbersAfter).not.toBe(numbersBefore);
    const taken = await s.db.query<{ n: number }>(
      `select count(*)::int as n from registry_cheques where issuer_cuit = $1 and amount = 777.77`,
      [demo.cuit],
    );
    expect(taken.rows[0]!.n).toBe(1);
    expect(await historyOf(s, demo.tenant_id, chequeId)).toEqual(['ISSUE']);
    expect(await auditCount(s, 'echeq.issue', key)).toBe(1);
    // One number taken: the next issue gets the number right after this one.
    const later = await issued(1);
    expect(Number(later.body.data.number)).toBe(Number(first.body.data.number) + 1);
  });

  it('an operation sent twice with one key answers the same and applies once', async () => {
    const chequeId = (await issued(555)).body.data.cheque_id;
    const norteCopy = await copyOf(s, 'Distribuidora Norte S.A.', chequeId);
    const key = randomUUID();
    const first = await as.post('norte', `/echeqs/${norteCopy}/accept`, {}, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await as.post('norte', `/echeqs/${norteCopy}/accept`, {}, key);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await historyOf(s, norte.tenant_id, chequeId)).toEqual(['ISSUE', 'ACCEPT']);
    expect(await auditCount(s, 'echeq.accept', key)).toBe(1);
    // Without the key the second accept is a new request, and the state machine refuses it.
    expect((await as.post('norte', `/echeqs/${norteCopy}/accept`)).status).toBe(409);
  });

  it('the same key with another body or on another operation is 409 IDEMPOTENCY_MISMATCH and applies nothing', async () => {
    const chequeId = (await issued(556)).body.data.cheque_id;
    const norteCopy = await copyOf(s, 'Distribuidora Norte S.A.', chequeId);
    const key = randomUUID();
    const first = await as.post('norte', `/echeqs/${norteCopy}/repudiate`, { motivo: 'No corresponde' }, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.state).toBe('REPUDIADO');
    const tracesAfterFirst = await traces(chequeId);
    const otherBody = await as.post('norte', `/echeqs/${norteCopy}/repudiate`, { motivo: 'Monto erróneo' }, key);
    expect(otherBody.status).toBe(409);
    expect(otherBody.body).toMatchObject({
      success: false,
      code: 'IDEMPOTENCY_MISMATCH',
      message: 'La clave de idempotencia ya se usó con otro contenido',
    });
    const otherRoute = await as.post('norte', `/echeqs/${norteCopy}/accept`, {}, key);
    expect(otherRoute.status).toBe(409);
    expect(otherRoute.body.code).toBe('IDEMPOTENCY_MISMATCH');
    expect(await traces(chequeId)).toEqual(tracesAfterFirst);
    // The first body again is the first answer again.
    const again = await as.post('norte', `/echeqs/${norteCopy}/repudiate`, { motivo: 'No corresponde' }, key);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await historyOf(s, norte.tenant_id, chequeId)).toEqual(['ISSUE', 'REPUDIATE']);
    expect(await auditCount(s, 'echeq.repudiate', key)).toBe(1);
    expect(await copy(chequeId)).toMatchObject({ state: 'REPUDIADO', syncing: false });
  });

  it('an operation sent twice at once with one key applies once and both answer the same', async () => {
    const chequeId = (await issued(557)).body.data.cheque_id;
    const norteCopy = await copyOf(s, 'Distribuidora Norte S.A.', chequeId);
    const key = randomUUID();
    const [a, b] = await Promise.all([
      as.post('norte', `/echeqs/${norteCopy}/accept`, {}, key),
      as.post('norte', `/echeqs/${norteCopy}/accept`, {}, key),
    ]);
    expect([a.status, b.status], JSON.stringify([a.body, b.body])).toEqual([200, 200]);
    expect(b.body).toEqual(a.body);
    expect([a, b].filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(1);
    expect(await historyOf(s, norte.tenant_id, chequeId)).toEqual(['ISSUE', 'ACCEPT']);
    expect(await auditCount(s, 'echeq.accept', key)).toBe(1);
  });
});

describe('two operations of one bank on one cheque at once', () => {
  /** The outbox records and audit records an operation on the copy left. */
  const records = async (copyId: string) =>
    (
      await s.db.query<{ outbox: number; audit: string[] }>(
        `select (select count(*)::int from clearing_outbox
                 where operation = 'REGISTRY_OPERATE' and entity_id::text = $1) as outbox,
                (select coalesce(array_agg(action order by id), '{}') from audit_log
                 where entity = 'echeq' and entity_id::text = $1) as audit`,
        [copyId],
      )
    ).rows[0]!;

  it('one wins: one outbox record and one audit record, the winner’s; the other is refused', async () => {
    for (const amount of [611, 612, 613]) {
      const chequeId = (await issued(amount)).body.data.cheque_id;
      const norteCopy = await copyOf(s, 'Distribuidora Norte S.A.', chequeId);
      const [accept, repudiate] = await Promise.all([
        as.post('norte', `/echeqs/${norteCopy}/accept`),
        as.post('norte', `/echeqs/${norteCopy}/repudiate`, { motivo: 'No corresponde' }),
      ]);
      const answers = [accept, repudiate];
      expect(answers.map((r) => r.status).sort(), JSON.stringify(answers.map((r) => r.body))).toEqual([200, 409]);
      expect(answers.find((r) => r.status === 409)!.body.code).toBe('INVALID_TRANSITION');
      const winner = accept.status === 200 ? 'ACCEPT' : 'REPUDIATE';
      expect(await records(norteCopy)).toEqual({ outbox: 1, audit: [`echeq.${winner.toLowerCase()}`] });
      expect(await historyOf(s, norte.tenant_id, chequeId)).toEqual(['ISSUE', winner]);
      expect(await copy(chequeId)).toMatchObject({ syncing: false, sync_error: null });
    }
  });

  it('while the registry does not answer, the second finds the first syncing and sends nothing', async () => {
    const chequeId = (await issued(614)).body.data.cheque_id;
    const norteCopy = await copyOf(s, 'Distribuidora Norte S.A.', chequeId);
    const down = await registryDown(s);
    const answers = await Promise.all([
      as.post('norte', `/echeqs/${norteCopy}/accept`),
      as.post('norte', `/echeqs/${norteCopy}/repudiate`, { motivo: 'No corresponde' }),
    ]);
    await down.up();
    expect(answers.map((r) => r.status).sort(), JSON.stringify(answers.map((r) => r.body))).toEqual([202, 409]);
    expect(answers.find((r) => r.status === 409)!.body.message).toContain('se está actualizando');
    const winner = answers[0]!.status === 202 ? 'accept' : 'repudiate';
    expect(await records(norteCopy)).toEqual({ outbox: 1, audit: [`echeq.${winner}`] });
    await runJobs(s, systemClock);
    expect(await copy(chequeId)).toMatchObject({ syncing: false });
  });

  it('a deadlock with the inbox while it is marked sending counts as not sent: read again, sent once', async () => {
    const chequeId = (await issued(615)).body.data.cheque_id;
    const norteCopy = await copyOf(s, 'Distribuidora Norte S.A.', chequeId);
    // The first statement that marks the copies syncing and writes the records fails as PostgreSQL's deadlock
    // detector fails its victim (node-postgres's error, SQLSTATE 40P01): nothing it would write is written.
    let sends = 0;
    const before = async (sql: string) => {
      if (!sql.includes('pending_key = $5') || sends++ > 0) return;
      throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
    };
    const accept = await counted(() => as.post('norte', `/echeqs/${norteCopy}/accept`), { before });
    expect(accept.result.status, JSON.stringify(accept.result.body)).toBe(200);
    expect(sends).toBe(2);
    expect(await records(norteCopy)).toEqual({ outbox: 1, audit: ['echeq.accept'] });
    expect(await historyOf(s, norte.tenant_id, chequeId)).toEqual(['ISSUE', 'ACCEPT']);
    expect(await copy(chequeId)).toMatchObject({ state: 'ACTIVO', syncing: false, sync_error: null });
  });
});

describe('the registry not answering', () => {
  it('answers 202 syncing with no actions; the outbox delivers it and the state changes without another call', async () => {
    const chequeId = (await issued(202)).body.data.cheque_id;
    const norteCopy = await copyOf(s, 'Distribuidora Norte S.A.', chequeId);
    const down = await registryDown(s);
    const r = await as.post('norte', `/echeqs/${norteCopy}/accept`);
    await down.up();
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    expect(r.body.data).toMatchObject({ state: 'EMITIDO-PENDIENTE', syncing: true, actions: [] });
    const detail = await as.get('norte', `/echeqs/${norteCopy}`);
    expect(detail.body.data).toMatchObject({ syncing: true, actions: [] });
    // While it syncs, nothing else is sent.
    expect((await as.post('norte', `/echeqs/${norteCopy}/repudiate`, { motivo: 'No' })).status).toBe(409);

    const run = await runJobs(s, systemClock);
    expect(run.result?.delivered).toBeGreaterThanOrEqual(1);
    const now = await as.get('norte', `/echeqs/${norteCopy}`);
    expect(now.body.data).toMatchObject({ state: 'ACTIVO', syncing: false, sync_error: null });
    expect(now.body.data.actions).toEqual(expect.arrayContaining(['ENDORSE', 'CUSTODY']));
    expect(await historyOf(s, norte.tenant_id, chequeId)).toEqual(['ISSUE', 'ACCEPT']);
    // The issuer's bank heard it too.
    const empresaCopy = await copyOf(s, 'Empresa Demo S.A.', chequeId);
    expect((await as.get('empresa', `/echeqs/${empresaCopy}`)).body.data.state).toBe('ACTIVO');
  });

  it('an issue the registry did not answer is delivered later with the number it took, its CMC7 and audit record', async () => {
    const account = await arsAccount(s, as.token('empresa'));
    const body = issueBody({ account_id: account, beneficiary_cuit: norte.cuit, amount: 204, payment_date: PAYMENT });
    const down = await registryDown(s);
    const r = await as.post('empresa', '/echeqs/issue', body);
    await down.up();
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    const { rows } = await s.db.query<{ request: RegistryIssueRequest; number: string }>(
      `select o.payload->'request' as request, a.after->>'number' as number
       from clearing_outbox o join audit_log a on a.after->>'key' = o.payload->'request'->>'key'
       where o.operation = 'REGISTRY_ISSUE' and o.status = 'PENDING' and a.action = 'echeq.issue'`,
    );
    expect(rows).toHaveLength(1);
    const { request, number } = rows[0]!;
    // The statement put the number it took in the request's number, in its CMC7 line and in the audit record.
    expect(request.cheque.number).toMatch(/^\d{8}$/);
    expect(request.cheque.number).not.toBe('00000000');
    expect(number).toBe(request.cheque.number);
    const cbu = (await s.db.query<{ cbu: string }>('select cbu from current_accounts where id = $1', [account]))
      .rows[0]!.cbu;
    expect(request.cheque.cmc7).toBe(cmc7ForAccount({ cbu, postalCode: '1000', number }));

    await runJobs(s, systemClock);
    const made = await s.db.query<{ number: string; cmc7: string }>(
      `select cheque->>'number' as number, cheque->>'cmc7' as cmc7 from registry_cheques
       where cheque->'issuer'->>'cbu' = $1 and cheque->>'number' = $2`,
      [cbu, number],
    );
    expect(made.rows).toEqual([{ number, cmc7: request.cheque.cmc7 }]);
  });

  it('a refusal the outbox gets later clears syncing, keeps the reason and applies nothing', async () => {
    const chequeId = (await issued(203)).body.data.cheque_id;
    const norteCopy = await copyOf(s, 'Distribuidora Norte S.A.', chequeId);
    const down = await registryDown(s);
    const accept = await as.post('norte', `/echeqs/${norteCopy}/accept`);
    await down.up();
    expect(accept.status).toBe(202);
    // Meanwhile the issuer annuls it (its bank is not waiting on anything).
    const empresaCopy = await copyOf(s, 'Empresa Demo S.A.', chequeId);
    const annul = await as.post('empresa', `/echeqs/${empresaCopy}/annul`, { motivo: 'Emitido por error' });
    expect(annul.status, JSON.stringify(annul.body)).toBe(200);
    expect(await copy(chequeId)).toMatchObject({ state: 'ANULADO', syncing: true });

    await runJobs(s, systemClock);
    const after = await copy(chequeId);
    expect(after.syncing).toBe(false);
    expect(after.state).toBe('ANULADO');
    expect(after.sync_error).toMatch(/ANULADO|anulado/);
    const detail = await as.get('norte', `/echeqs/${norteCopy}`);
    expect(detail.body.data).toMatchObject({ state: 'ANULADO', syncing: false, sync_error: after.sync_error });
    expect(await historyOf(s, norte.tenant_id, chequeId)).toEqual(['ISSUE', 'ANNUL']);
    const events = await s.db.query<{ operation: string }>(
      'select operation from registry_events where cheque_id = $1 order by id',
      [chequeId],
    );
    expect(events.rows.map((e) => e.operation)).toEqual(['ISSUE', 'ANNUL']);
  });
});

describe('the registry acts for a bank’s company only once the bank told it the company is its client', () => {
  const adherent = async () =>
    (await s.db.query('select 1 from registry_adherents where cuit = $1 and bank_code = $2', [demo.cuit, '901'])).rows
      .length > 0;
  const forget = () =>
    s.db.query('delete from registry_adherents where cuit = $1 and bank_code = $2', [demo.cuit, '901']);
  const body = async () =>
    issueBody({
      account_id: await arsAccount(s, as.token('empresa')),
      beneficiary_cuit: norte.cuit,
      amount: 32109.87,
      payment_date: PAYMENT,
    });

  it('refuses a company its bank never adhered (403), and adheres a company new to it before its first issue', async () => {
    expect(await adherent()).toBe(true);
    // The registry forgot Empresa Demo while the bank still believes it told it: the registry refuses the issue.
    await forget();
    const refusal = await as.post('empresa', '/echeqs/issue', await body());
    expect(refusal.status, JSON.stringify(refusal.body)).toBe(403);
    expect(refusal.body).toMatchObject({ code: 'FORBIDDEN' });
    expect(refusal.body.message).toMatch(/no está adherida a ECHEQ a través del banco 901/);
    const none = await s.db.query('select 1 from registry_cheques where issuer_cuit = $1 and amount = 32109.87', [
      demo.cuit,
    ]);
    expect(none.rows).toEqual([]);
    // A company the bank has not told the registry of yet: adhered first, then issued.
    await s.db.query('update companies set registry_adhered_at = null where id = $1', [demo.id]);
    const issuedNow = await as.post('empresa', '/echeqs/issue', await body());
    expect(issuedNow.status, JSON.stringify(issuedNow.body)).toBe(201);
    expect(await adherent()).toBe(true);
  });
});
