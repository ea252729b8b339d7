/**
 * Races on the same records, ROUNDS rounds each: approve/approve, approve/cancel, release/release,
 * release/request-discount, and those of the bank's cheque (issue 20): complete/release, approve/edit,
 * delete/request-discount, delete/register-the-same-number and validate/edit. On PostgreSQL the two calls of a round
 * go to two server processes sharing the database; on the embedded database to one server. Exactly one winner each
 * time (the loser a 409), and the state, the audit trail and the outbox agree with the winner.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../src/platform/db/db';
import { chequeInCustody } from '../discounts.fixtures';
import { build, type Res, TEST_ENGINE, type TestServer } from '../helpers';
import { addDays, custodyBody, oneWinner, today, uniqueNumber } from './support';

const ROUNDS = Number(process.env.RACE_ROUNDS ?? 20);

async function actions(db: Queryable, entityId: string): Promise<string[]> {
  const r = await db.query<{ action: string }>('select action from audit_log where entity_id = $1 order by id', [
    entityId,
  ]);
  return r.rows.map((x) => x.action);
}

async function operations(db: Queryable, entityId: string): Promise<string[]> {
  const r = await db.query<{ operation: string }>(
    'select operation from clearing_outbox where entity_id = $1 order by id',
    [entityId],
  );
  return r.rows.map((x) => x.operation);
}

/** Never a released custody with an open discount, never two open discounts on one cheque. */
async function invariants(db: Queryable): Promise<void> {
  const open = await db.query(
    `select d.id from discounts d join custody c on c.id = d.custody_id
     where d.status in ('PENDING', 'APPROVED') and c.status <> 'IN_CUSTODY'`,
  );
  expect(open.rows).toEqual([]);
  const two = await db.query(
    `select echeq_id from discounts where status in ('PENDING', 'APPROVED') group by echeq_id having count(*) > 1`,
  );
  expect(two.rows).toEqual([]);
}

