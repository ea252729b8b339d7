import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awaitingJob } from '../../src/modules/lifecycle';
import { INBOX_LOCK } from '../../src/modules/lifecycle/lifecycle.pass';
import { fixedClock } from '../../src/platform/clock';
import type { Db } from '../../src/platform/db/db';
import { runJobOnce } from '../../src/platform/jobs';
import { freshDb, TEST_ENGINE } from '../helpers';

/**
 * The tray counters (migration 0028, decision 040) under their two writers at once, on PostgreSQL (PGlite has one
 * connection): a bank's inbox writes its companies' counter rows statement by statement, in the events' order
 * (company B's tray, then company A's), while the awaiting pass writes the rows of many companies in one statement,
 * in key order (A's, then B's). Many rounds of both at once, with the inbox's second statement at varied delays:
 * no deadlock (seen as the inbox's transaction running twice: the database layer runs again a transaction
 * PostgreSQL aborted to break one), every round's work done, and the counters equal to a fresh count after them.
 */
const TODAY = '2031-01-15';
const clock = fixedClock(new Date(`${TODAY}T15:00:00.000Z`));
const ROUNDS = 24;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The copies the awaiting pass reads on TODAY: registry copies not deleted, not final, whose payment date came. */
const PASS_READS = `e.cheque_id is not null and e.deleted_at is null and e.tray is not null
  and e.payment_date <= '${TODAY}'::date and e.state not in ('PAGADO', 'ANULADO', 'REPUDIADO', 'CADUCADO', 'RECHAZADO')`;

type Pair = { inbox: string; pass: string };

describe.runIf(TEST_ENGINE === 'pg')('the tray counters with an inbox and the awaiting pass at once', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let bank = '';
  // In each of two companies of one bank, two copies in one tray: one the inbox moves, one the pass flips.
  let a: Pair;
  let b: Pair;
  let settled: boolean[] = [];

  const awaitingOf = async (ids: string[]) =>
    (
      await db.query<{ awaiting: boolean }>(
        'select e.awaiting from unnest($1::uuid[]) with ordinality as x(id, n) join echeqs e on e.id = x.id order by x.n',
        [ids],
      )
    ).rows.map((r) => r.awaiting);

  beforeAll(async () => {
    ({ db, drop } = await freshDb());
    // The pass settles every copy for TODAY first, so that afterwards it flips only what a round sets wrong.
    for (let more = true; more; ) {
      const run = await runJobOnce(db, awaitingJob(), clock);
      more = (run.result as { more: boolean }).more;
    }
    const groups = await db.query<{ tenant_id: string; company_id: string; ids: string[] }>(
      `select e.tenant_id, e.company_id, (array_agg(e.id order by e.id))[1:2]::text[] as ids
       from echeqs e where ${PASS_READS}
       group by e.tenant_id, e.company_id, e.tray having count(*) >= 2
       order by e.tenant_id, e.company_id`,
    );
    const byBank = new Map<string, { company_id: string; ids: string[] }[]>();
    for (const g of groups.rows) {
      const list = byBank.get(g.tenant_id) ?? [];
      if (!list.some((x) => x.company_id === g.company_id)) list.push(g);
      byBank.set(g.tenant_id, list);
    }
    const found = [...byBank.entries()].find(([, list]) => list.length >= 2);
    expect(found, 'a bank with two companies holding two copies in one tray that the pass reads').toBeDefined();
    const [tenant, [first, second]] = found as [string, { company_id: string; ids: string[] }[]];
    bank = tenant;
    // A's key sorts first: the pass's one statement writes A's counter row, then B's.
    a = { inbox: first!.ids[0]!, pass: first!.ids[1]! };
    b = { inbox: second!.ids[0]!, pass: second!.ids[1]! };
    settled = await awaitingOf([a.pass, b.pass, a.inbox, b.inbox]);
  }, 240_000);
  afterAll(() => drop?.());

  /**
   * Until another connection of the test's database waits for a lock (the pass, behind the inbox), or `ms` passed:
   * the inbox's next statement then comes while the pass holds whatever it took before waiting.
   */
  async function untilSomeoneWaits(ms: number): Promise<void> {
    for (const end = Date.now() + ms; Date.now() < end; await sleep(5)) {
      const r = await db.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
      );
      if (r.rows[0]!.n > 0) return;
    }
  }

  /**
   * A bank's inbox transaction: its lock, B's copy moved, a pause (`pause` ms, or until the pass waits behind it when
   * null), then A's copy moved; rolled back, as a batch that failed, so every round starts from the same rows.
   * Answers how many times it ran: the database layer runs a transaction again when PostgreSQL breaks a deadlock by
   * aborting it (40P01), so a deadlock shows as a second run, not as an error.
   */
  async function inbox(pause: number | null, started: () => void): Promise<number> {
    const undo = new Error('undo');
    let runs = 0;
    try {
      await db.transaction(async (tx) => {
        runs++;
        // A deadlock, if one forms, is found within 20 ms instead of PostgreSQL's default second, and this
        // transaction, the one that waits longest, is the one aborted.
        await tx.query(`set local deadlock_timeout = '20ms'`);
        await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [INBOX_LOCK, bank]);
        await tx.query('update echeqs set awaiting = not awaiting where id = $1', [b.inbox]);
        started();
        await (pause === null ? untilSomeoneWaits(2000) : sleep(pause));
        await tx.query('update echeqs set awaiting = not awaiting where id = $1', [a.inbox]);
        throw undo;
      });
    } catch (e) {
      if (e !== undo) throw e;
    }
    return runs;
  }

  it('never deadlock: the inbox runs once and the pass finishes, every round', async () => {
    const failures: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Both of the pass's copies set wrong for TODAY, so its one statement writes A's and B's counter rows.
      await db.query('update echeqs set awaiting = not awaiting where id = any($1::uuid[])', [[a.pass, b.pass]]);
      let started!: () => void;
      const inboxHolds = new Promise<void>((r) => {
        started = r;
      });
      // Every other round the inbox moves on once the pass waits for it; the others at a delay of 0 to 100 ms.
      const pause = round % 2 === 0 ? null : (round % 5) * 25;
      const results = await Promise.allSettled([
        inbox(pause, started),
        inboxHolds.then(() => sleep(round % 3)).then(() => runJobOnce(db, awaitingJob(), clock)),
      ]);
      for (const r of results) if (r.status === 'rejected') failures.push(`round ${round}: ${String(r.reason)}`);
      const [inboxRuns] = results;
      if (inboxRuns.status === 'fulfilled' && inboxRuns.value !== 1) {
        failures.push(`round ${round}: the inbox ran ${inboxRuns.value} times (a deadlock broken and retried)`);
      }
      // The pass put its two copies right again (the inbox's moves were rolled back).
      expect(await awaitingOf([a.pass, b.pass, a.inbox, b.inbox])).toEqual(settled);
    }
    expect(failures).toEqual([]);
    const fresh = await db.query<{ company_id: string; tray: string; total: number; pending: number }>(
      `select e.company_id, e.tray, count(*)::int as total, count(*) filter (where e.awaiting)::int as pending
       from echeqs e where e.cheque_id is not null and e.deleted_at is null and e.tray is not null
       group by 1, 2 order by 1, 2`,
    );
    const kept = await db.query<{ company_id: string; tray: string; total: number; pending: number }>(
      `select company_id, tray, total::int, pending::int from lifecycle_tray_counters
       where total <> 0 or pending <> 0 order by 1, 2`,
    );
    expect(kept.rows).toEqual(fresh.rows);
  }, 120_000);
});
