import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RegistryContext,
  registryAutoDeposit,
  registryCheque,
  registryExpire,
  registryPayAtCutoff,
  registryPresentDeposited,
} from '../../src/modules/clearing/registry';
import type { Db } from '../../src/platform/db/db';
import { openPg } from '../../src/platform/db/pg';
import { freshDb, TEST_ENGINE } from '../helpers';
import {
  AS_REGISTRY,
  acceptedCheque,
  at,
  BENEF,
  ctx,
  ISSUED,
  issue,
  NORTE,
  nextNumber,
  ok,
  operate,
  PAYMENT,
} from './fixtures';

/** The registry's jobs with a moved clock: each is given the instant it runs for. */
let db: Db;
let drop: () => Promise<void>;
let url: string | null;
beforeAll(async () => {
  ({ db, drop, url } = await freshDb());
});
afterAll(() => drop());

const state = async (id: string) => (await registryCheque(db, id))!.state;

/** An accepted cheque deposited by NORTE at `when` (its payment date PAYMENT unless given). */
async function deposited(when: string, o: { amount?: number; paymentDate?: string } = {}) {
  const paymentDate = o.paymentDate ?? PAYMENT;
  const c = ok(await issue(db, { number: nextNumber(), issueDate: ISSUED, paymentDate, amount: o.amount }));
  ok(await operate(db, c.cheque_id, { type: 'ACCEPT', caller: { cuit: NORTE } }, at('2026-04-02')));
  return ok(await operate(db, c.cheque_id, { type: 'DEPOSIT', caller: { cuit: NORTE } }, when));
}

