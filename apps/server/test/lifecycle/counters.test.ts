import { TRAYS } from '@echeq/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/db/migrations';
import {
  registryAdhere,
  registryAutoDeposit,
  registryEventsAfter,
  registryExpire,
  registryPayAtCutoff,
  registryPresentDeposited,
} from '../../src/modules/clearing/registry';
import { awaitingJob, type RegistryLink, runInbox } from '../../src/modules/lifecycle';
import { presentedTotals, trayCounts } from '../../src/modules/lifecycle/lifecycle.counts';
import { fixedClock } from '../../src/platform/clock';
import type { Db, Queryable } from '../../src/platform/db/db';
import { runJobOnce } from '../../src/platform/jobs';
import { freshDb } from '../helpers';
import {
  at,
  BENEF,
  ctx,
  EMPRESA,
  ISSUED,
  issue,
  NORTE,
  NORTE_BANK,
  nextNumber,
  ok,
  operate,
  PAYMENT,
  PLATFORM_BANK,
} from '../registry/fixtures';

/**
 * The lifecycle's counters (migration 0028, decision 040) against a fresh count of the rows, after every kind of
 * change: the inbox applying events that move copies between trays and in and out of the paying bank's queue, the
 * awaiting pass, soft and hard deletes, `insert … on conflict`, statements that touch many rows, rolled-back
 * transactions and random sequences of all of them.
 */
let db: Db;
let drop: () => Promise<void>;
let bankA: string; // EMPRESA's and BENEF's bank (285: EMPRESA's cheques are drawn on it)
let bankB: string; // NORTE's bank (319)
const clock = fixedClock(new Date(at('2026-04-02')));

const linkOn = (q: Db): RegistryLink => ({
  banks: async () => [bankA, bankB],
  issue: async () => null,
  operate: async () => null,
  events: async (_tenant, query) => {
    const events = await q.transaction((tx) => registryEventsAfter(tx, query));
    return { events, cursor: events.at(-1)?.id ?? query.cursor };
  },
  adhere: (_tenant, req) => q.transaction((tx) => registryAdhere(tx, req, clock.now().toISOString())),
});

async function bank(code: string, companies: [string, string][]): Promise<string> {
  const t = await db.query<{ id: string }>(
    `insert into tenants (nombre, codigo, cuit, tipo) values ($1, $1, '30500010912', 'BANCO') returning id`,
    [`Banco ${code} ${Math.random().toString(36).slice(2, 8)}`],
  );
  const id = t.rows[0]!.id;
  await db.query('insert into account_banks (tenant_id, bank_code) values ($1, $2)', [id, code]);
  for (const [cuit, name] of companies) {
    await db.query('insert into companies (tenant_id, name, cuit) values ($1, $2, $3)', [id, name, cuit]);
  }
  return id;
}

const inboxes = async () => {
  await runInbox({ db, clock }, linkOn(db), bankA);
  await runInbox({ db, clock }, linkOn(db), bankB);
};

/** The trays' count as the trays counted it before the counters: one grouped statement on the company's copies. */
const TRAYS_TODAY = `select e.company_id, e.tray, count(*)::int as total, count(*) filter (where e.awaiting)::int as pending
  from echeqs e where e.cheque_id is not null and e.deleted_at is null and e.tray is not null group by 1, 2`;
/** The queue's totals as the queue summed them, for every bank and drawee bank code at once. */
const QUEUE_TODAY = `select e.tenant_id, e.registry -> 'issuer' ->> 'bank_code' as bank_code, btrim(e.currency) as currency,
    count(*)::int as count, sum(e.amount)::text as amount
  from echeqs e where e.state = 'PRESENTADO' and e.bank_copy and e.cheque_id is not null and e.deleted_at is null
    and (e.registry -> 'issuer' ->> 'bank_code') is not null
  group by 1, 2, 3`;

/**
 * Every counter row equals the fresh count, and every fresh count has its counter (zero rows aside): the
 * mismatches of a full join, expected none. Answers how many keys the fresh counts have (a test that compared
 * nothing would prove nothing).
 */
