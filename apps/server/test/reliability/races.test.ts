/**
 * Races on the same records, ROUNDS rounds each: approve/approve, approve/cancel, release/release and
 * release/request-discount. On PostgreSQL the two calls of a round go to two server processes sharing the database;
 * on the embedded database to one server. Exactly one winner each time (the loser a 409), and the state, the audit
 * trail and the outbox agree with the winner.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../src/platform/db/db';
import { chequeInCustody } from '../discounts.fixtures';
import { build, type Res, TEST_ENGINE, type TestServer } from '../helpers';
import { addDays, oneWinner, today } from './support';

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
});