describe('registry jobs', () => {
  it('deposits a cheque in custody from its payment date, then presents it', async () => {
    const c = await acceptedCheque(db);
    ok(await operate(db, c.cheque_id, { type: 'CUSTODY', caller: { cuit: NORTE } }, at('2026-04-03')));
    const early = await registryAutoDeposit(db, { at: at('2026-05-19', '23:59'), ctx });
    expect(early.applied).not.toContain(c.cheque_id);
    expect(await state(c.cheque_id)).toBe('CUSTODIA');

    const due = await registryAutoDeposit(db, { at: at(PAYMENT, '00:30'), ctx });
    expect(due.applied).toContain(c.cheque_id);
    const stored = (await registryCheque(db, c.cheque_id))!;
    expect(stored.state).toBe('DEPOSITADO');
    expect(stored.deposit).toEqual({ at: at(PAYMENT, '00:30'), automatic: true, clearing_date: PAYMENT });
    expect((await registryAutoDeposit(db, { at: at(PAYMENT, '01:00'), ctx })).applied).not.toContain(c.cheque_id);

    const presented = await registryPresentDeposited(db, { at: at(PAYMENT, '00:31'), ctx });
    expect(presented.applied).toContain(c.cheque_id);
    expect(await state(c.cheque_id)).toBe('PRESENTADO');
  });

  it('at the cut-off of the clearing date, pays what the platform bank left unanswered, or rejects a test amount', async () => {
    const plain = await deposited(at(PAYMENT, '11:00'));
    const closed = await deposited(at(PAYMENT, '11:00'), { amount: 700.14 });
    // Deposited at 20:00 or later: its clearing date is the next business day.
    const late = await deposited(at(PAYMENT, '20:00'));
    expect(late.deposit!.clearing_date).toBe('2026-05-21');
    await registryPresentDeposited(db, { at: at(PAYMENT, '20:01'), ctx });
    for (const c of [plain, closed, late]) expect(await state(c.cheque_id)).toBe('PRESENTADO');

    const mine = (ids: string[]) => ids.filter((id) => [plain, closed, late].some((c) => c.cheque_id === id)).sort();
    const before = await registryPayAtCutoff(db, { at: at(PAYMENT, '19:59'), ctx });
    expect(mine(before.applied)).toEqual([]);
    const cut = await registryPayAtCutoff(db, { at: at(PAYMENT, '20:00'), ctx });
    expect(mine(cut.applied)).toEqual([plain.cheque_id, closed.cheque_id].sort());
    expect(await state(plain.cheque_id)).toBe('PAGADO');
    const rejected = (await registryCheque(db, closed.cheque_id))!;
    expect(rejected.state).toBe('RECHAZADO');
    expect(rejected.rejection).toEqual({ motivo: 'Cuenta cerrada', at: at(PAYMENT, '20:00') });
    expect(await state(late.cheque_id)).toBe('PRESENTADO');

    expect(mine((await registryPayAtCutoff(db, { at: at('2026-05-21', '19:00'), ctx })).applied)).toEqual([]);
    expect(mine((await registryPayAtCutoff(db, { at: at('2026-05-21', '20:30'), ctx })).applied)).toEqual([
      late.cheque_id,
    ]);
    expect(await state(late.cheque_id)).toBe('PAGADO');
  });

  it('clears on the next business day of the calendar (weekend and holiday) and the calendar setting', async () => {
    // Friday 22/05/2026 after the cut-off: Saturday, Sunday and Monday 25/05 (a national holiday) are closed.
    const friday = await deposited(at('2026-05-22', '21:00'), { paymentDate: '2026-05-22' });
    expect(friday.deposit!.clearing_date).toBe('2026-05-26');
    // A platform setting that closes Tuesday too moves it to Wednesday.
    const c = ok(await issue(db, { number: nextNumber(), issueDate: ISSUED, paymentDate: '2026-05-22' }));
    ok(await operate(db, c.cheque_id, { type: 'ACCEPT', caller: { cuit: NORTE } }, at('2026-04-02')));
    const { bankCalendar } = await import('@echeq/contract');
    const closedTuesday: RegistryContext = { ...ctx, options: { calendar: bankCalendar({ add: ['2026-05-26'] }) } };
    const { registryOperate } = await import('../../src/modules/clearing/registry');
    const r = ok(
      await db.transaction((tx) =>
        registryOperate(
          tx,
          { key: `dep-${c.cheque_id}`, cheque_id: c.cheque_id, type: 'DEPOSIT', caller: { cuit: NORTE } },
          at('2026-05-22', '21:00'),
          closedTuesday,
          AS_REGISTRY,
        ),
      ),
    );
    expect(r.deposit!.clearing_date).toBe('2026-05-27');
  });

  it('expires what was not deposited by payment date + N, N a parameter', async () => {
    const pending = ok(await issue(db, { number: nextNumber(), issueDate: ISSUED, paymentDate: PAYMENT }));
    const endorsing = await acceptedCheque(db);
    ok(
      await operate(
        db,
        endorsing.cheque_id,
        { type: 'ENDORSE', caller: { cuit: NORTE }, endorsee_cuit: BENEF },
        at('2026-04-03'),
      ),
    );
    const lastDay = await registryExpire(db, { at: at('2026-06-19', '23:59'), ctx });
    expect(lastDay.applied).not.toContain(pending.cheque_id);
    const after = await registryExpire(db, { at: at('2026-06-20', '00:01'), ctx });
    expect(after.applied).toEqual(expect.arrayContaining([pending.cheque_id, endorsing.cheque_id]));
    expect(await state(pending.cheque_id)).toBe('CADUCADO');
    const expired = (await registryCheque(db, endorsing.cheque_id))!;
    expect(expired.state).toBe('CADUCADO');
    expect(expired.endorsements.at(-1)!.status).toBe('EXPIRED');

    const short = ok(await issue(db, { number: nextNumber(), issueDate: ISSUED, paymentDate: PAYMENT }));
    const tenDays: RegistryContext = { ...ctx, options: { presentationDays: 10 } };
    expect((await registryExpire(db, { at: at('2026-05-30'), ctx: tenDays })).applied).not.toContain(short.cheque_id);
    expect((await registryExpire(db, { at: at('2026-05-31'), ctx: tenDays })).applied).toContain(short.cheque_id);
  });

  it('two processes running one job change each cheque once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      ids.push(ok(await issue(db, { number: nextNumber(), issueDate: ISSUED, paymentDate: '2026-04-10' })).cheque_id);
    }
    const other = TEST_ENGINE === 'pg' && url ? await openPg(url) : db;
    try {
      const when = at('2026-06-01');
      const [a, b] = await Promise.all([
        registryExpire(db, { at: when, ctx }),
        registryExpire(other, { at: when, ctx }),
      ]);
      const applied = [...a.applied, ...b.applied].filter((id) => ids.includes(id));
      expect(applied.sort()).toEqual([...ids].sort());
      const events = await db.query<{ n: number }>(
        "select count(*)::int as n from registry_events where operation = 'EXPIRE' and cheque_id = any($1::text[])",
        [ids],
      );
      expect(events.rows[0]!.n).toBe(ids.length);
    } finally {
      if (other !== db) await other.close();
    }
  });
});
