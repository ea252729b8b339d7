import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buenosAiresDate } from '../src/platform/clock';
import type { Queryable } from '../src/platform/db/db';
import { addDays, auditActions, chequeInCustody, outboxOps } from './discounts.fixtures';
import { build, type Res, TEST_ENGINE, type TestServer } from './helpers';

const today = () => buenosAiresDate(new Date());

/** Exactly one winner among concurrent answers; every loser a 409. */
function oneWinner(results: Res[], ok = 200): Res {
  const winners = results.filter((r) => r.status === ok);
  const losers = results.filter((r) => r.status !== ok);
  expect(winners.length, JSON.stringify(results.map((r) => [r.status, r.body?.code]))).toBe(1);
  for (const l of losers) {
    expect(l.status, JSON.stringify(l.body)).toBe(409);
    expect(['INVALID_TRANSITION', 'CONFLICT']).toContain(l.body.code);
  }
  return winners[0]!;
}

/** Never a released custody with an open discount on its cheque. */
async function invariantHolds(db: Queryable): Promise<void> {
  const r = await db.query(
    `select d.id from discounts d join custody c on c.id = d.custody_id
     where d.status in ('PENDING', 'APPROVED') and c.status = 'RELEASED'`,
  );
  expect(r.rows).toEqual([]);
  const two = await db.query(
    `select echeq_id from discounts where status in ('PENDING', 'APPROVED') group by echeq_id having count(*) > 1`,
  );
  expect(two.rows).toEqual([]);
}

/**
 * The races, on one server and (PostgreSQL) on two server processes sharing the database: `servers` alternates the
 * calls between them.
 */