async function expectCounted(q: Queryable, label = ''): Promise<{ trays: number; queues: number }> {
  const trays = await q.query(
    `select f.company_id as fresh_company, c.company_id as kept_company, coalesce(f.tray, c.tray) as tray,
            f.total as fresh_total, c.total::int as kept_total, f.pending as fresh_pending, c.pending::int as kept_pending
     from (${TRAYS_TODAY}) f
     full join (select * from lifecycle_tray_counters where total <> 0 or pending <> 0) c
       on c.company_id = f.company_id and c.tray = f.tray
     where f.total is distinct from c.total::int or f.pending is distinct from c.pending::int`,
  );
  expect(trays.rows, `tray counters ${label}`).toEqual([]);
  const queues = await q.query(
    `select f.tenant_id as fresh_tenant, c.tenant_id as kept_tenant, coalesce(f.bank_code, c.bank_code) as bank_code,
            coalesce(f.currency, btrim(c.currency)) as currency, f.count as fresh_count, c.count::int as kept_count,
            f.amount as fresh_amount, c.amount::text as kept_amount
     from (${QUEUE_TODAY}) f
     full join (select * from lifecycle_presented_counters where count <> 0 or amount <> 0) c
       on c.tenant_id = f.tenant_id and c.bank_code = f.bank_code and btrim(c.currency) = f.currency
     where f.count is distinct from c.count::int or f.amount::numeric is distinct from c.amount`,
  );
  expect(queues.rows, `queue counters ${label}`).toEqual([]);
  const n = await q.query<{ trays: number; queues: number }>(
    `select (select count(*)::int from (${TRAYS_TODAY}) t) as trays, (select count(*)::int from (${QUEUE_TODAY}) x) as queues`,
  );
  return n.rows[0]!;
}

/** The readers answer what the statements they replace answered, for every company and every bank and code. */
async function expectReadersAnswerTheRows(q: Queryable) {
  const companies = await q.query<{ id: string }>('select id from companies');
  const fresh = await q.query<{ company_id: string; tray: string; total: number; pending: number }>(TRAYS_TODAY);
  for (const c of companies.rows) {
    const expected = Object.fromEntries(TRAYS.map((t) => [t, { total: 0, pending: 0 }]));
    for (const row of fresh.rows.filter((r) => r.company_id === c.id))
      expected[row.tray] = { total: row.total, pending: row.pending };
    expect(await trayCounts(q, c.id)).toEqual(expected);
  }
  const queues = await q.query<{
    tenant_id: string;
    bank_code: string;
    currency: string;
    count: number;
    amount: string;
  }>(`${QUEUE_TODAY} order by 1, 2, 3`);
  const keys = new Set(queues.rows.map((r) => `${r.tenant_id} ${r.bank_code}`));
  for (const key of keys) {
    const [tenantId, code] = key.split(' ') as [string, string];
    expect(await presentedTotals(q, tenantId, code)).toEqual(
      queues.rows
        .filter((r) => r.tenant_id === tenantId && r.bank_code === code)
        .map((r) => ({ currency: r.currency, count: r.count, amount: Number(r.amount) })),
    );
  }
}

beforeAll(async () => {
  ({ db, drop } = await freshDb());
  bankA = await bank(PLATFORM_BANK, [
    [EMPRESA, 'Empresa S.A.'],
    [BENEF, 'Beneficiario S.A.'],
  ]);
  bankB = await bank(NORTE_BANK, [[NORTE, 'Norte S.A.']]);
});
afterAll(() => drop());