describe(`races, ${ROUNDS} rounds each (${TEST_ENGINE === 'pg' ? 'two server processes, one PostgreSQL' : 'one server, embedded database'})`, () => {
  let servers: TestServer[];
  let s: TestServer;
  const tok: Record<string, string> = {};
  const tally: Record<string, number> = {};
  const on = (i: number) => servers[i % servers.length]!;

  beforeAll(async () => {
    s = await build();
    servers = TEST_ENGINE === 'pg' ? [s, await build({ sameDatabaseAs: s })] : [s];
    [tok.empresa, tok.autorizante, tok.admin] = await Promise.all([
      s.login('emisor@empresa.example'),
      s.login('autorizante@empresa.example'),
      s.login('admin@banco.example'),
    ]);
  });
  afterAll(async () => {
    console.info(`Races (${TEST_ENGINE}, ${servers.length} processes): ${JSON.stringify(tally)}`);
    for (const x of servers.slice(1)) await x.close();
    await s.close();
  });

  const count = (name: string) => {
    tally[name] = (tally[name] ?? 0) + 1;
  };

  async function pendingDiscount() {
    const ch = await chequeInCustody(s.db, { amount: '100000.00', due: addDays(today(), 40) });
    const r = await s.req('POST', '/api/discounts', {
      token: tok.empresa,
      body: { echeq_id: ch.echeqId, requested_amount: 25000 },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return { ...ch, discountId: r.body.data.id as string };
  }

  const release = (i: number, custodyId: string, token = tok.empresa) =>
    on(i).req('PUT', `/api/echeqs/custody/${custodyId}/release`, { token, body: { reason: 'Devolución' } });

  it('approve / approve: one approval, one audit record, one outbox record', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const d = await pendingDiscount();
      const results = await Promise.all(
        [0, 1].map((i) => on(round + i).req('PUT', `/api/discounts/${d.discountId}/approve`, { token: tok.admin })),
      );
      const win = oneWinner(results);
      expect(win.body.data.status).toBe('APPROVED');
      expect(await actions(s.db, d.discountId)).toEqual(['discount.request', 'discount.approve']);
      expect(await operations(s.db, d.discountId)).toEqual(['DISCOUNT_REQUEST', 'DISCOUNT_APPROVE']);
      count('approve/approve');
    }
  });

  it('approve / cancel: one of them, the final state is the winner’s', async () => {
    const wins = { approve: 0, cancel: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const d = await pendingDiscount();
      const calls = [
        () => on(round).req('PUT', `/api/discounts/${d.discountId}/approve`, { token: tok.admin }),
        () =>
          on(round + 1).req('PUT', `/api/discounts/${d.discountId}/cancel`, {
            token: round % 2 ? tok.empresa : tok.admin,
          }),
      ];
      const [a, c] =
        round % 2
          ? await Promise.all(calls.map((f) => f()))
          : ((await Promise.all([calls[1]!(), calls[0]!()])).reverse() as Res[]);
      const win = oneWinner([a!, c!]);
      const approved = win === a;
      wins[approved ? 'approve' : 'cancel']++;
      const row = await s.db.query<{ status: string }>('select status from discounts where id = $1', [d.discountId]);
      expect(row.rows[0]!.status).toBe(approved ? 'APPROVED' : 'CANCELLED');
      expect(await actions(s.db, d.discountId)).toEqual([
        'discount.request',
        approved ? 'discount.approve' : 'discount.cancel',
      ]);
      expect(await operations(s.db, d.discountId)).toEqual([
        'DISCOUNT_REQUEST',
        approved ? 'DISCOUNT_APPROVE' : 'DISCOUNT_CANCEL',
      ]);
      count('approve/cancel');
    }
    console.info(`approve/cancel winners: ${JSON.stringify(wins)}`);
  });

  it('release / release: one release, one audit record, one outbox record', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const ch = await chequeInCustody(s.db, { amount: '5000.00', due: addDays(today(), 30) });
      const results = await Promise.all([
        release(round, ch.custodyId),
        release(round + 1, ch.custodyId, round % 2 ? tok.autorizante : tok.admin),
      ]);
      const win = oneWinner(results);
      expect(win.body.data.status).toBe('RELEASED');
      expect(await actions(s.db, ch.custodyId)).toEqual(['custody.release']);
      expect(await operations(s.db, ch.custodyId)).toEqual(['CUSTODY_RELEASE']);
      count('release/release');
    }
  });

  it('release / request discount: exactly one happens, never a released custody with an open discount', async () => {
    const wins = { release: 0, request: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const ch = await chequeInCustody(s.db, { amount: '100000.00', due: addDays(today(), 40) });
      const request = () =>
        on(round).req('POST', '/api/discounts', {
          token: tok.empresa,
          body: { echeq_id: ch.echeqId, requested_amount: 1000 },
        });
      const rel = () => release(round + 1, ch.custodyId);
      const [q, r] =
        round % 2 ? await Promise.all([request(), rel()]) : (await Promise.all([rel(), request()])).reverse();
      const win = oneWinner([q!, r!]);
      wins[win === r ? 'release' : 'request']++;
      const custody = await s.db.query<{ status: string }>('select status from custody where id = $1', [ch.custodyId]);
      const discounts = await s.db.query<{ id: string; status: string }>(
        'select id, status from discounts where echeq_id = $1',
        [ch.echeqId],
      );
      if (win === r) {
        expect(custody.rows[0]!.status).toBe('RELEASED');
        expect(discounts.rows).toEqual([]);
        expect(await actions(s.db, ch.custodyId)).toEqual(['custody.release']);
      } else {
        expect(custody.rows[0]!.status).toBe('IN_CUSTODY');
        expect(discounts.rows).toHaveLength(1);
        expect(await actions(s.db, discounts.rows[0]!.id)).toEqual(['discount.request']);
        expect(await actions(s.db, ch.custodyId)).toEqual([]);
      }
      await invariants(s.db);
      count('release/request');
    }
    console.info(`release/request winners: ${JSON.stringify(wins)}`);
  });
  /** A discount approved (and, with `complete`, paid out) through the API on a cheque in custody. */
  async function approvedDiscount() {
    const d = await pendingDiscount();
    const a = await s.req('PUT', `/api/discounts/${d.discountId}/approve`, { token: tok.admin });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    return d;
  }

  it('complete / release: the bank’s payout wins, the custody stays with the bank', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const d = await approvedDiscount();
      const complete = () => on(round).req('PUT', `/api/discounts/${d.discountId}/complete`, { token: tok.admin });
      const rel = () => release(round + 1, d.custodyId, round % 2 ? tok.empresa : tok.admin);
      const [c, r] =
        round % 2 ? await Promise.all([complete(), rel()]) : (await Promise.all([rel(), complete()])).reverse();
      expect(oneWinner([c!, r!])).toBe(c);
      expect(r!.body.code).toBe('INVALID_TRANSITION');
      const custody = await s.db.query<{ status: string }>('select status from custody where id = $1', [d.custodyId]);
      expect(custody.rows[0]!.status).toBe('IN_CUSTODY');
      expect(await actions(s.db, d.custodyId)).toEqual([]);
      expect(await actions(s.db, d.discountId)).toEqual(['discount.request', 'discount.approve', 'discount.complete']);
      await invariants(s.db);
      count('complete/release');
    }
  });

  it('approve / edit of the cheque: the approval wins, the cheque keeps the face the bank priced', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const d = await pendingDiscount();
      const approve = () => on(round).req('PUT', `/api/discounts/${d.discountId}/approve`, { token: tok.admin });
      const edit = () =>
        on(round + 1).req('PUT', `/api/echeqs/${d.echeqId}`, {
          token: round % 2 ? tok.empresa : tok.admin,
          body: { amount: 30000 },
        });
      const [a, e] =
        round % 2 ? await Promise.all([approve(), edit()]) : (await Promise.all([edit(), approve()])).reverse();
      expect(oneWinner([a!, e!])).toBe(a);
      const row = await s.db.query<{ amount: string; discounted_at: unknown; version: number }>(
        'select amount, discounted_at, version from echeqs where id = $1',
        [d.echeqId],
      );
      expect(row.rows[0]).toMatchObject({ amount: '100000.00', version: 1 });
      expect(row.rows[0]!.discounted_at).not.toBeNull();
      expect(await actions(s.db, d.echeqId)).toEqual([]);
      count('approve/edit');
    }
  });

  it('delete / request discount: the request wins on a cheque in custody, nothing is half done', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const ch = await chequeInCustody(s.db, { amount: '100000.00', due: addDays(today(), 40) });
      const request = () =>
        on(round).req('POST', '/api/discounts', {
          token: tok.empresa,
          body: { echeq_id: ch.echeqId, requested_amount: 1000 },
        });
      const del = () => on(round + 1).req('DELETE', `/api/echeqs/${ch.echeqId}`, { token: tok.empresa });
      const [q, x] =
        round % 2 ? await Promise.all([request(), del()]) : (await Promise.all([del(), request()])).reverse();
      expect(oneWinner([q!, x!])).toBe(q);
      const row = await s.db.query<{ deleted_at: unknown }>('select deleted_at from echeqs where id = $1', [
        ch.echeqId,
      ]);
      expect(row.rows[0]!.deleted_at).toBeNull();
      expect(await actions(s.db, ch.echeqId)).toEqual([]);
      await invariants(s.db);
      count('delete/request');
    }
  });

  it('delete / register the same number: the deletion wins, the number is never registered twice', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const body = { ...custodyBody(), number: uniqueNumber('5') };
      const created = await s.req('POST', '/api/echeqs', { token: tok.empresa, body });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const del = () => on(round).req('DELETE', `/api/echeqs/${created.body.data.id}`, { token: tok.empresa });
      const again = () =>
        on(round + 1).req('POST', round % 2 ? '/api/echeqs' : '/api/echeqs/custody', {
          token: tok.autorizante,
          body,
        });
      const [x, a] = round % 2 ? await Promise.all([del(), again()]) : (await Promise.all([again(), del()])).reverse();
      expect(oneWinner([x!, a!])).toBe(x);
      expect(a!.body.code).toBe('DUPLICATE');
      const rows = await s.db.query('select id from echeqs where number = $1', [body.number]);
      expect(rows.rows).toHaveLength(1);
      count('delete/register');
    }
  });

  it('validate / edit: a cheque is VALIDATED only as the clearing house saw it', async () => {
    const outcomes: Record<string, number> = {};
    for (let round = 0; round < ROUNDS; round++) {
      const created = await s.req('POST', '/api/echeqs', {
        token: tok.empresa,
        body: { ...custodyBody(), number: uniqueNumber('6'), amount: 5000 },
      });
      const id = created.body.data.id as string;
      const validate = () => on(round).req('GET', `/api/echeqs/validate/${id}`, { token: tok.empresa });
      const edit = () => on(round + 1).req('PUT', `/api/echeqs/${id}`, { token: tok.admin, body: { amount: 4000 } });
      const [v, e] =
        round % 2 ? await Promise.all([validate(), edit()]) : (await Promise.all([edit(), validate()])).reverse();
      expect(e!.status, JSON.stringify(e!.body)).toBe(200);
      expect([200, 409], JSON.stringify(v!.body)).toContain(v!.status);
      const row = await s.db.query<{ amount: string; validation_status: string }>(
        'select amount, validation_status from echeqs where id = $1',
        [id],
      );
      expect(row.rows[0]!.amount).toBe('4000.00');
      if (row.rows[0]!.validation_status === 'VALIDATED') {
        // Validated after the edit: the clearing house was sent the new amount.
        expect(v!.status).toBe(200);
        expect(v!.body.data.echeq.amount).toBe(4000);
      } else {
        expect(row.rows[0]!.validation_status).toBe('PENDING');
      }
      const key = `${v!.status}/${row.rows[0]!.validation_status}`;
      outcomes[key] = (outcomes[key] ?? 0) + 1;
      count('validate/edit');
    }
    console.info(`validate/edit outcomes (validate status / final validation): ${JSON.stringify(outcomes)}`);
  });
});