function races(title: string, setup: () => Promise<{ servers: TestServer[]; close: () => Promise<void> }>) {
  describe(title, () => {
    let servers: TestServer[];
    let close: () => Promise<void>;
    let s: TestServer;
    const tok: Record<string, string> = {};
    const on = (i: number) => servers[i % servers.length]!;

    beforeAll(async () => {
      ({ servers, close } = await setup());
      s = servers[0]!;
      tok.empresa = await s.login('emisor@empresa.example');
      tok.autorizante = await s.login('autorizante@empresa.example');
      tok.admin = await s.login('admin@banco.example');
    });
    afterAll(() => close());

    async function pending(requested = 50000) {
      const ch = await chequeInCustody(s.db, { amount: '100000.00', due: addDays(today(), 40) });
      const r = await s.req('POST', '/api/discounts', {
        token: tok.empresa,
        body: { echeq_id: ch.echeqId, requested_amount: requested },
      });
      expect(r.status).toBe(200);
      return { ...ch, id: r.body.data.id as string };
    }

    const release = (i: number, custodyId: string) =>
      on(i).req('PUT', `/api/echeqs/custody/${custodyId}/release`, {
        token: tok.empresa,
        body: { reason: 'Devolución al cliente' },
      });

    it('50 concurrent approvals of one discount: exactly one 200, the others 409; audited and sent once', async () => {
      const d = await pending();
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => on(i).req('PUT', `/api/discounts/${d.id}/approve`, { token: tok.admin })),
      );
      const win = oneWinner(results);
      expect(win.body.data).toMatchObject({ status: 'APPROVED', days: 40, rate: 0.45, approved_amount: 47534.25 });
      expect(await auditActions(s.db, d.id)).toEqual(['discount.request', 'discount.approve']);
      expect(await outboxOps(s.db, d.id)).toEqual(['DISCOUNT_REQUEST', 'DISCOUNT_APPROVE']);
    });

    it('approve racing cancel: one wins, the other gets 409, the trail shows only the winner', async () => {
      for (let round = 0; round < 8; round++) {
        const d = await pending();
        const [a, c] = await Promise.all([
          on(round).req('PUT', `/api/discounts/${d.id}/approve`, { token: tok.admin }),
          on(round + 1).req('PUT', `/api/discounts/${d.id}/cancel`, { token: round % 2 ? tok.empresa : tok.admin }),
        ]);
        const win = oneWinner([a, c]);
        const final = (await s.req('GET', `/api/discounts/${d.id}`, { token: tok.admin })).body.data;
        expect(final.status).toBe(win.body.data.status);
        expect(await auditActions(s.db, d.id)).toEqual([
          'discount.request',
          win === a ? 'discount.approve' : 'discount.cancel',
        ]);
        expect((await outboxOps(s.db, d.id)).length).toBe(2);
      }
    });

    it('approve racing reject and complete racing cancel: one transition each', async () => {
      const d = await pending();
      const results = await Promise.all([
        on(0).req('PUT', `/api/discounts/${d.id}/approve`, { token: tok.admin }),
        on(1).req('PUT', `/api/discounts/${d.id}/reject`, {
          token: tok.admin,
          body: { rejection_reason: 'Rechazado por el administrador' },
        }),
        on(0).req('PUT', `/api/discounts/${d.id}/cancel`, { token: tok.empresa }),
        on(1).req('PUT', `/api/discounts/${d.id}/approve`, { token: tok.admin }),
      ]);
      oneWinner(results);
      expect((await auditActions(s.db, d.id)).length).toBe(2);
    });

    it('20 concurrent requests on one cheque: one discount, the others 409', async () => {
      const ch = await chequeInCustody(s.db, { amount: '100000.00', due: addDays(today(), 40) });
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          on(i).req('POST', '/api/discounts', {
            token: i % 2 ? tok.empresa : tok.autorizante,
            body: { echeq_id: ch.echeqId, requested_amount: 1000 + i },
          }),
        ),
      );
      oneWinner(results, 200);
      const rows = await s.db.query('select id from discounts where echeq_id = $1', [ch.echeqId]);
      expect(rows.rows).toHaveLength(1);
    });

    it('approve racing a release of the cheque’s custody: the approval wins, the release is refused', async () => {
      for (let round = 0; round < 4; round++) {
        const d = await pending();
        const [a, r] = await Promise.all([
          on(round).req('PUT', `/api/discounts/${d.id}/approve`, { token: tok.admin }),
          release(round + 1, d.custodyId),
        ]);
        expect(a.status).toBe(200);
        expect(r.status, JSON.stringify(r.body)).toBe(409);
        await invariantHolds(s.db);
      }
    });

    it('a request racing a release: exactly one of them happens', async () => {
      for (let round = 0; round < 8; round++) {
        const ch = await chequeInCustody(s.db, { amount: '100000.00', due: addDays(today(), 40) });
        const req = () =>
          on(round).req('POST', '/api/discounts', {
            token: tok.empresa,
            body: { echeq_id: ch.echeqId, requested_amount: 1000 },
          });
        const rel = () => release(round + 1, ch.custodyId);
        const [q, r] = round % 2 ? await Promise.all([req(), rel()]) : (await Promise.all([rel(), req()])).reverse();
        const ok = [q!.status === 200, r!.status === 200].filter(Boolean).length;
        expect(ok, JSON.stringify([q!.status, q!.body?.message, r!.status, r!.body?.message])).toBe(1);
        expect([q!.status, r!.status]).toContain(409);
        await invariantHolds(s.db);
      }
    });

    it('cancel racing a release: never a released custody with an open discount', async () => {
      for (let round = 0; round < 6; round++) {
        const d = await pending();
        const [c] = await Promise.all([
          on(round).req('PUT', `/api/discounts/${d.id}/cancel`, { token: tok.empresa }),
          release(round + 1, d.custodyId),
        ]);
        expect(c.status).toBe(200);
        await invariantHolds(s.db);
      }
    });
  });
}

races('discount races on one server', async () => {
  const s = await build();
  return { servers: [s], close: () => s.close() };
});

if (TEST_ENGINE === 'pg') {
  races('discount races across two server processes sharing one PostgreSQL', async () => {
    const a = await build();
    const b = await build({ sameDatabaseAs: a });
    return {
      servers: [a, b],
      close: async () => {
        await b.close();
        await a.close();
      },
    };
  });
}