describe('the lifecycle counters', () => {
  it('hold the demo data as a fresh count does (kept by the triggers while it was seeded)', async () => {
    const n = await expectCounted(db, 'demo');
    expect(n.trays).toBeGreaterThan(5);
    expect(n.queues).toBeGreaterThan(1);
    await expectReadersAnswerTheRows(db);
  });

  it('follow every event that moves a copy between trays or through the queue, and the awaiting pass', async () => {
    const step = async (label: string) => {
      await inboxes();
      await expectCounted(db, label);
    };
    const issued = async (amount = 150_000.5) =>
      ok(await issue(db, { number: nextNumber(), issueDate: ISSUED, paymentDate: PAYMENT, amount })).cheque_id;
    const op = async (id: string, o: Parameters<typeof operate>[2], when: string) => ok(await operate(db, id, o, when));

    // Issued to NORTE: EMPRESA's emitidos, NORTE's recibidos (awaiting its acceptance).
    const paid = await issued(1000.01);
    const repudiated = await issued(2000.02);
    const annulled = await issued(3000.03);
    const endorsementRepudiated = await issued(4000.04);
    const endorsementAnnulled = await issued(5000.05);
    const rejected = await issued(6000.06);
    const autoDeposited = await issued(7000.07);
    const expired = await issued(8000.08);
    const leftPending = await issued(9000.09);
    await step('issued');

    for (const id of [paid, endorsementRepudiated, endorsementAnnulled, rejected, autoDeposited, expired]) {
      await op(id, { type: 'ACCEPT', caller: { cuit: NORTE } }, at('2026-04-02'));
    }
    await op(repudiated, { type: 'REPUDIATE', caller: { cuit: NORTE }, motivo: 'No corresponde' }, at('2026-04-02'));
    await op(annulled, { type: 'ANNUL', caller: { cuit: EMPRESA }, motivo: 'Error' }, at('2026-04-02'));
    await step('accepted, repudiated, annulled');

    for (const id of [paid, endorsementRepudiated, endorsementAnnulled]) {
      await op(id, { type: 'ENDORSE', caller: { cuit: NORTE }, endorsee_cuit: BENEF }, at('2026-04-03'));
    }
    await step('endorsed');
    await op(paid, { type: 'ACCEPT_ENDORSEMENT', caller: { cuit: BENEF } }, at('2026-04-04'));
    await op(
      endorsementRepudiated,
      { type: 'REPUDIATE_ENDORSEMENT', caller: { cuit: BENEF }, motivo: 'No' },
      at('2026-04-04'),
    );
    await op(endorsementAnnulled, { type: 'ANNUL_ENDORSEMENT', caller: { cuit: NORTE } }, at('2026-04-04'));
    await op(rejected, { type: 'CUSTODY', caller: { cuit: NORTE } }, at('2026-04-05'));
    await op(autoDeposited, { type: 'CUSTODY', caller: { cuit: NORTE } }, at('2026-04-05'));
    await step('endorsements answered, custody');
    await op(rejected, { type: 'RESCUE', caller: { cuit: NORTE } }, at('2026-04-06'));
    await step('rescued');

    // The payment date: the awaiting pass flips the copies whose deposit window opened.
    clock.set(at(PAYMENT, '09:00'));
    const opened = await runJobOnce(db, awaitingJob(), clock);
    expect((opened.result as { changed: number }).changed).toBeGreaterThan(0);
    await expectCounted(db, 'deposit window open');

    await op(paid, { type: 'DEPOSIT', caller: { cuit: BENEF } }, at(PAYMENT, '10:00'));
    await op(rejected, { type: 'DEPOSIT', caller: { cuit: NORTE } }, at(PAYMENT, '10:00'));
    await registryAutoDeposit(db, { at: at(PAYMENT, '10:05'), ctx });
    await step('deposited');
    await registryPresentDeposited(db, { at: at(PAYMENT, '10:10'), ctx });
    await step('presented');
    const queued = await db.query<{ n: number }>(
      `select count(*)::int as n from echeqs where cheque_id = any($1) and state = 'PRESENTADO' and bank_copy`,
      [[paid, rejected, autoDeposited]],
    );
    // Each presented cheque is in the queue counters of each bank that keeps a bank copy of it.
    expect(queued.rows[0]!.n).toBeGreaterThanOrEqual(3);

    await op(paid, { type: 'PAY', caller: { payingBank: true } }, at(PAYMENT, '15:00'));
    await op(
      rejected,
      { type: 'REJECT', caller: { payingBank: true }, motivo: 'Sin fondos suficientes' },
      at(PAYMENT, '15:00'),
    );
    await step('paid and rejected');
    await registryPayAtCutoff(db, { at: at(PAYMENT, '20:01'), ctx });
    await step('paid at the cut-off');

    // The day after: the acceptance window of what NORTE never accepted closes.
    clock.set(at('2026-05-21', '09:00'));
    const closed = await runJobOnce(db, awaitingJob(), clock);
    expect((closed.result as { changed: number }).changed).toBeGreaterThan(0);
    await expectCounted(db, 'acceptance window closed');

    // After the presentation window: what was never deposited expires.
    clock.set(at('2026-06-25', '09:00'));
    await registryExpire(db, { at: at('2026-06-25', '09:00'), ctx });
    await step('expired');
    await runJobOnce(db, awaitingJob(), clock);
    await expectCounted(db, 'awaiting after expiry');
    const states = await db.query<{ state: string }>(
      'select distinct state from echeqs where cheque_id = any($1) order by 1',
      [
        [
          paid,
          repudiated,
          annulled,
          endorsementRepudiated,
          endorsementAnnulled,
          rejected,
          autoDeposited,
          expired,
          leftPending,
        ],
      ],
    );
    expect(states.rows.map((r) => r.state)).toEqual(
      expect.arrayContaining(['ANULADO', 'CADUCADO', 'PAGADO', 'RECHAZADO', 'REPUDIADO']),
    );
    await expectReadersAnswerTheRows(db);
  });

  it('follow soft and hard deletes, moves of many rows at once and rolled-back transactions', async () => {
    const some = await db.query<{ id: string }>(
      `select id from echeqs where cheque_id is not null and tenant_id = any($1) order by id limit 6`,
      [[bankA, bankB]],
    );
    const ids = some.rows.map((r) => r.id);
    await db.query('update echeqs set deleted_at = now() where id = any($1)', [ids.slice(0, 3)]);
    await expectCounted(db, 'soft-deleted');
    await db.query('update echeqs set deleted_at = null where id = any($1)', [ids.slice(0, 2)]);
    await expectCounted(db, 'restored');
    await db.query(`update echeqs set tray = 'historial', awaiting = not awaiting where tenant_id = $1`, [bankB]);
    await expectCounted(db, 'moved at once');
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`update echeqs set tray = 'custodia', state = 'PRESENTADO' where tenant_id = $1`, [bankA]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expectCounted(db, 'rolled back');
    await db.query('delete from echeq_history where tenant_id = $1', [bankB]);
    await db.query(
      `delete from custody where echeq_id in (select id from echeqs where tenant_id = $1 and cheque_id is not null)`,
      [bankB],
    );
    await db.query(
      `delete from discounts where echeq_id in (select id from echeqs where tenant_id = $1 and cheque_id is not null)`,
      [bankB],
    );
    await db.query('delete from echeqs where tenant_id = $1 and cheque_id is not null', [bankB]);
    await expectCounted(db, 'hard-deleted');
  });

  it('equal a fresh count after random sequences of inserts, upserts, updates, deletes and rollbacks', async () => {
    const companies = (
      await db.query<{ id: string; tenant_id: string }>(
        'select id, tenant_id from companies where tenant_id = any($1) order by id',
        [[bankA, bankB]],
      )
    ).rows;
    let seq = 0;
    type Copy = {
      company: number;
      registry: boolean;
      tray: string | null;
      awaiting: boolean;
      state: string;
      bankCopy: boolean;
      currency: string;
      cents: number;
      code: string | null;
      deleted: boolean;
    };
    const copy: fc.Arbitrary<Copy> = fc.record({
      company: fc.nat({ max: companies.length - 1 }),
      registry: fc.boolean(),
      tray: fc.constantFrom<string | null>(...TRAYS, null),
      awaiting: fc.boolean(),
      state: fc.constantFrom<string>('PRESENTADO', 'ACTIVO', 'PAGADO'),
      bankCopy: fc.boolean(),
      currency: fc.constantFrom<string>('ARS', 'USD'),
      cents: fc.integer({ min: 1, max: 99_999_999_999 }),
      code: fc.constantFrom<string | null>('285', '319', null),
      deleted: fc.boolean(),
    });
    const change = fc.oneof(
      fc.record({ kind: fc.constant('insert' as const), rows: fc.array(copy, { minLength: 1, maxLength: 4 }) }),
      fc.record({ kind: fc.constant('upsert' as const), rows: fc.array(copy, { minLength: 1, maxLength: 3 }) }),
      fc.record({
        kind: fc.constant('update' as const),
        pick: fc.nat({ max: 7 }),
        set: fc.constantFrom(
          "tray = 'recibidos'",
          'tray = null',
          'awaiting = not awaiting',
          "state = 'PRESENTADO'",
          "state = 'PAGADO'",
          'bank_copy = not bank_copy',
          'deleted_at = case when deleted_at is null then now() end',
          "currency = case when currency = 'ARS' then 'USD' else 'ARS' end",
          'amount = amount + 0.01',
          `registry = jsonb_set(registry, '{issuer,bank_code}', '"319"')`,
          'syncing = not syncing',
        ),
        rollback: fc.boolean(),
      }),
      fc.record({ kind: fc.constant('delete' as const), pick: fc.nat({ max: 7 }) }),
    );
    const insertSql = (rows: Copy[], upsert: boolean) => {
      const values: unknown[] = [];
      const tuples = rows.map((r) => {
        const c = companies[r.company]!;
        seq += 1;
        const base = values.length;
        values.push(
          c.tenant_id,
          c.id,
          `P${process.pid}-${seq}`,
          (r.cents / 100).toFixed(2),
          r.currency,
          r.registry ? 'REGISTRY' : 'MANUAL',
          r.registry ? `PROP-${process.pid}-${seq}` : null,
          r.registry ? r.state : null,
          r.registry ? JSON.stringify({ issuer: { bank_code: r.code } }) : null,
          r.tray,
          r.awaiting,
          r.bankCopy,
          r.deleted,
        );
        const $ = (i: number) => `$${base + i}`;
        return `(${$(1)}::uuid, ${$(2)}::uuid, ${$(3)}, ${$(4)}::numeric, ${$(5)}, '2026-04-01', '2026-05-20', 'Emisor',
          'Beneficiario', 'VALIDATED', ${$(6)}, ${$(7)}, ${$(8)}, ${$(9)}::jsonb, ${$(10)}, ${$(11)}, ${$(12)},
          case when ${$(13)}::boolean then now() end)`;
      });
      return {
        sql: `insert into echeqs (tenant_id, company_id, number, amount, currency, issue_date, due_date, issuer,
                beneficiary, validation_status, origin, cheque_id, state, registry, tray, awaiting, bank_copy, deleted_at)
              values ${tuples.join(', ')}
              ${upsert ? 'on conflict (company_id, cheque_id) where cheque_id is not null do nothing' : ''}`,
        values,
      };
    };
    const mine = async (pick: number) =>
      (
        await db.query<{ id: string }>(
          `select id from echeqs where number like $1 order by md5(id::text || $2) limit 3`,
          [`P${process.pid}-%`, String(pick)],
        )
      ).rows.map((r) => r.id);

    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 8 }), async (changes) => {
        for (const ch of changes) {
          if (ch.kind === 'insert' || ch.kind === 'upsert') {
            const { sql, values } = insertSql(ch.rows, ch.kind === 'upsert');
            await db.query(sql, values);
            if (ch.kind === 'upsert') {
              // The same rows again: every one conflicts and is updated (tray, awaiting, state rewritten).
              const again = await db.query<{ company_id: string; cheque_id: string }>(
                `select company_id, cheque_id from echeqs where cheque_id like $1 order by cheque_id desc limit 2`,
                [`PROP-${process.pid}-%`],
              );
              for (const row of again.rows) {
                await db.query(
                  `insert into echeqs (tenant_id, company_id, number, amount, issue_date, due_date, issuer, beneficiary,
                     origin, cheque_id, state, registry, tray, awaiting, bank_copy)
                   select tenant_id, company_id, number || 'b', amount, issue_date, due_date, issuer, beneficiary,
                     origin, cheque_id, 'PRESENTADO', registry, 'depositados', true, false
                   from echeqs where company_id = $1 and cheque_id = $2
                   on conflict (company_id, cheque_id) where cheque_id is not null
                     do update set tray = excluded.tray, awaiting = excluded.awaiting, state = excluded.state`,
                  [row.company_id, row.cheque_id],
                );
              }
            }
          } else if (ch.kind === 'update') {
            const ids = await mine(ch.pick);
            if (ch.rollback) {
              await db
                .transaction(async (tx) => {
                  await tx.query(`update echeqs set ${ch.set} where id = any($1)`, [ids]);
                  throw new Error('rollback');
                })
                .catch(() => undefined);
            } else {
              await db.query(`update echeqs set ${ch.set} where id = any($1)`, [ids]);
            }
          } else {
            await db.query('delete from echeqs where id = any($1)', [await mine(ch.pick)]);
          }
        }
        await expectCounted(db, JSON.stringify(changes));
      }),
      { numRuns: 25 },
    );
  });

  it("the migration's backfill counts the existing rows as the triggers kept them", async () => {
    const sql = MIGRATIONS.find((m) => m.id === '0028_lifecycle_counters')!.sql;
    // Its top-level `insert … select` statements (the function bodies, between $$, left out).
    const outside = sql.replace(/--[^\n]*/g, '').replace(/\$\$[\s\S]*?\$\$/g, "''");
    const backfill = [...outside.matchAll(/insert\s+into\s+lifecycle_\w+[\s\S]*?;/gi)].map((m) => m[0]);
    expect(backfill).toHaveLength(2);
    const kept = async () =>
      (await db.query('select * from lifecycle_tray_counters where total <> 0 order by 1, 2')).rows.concat(
        (await db.query('select * from lifecycle_presented_counters where count <> 0 order by 1, 2, 3')).rows,
      );
    const before = await kept();
    await db.transaction(async (tx) => {
      await tx.query('delete from lifecycle_tray_counters');
      await tx.query('delete from lifecycle_presented_counters');
      for (const s of backfill) await tx.query(s);
    });
    expect(await kept()).toEqual(before);
    await expectCounted(db, 'backfilled');
  });

  it('are emptied with the cheques', async () => {
    await db.query('truncate echeqs cascade');
    const left = await db.query<{ n: number }>(
      `select (select count(*)::int from lifecycle_tray_counters) + (select count(*)::int from lifecycle_presented_counters) as n`,
    );
    expect(left.rows[0]!.n).toBe(0);
  });
});
