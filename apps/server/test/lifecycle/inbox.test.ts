import { makeCuit } from '@echeq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registryAdhere, registryEventsAfter } from '../../src/modules/clearing/registry';
import { type RegistryLink, runInbox, runInboxPass } from '../../src/modules/lifecycle';
import { applyPass } from '../../src/modules/lifecycle/lifecycle.copies';
import { INBOX_LOCK } from '../../src/modules/lifecycle/lifecycle.pass';
import { fixedClock } from '../../src/platform/clock';
import type { Db } from '../../src/platform/db/db';
import { openPg } from '../../src/platform/db/pg';
import { freshDb, TEST_ENGINE } from '../helpers';
import {
  at,
  BENEF,
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
import { countingDb } from './support';

let db: Db;
let url: string | null;
let drop: () => Promise<void>;
let bankA: string; // EMPRESA's and BENEF's bank (285: EMPRESA's cheques are drawn on it)
let bankB: string; // NORTE's bank (319)
const clock = fixedClock(new Date(at('2026-04-02')));
/** The adhesions the link sent, by bank code. */
const adhesions: { bankCode: string; cuits: string[] }[] = [];

/** The registry as the port answers it (each call its own transaction), over database `q`. */
const linkOn = (q: Db): RegistryLink => ({
  banks: async () => [bankA, bankB],
  issue: async () => null,
  operate: async () => null,
  events: async (_tenant, query) => {
    const events = await q.transaction((tx) => registryEventsAfter(tx, query));
    return { events, cursor: events.at(-1)?.id ?? query.cursor };
  },
  adhere: async (_tenant, req) => {
    adhesions.push(req);
    return q.transaction((tx) => registryAdhere(tx, req, clock.now().toISOString()));
  },
});

async function bank(code: string, companies: [string, string][]): Promise<string> {
  const t = await db.query<{ id: string }>(
    `insert into tenants (nombre, codigo, cuit, tipo) values ($1, $1, '30500010912', 'BANCO') returning id`,
    [`Banco ${code} ${Math.random().toString(36).slice(2, 8)}`],
  );
  const id = t.rows[0]!.id;
  await db.query('insert into account_banks (tenant_id, bank_code) values ($1, $2)', [id, code]);
  for (const [cuit, name] of companies) await addCompany(id, cuit, name);
  return id;
}

const addCompany = (tenantId: string, cuit: string, name: string) =>
  db.query('insert into companies (tenant_id, name, cuit) values ($1, $2, $3)', [tenantId, name, cuit]);

/** The ids of the registry's events that concern a bank: naming one of `cuits` or drawn on `code`. */
const eventIdsOf = (code: string, cuits: string[]) =>
  db
    .query<{ id: string }>(
      `select id::text as id from registry_events where cuits && $1::text[] or bank_code = $2
       order by registry_events.id`,
      [cuits, code],
    )
    .then((r) => r.rows.map((x) => x.id));

/** The events the bank has heard (its history), by id. */
const heardBy = (tenantId: string) =>
  db
    .query<{ id: string }>('select distinct event_id::text as id from echeq_history where tenant_id = $1 order by 1', [
      tenantId,
    ])
    .then((r) => r.rows.map((x) => x.id).sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1)));

const copies = (tenantId: string, chequeId: string) =>
  db
    .query<Record<string, unknown>>(
      `select co.cuit, e.state, e.status, e.tray, e.awaiting, e.bank_copy, e.holder_cuit, e.endorsements,
              e.validation_status, e.origin, e.last_event::text
       from echeqs e join companies co on co.id = e.company_id
       where e.tenant_id = $1 and e.cheque_id = $2 order by co.cuit`,
      [tenantId, chequeId],
    )
    .then((r) => r.rows);

const history = (tenantId: string, chequeId: string) =>
  db
    .query<{ event: string; state: string }>(
      'select event, state from echeq_history where tenant_id = $1 and cheque_id = $2 order by event_id',
      [tenantId, chequeId],
    )
    .then((r) => r.rows.map((h) => `${h.event}:${h.state}`));

beforeAll(async () => {
  ({ db, url, drop } = await freshDb());
  bankA = await bank(PLATFORM_BANK, [
    [EMPRESA, 'Empresa S.A.'],
    [BENEF, 'Beneficiario S.A.'],
  ]);
  bankB = await bank(NORTE_BANK, [[NORTE, 'Norte S.A.']]);
});
afterAll(() => drop());

const deps = () => ({ db, clock });
const inboxes = async () => {
  await runInbox(deps(), linkOn(db), bankA);
  await runInbox(deps(), linkOn(db), bankB);
};

describe("each bank's inbox", () => {
  it('keeps one copy per client company that is a party, one bank copy per bank, and the history', async () => {
    const c = ok(await issue(db, { number: nextNumber(), issueDate: ISSUED, paymentDate: PAYMENT }));
    const id = c.cheque_id;
    await inboxes();
    expect(await copies(bankA, id)).toEqual([
      expect.objectContaining({ cuit: EMPRESA, state: 'EMITIDO-PENDIENTE', tray: 'emitidos', awaiting: false }),
    ]);
    expect(await copies(bankB, id)).toEqual([
      expect.objectContaining({ cuit: NORTE, tray: 'recibidos', awaiting: true, bank_copy: true, origin: 'REGISTRY' }),
    ]);
    ok(await operate(db, id, { type: 'ACCEPT', caller: { cuit: NORTE } }, at('2026-04-02')));
    ok(await operate(db, id, { type: 'ENDORSE', caller: { cuit: NORTE }, endorsee_cuit: BENEF }, at('2026-04-03')));
    await inboxes();
    const a = await copies(bankA, id);
    expect(a.map((r) => [r.cuit, r.tray, r.awaiting, r.bank_copy])).toEqual([
      [EMPRESA, 'emitidos', false, true],
      [BENEF, 'recibidos', true, false],
    ]);
    expect(a.every((r) => r.state === 'ACTIVO-PENDIENTE' && r.status === 'ACTIVE')).toBe(true);
    expect(a.every((r) => r.validation_status === 'VALIDATED')).toBe(true);
    ok(await operate(db, id, { type: 'ACCEPT_ENDORSEMENT', caller: { cuit: BENEF } }, at('2026-04-04')));
    await inboxes();
    expect((await copies(bankB, id))[0]).toMatchObject({ tray: 'endosados', holder_cuit: BENEF, endorsements: 1 });
    expect((await copies(bankA, id)).find((r) => r.cuit === BENEF)).toMatchObject({ holder_cuit: BENEF });
    // Both banks heard every event of the cheque (each has a party to it from the issue on).
    expect(await history(bankA, id)).toEqual([
      'ISSUE:EMITIDO-PENDIENTE',
      'ACCEPT:ACTIVO',
      'ENDORSE:ACTIVO-PENDIENTE',
      'ACCEPT_ENDORSEMENT:ACTIVO',
    ]);
    expect(await history(bankB, id)).toEqual(await history(bankA, id));
    // Nothing is applied twice.
    expect(await runInbox(deps(), linkOn(db), bankA)).toBe(0);
  });

  it('opens the custody record on CUSTODIA and releases it on RESCUE', async () => {
    const c = ok(await issue(db, { number: nextNumber(), issueDate: ISSUED, paymentDate: PAYMENT }));
    ok(await operate(db, c.cheque_id, { type: 'ACCEPT', caller: { cuit: NORTE } }, at('2026-04-02')));
    ok(await operate(db, c.cheque_id, { type: 'CUSTODY', caller: { cuit: NORTE } }, at('2026-04-05')));
    await inboxes();
    const custody = () =>
      db
        .query<{ status: string; company_id: string }>(
          `select cu.status, cu.company_id from custody cu join echeqs e on e.id = cu.echeq_id where e.cheque_id = $1`,
          [c.cheque_id],
        )
        .then((r) => r.rows);
    expect((await custody()).map((r) => r.status)).toEqual(['IN_CUSTODY']);
    expect((await copies(bankB, c.cheque_id))[0]).toMatchObject({ tray: 'custodia' });
    ok(await operate(db, c.cheque_id, { type: 'RESCUE', caller: { cuit: NORTE } }, at('2026-04-06')));
    await inboxes();
    expect((await custody()).map((r) => r.status)).toEqual(['RELEASED']);
  });

  it('applies every event exactly once when inboxes run at the same time (two pools on PostgreSQL)', async () => {
    for (let i = 0; i < 6; i++) {
      const c = ok(await issue(db, { number: nextNumber(), issueDate: ISSUED, paymentDate: PAYMENT }));
      ok(await operate(db, c.cheque_id, { type: 'ACCEPT', caller: { cuit: NORTE } }, at('2026-04-02')));
    }
    const other = TEST_ENGINE === 'pg' && url ? await openPg(url) : null;
    try {
      const second = other ?? db;
      const runs = await Promise.all([
        runInbox(deps(), linkOn(db), bankB),
        runInbox({ db: second, clock }, linkOn(second), bankB),
        runInbox(deps(), linkOn(db), bankB),
      ]);
      const heard = await db.query<{ n: string }>(
        `select count(*)::text as n from registry_events where $1 = any(cuits)`,
        [NORTE],
      );
      const applied = await db.query<{ n: string; d: string }>(
        'select count(*)::text as n, count(distinct event_id)::text as d from echeq_history where tenant_id = $1',
        [bankB],
      );
      expect(applied.rows[0]).toEqual({ n: heard.rows[0]!.n, d: heard.rows[0]!.n });
      expect(runs.reduce((s, n) => s + n, 0)).toBe(12);
      const cursor = await db.query<{ cursor: string }>(
        'select cursor::text from echeq_inbox_cursors where tenant_id = $1',
        [bankB],
      );
      const last = await db.query<{ id: string }>(
        'select max(id)::text as id from registry_events where $1 = any(cuits)',
        [NORTE],
      );
      expect(cursor.rows[0]!.cursor).toBe(last.rows[0]!.id);
    } finally {
      await other?.close();
    }
  });

  it('requests of one bank at once share passes: each event applied once, in two pulls rather than ten', async () => {
    await inboxes();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(ok(await issue(db, { number: nextNumber(), issueDate: ISSUED, paymentDate: PAYMENT })).cheque_id);
    }
    let pulls = 0;
    const base = linkOn(db);
    const counting: RegistryLink = {
      ...base,
      events: (t, q) => {
        pulls++;
        return base.events(t, q);
      },
    };
    const other = TEST_ENGINE === 'pg' && url ? await openPg(url) : null;
    try {
      const second = other ?? db;
      await Promise.all([
        ...Array.from({ length: 10 }, () => runInboxPass(deps(), counting, bankB)),
        // Another process's pass at the same time: the inbox lock and the cursor keep it exactly once.
        runInbox({ db: second, clock }, linkOn(second), bankB),
      ]);
      expect(pulls).toBeLessThanOrEqual(2);
      for (const id of ids) expect(await history(bankB, id)).toEqual(['ISSUE:EMITIDO-PENDIENTE']);
    } finally {
      await other?.close();
    }
  });

  it("a request's pass starts after it: what the registry committed before is applied when it settles", async () => {
    await inboxes();
    const base = linkOn(db);
    let open = () => {};
    const gate = new Promise<void>((r) => {
      open = r;
    });
    let entered = () => {};
    const inside = new Promise<void>((r) => {
      entered = r;
    });
    let first = true;
    const gated: RegistryLink = {
      ...base,
      events: async (t, q) => {
        const page = await base.events(t, q);
        if (first) {
          first = false;
          entered();
          await gate; // this pass pulled before the cheque below was issued
        }
        return page;
      },
    };
    const running = runInboxPass(deps(), gated, bankB);
    await inside;
    const c = ok(await issue(db, { number: nextNumber(), issueDate: ISSUED, paymentDate: PAYMENT }));
    const mine = runInboxPass(deps(), gated, bankB);
    open();
    await running;
    await mine;
    expect(await history(bankB, c.cheque_id)).toEqual(['ISSUE:EMITIDO-PENDIENTE']);
  });

  it("gets exactly the events of its clients' cheques and of those drawn on it, never another bank's", async () => {
    // A cheque between two companies of bank A, and one from bank A's company to bank B's.
    const inside = ok(
      await issue(db, { number: nextNumber(), issueDate: ISSUED, paymentDate: PAYMENT, beneficiary: BENEF }),
    );
    ok(await operate(db, inside.cheque_id, { type: 'ACCEPT', caller: { cuit: BENEF } }, at('2026-04-02')));
    const across = ok(await issue(db, { number: nextNumber(), issueDate: ISSUED, paymentDate: PAYMENT }));
    await inboxes();
    const pulled = async (code: string) =>
      (await registryEventsAfter(db, { cursor: 0, bankCode: code, limit: 5000 })).map((e) => e.id);
    expect(await pulled(PLATFORM_BANK)).toEqual(await eventIdsOf(PLATFORM_BANK, [EMPRESA, BENEF]));
    expect(await pulled(NORTE_BANK)).toEqual(await eventIdsOf(NORTE_BANK, [NORTE]));
    expect(await heardBy(bankA)).toEqual(await eventIdsOf(PLATFORM_BANK, [EMPRESA, BENEF]));
    expect(await heardBy(bankB)).toEqual(await eventIdsOf(NORTE_BANK, [NORTE]));
    // Bank B never hears of the cheque between bank A's companies, and keeps no copy of it.
    expect((await copies(bankA, inside.cheque_id)).map((r) => r.cuit)).toEqual([EMPRESA, BENEF].sort());
    expect(
      (await registryEventsAfter(db, { cursor: 0, bankCode: NORTE_BANK, limit: 5000 })).map((e) => e.cheque_id),
    ).not.toContain(inside.cheque_id);
    expect(await copies(bankB, inside.cheque_id)).toEqual([]);
    expect(await history(bankB, inside.cheque_id)).toEqual([]);
    expect(await copies(bankB, across.cheque_id)).toHaveLength(1);
  });

  it('adheres its new client companies before it pulls, once: a late company gets the events after the cursor', async () => {
    await inboxes();
    const late = makeCuit('30', '71100004'); // not yet bank B's client: off the platform, it accepts at once
    const c = ok(await issue(db, { number: nextNumber(), issueDate: ISSUED, paymentDate: PAYMENT, beneficiary: late }));
    expect(c.state).toBe('ACTIVO');
    await runInbox(deps(), linkOn(db), bankB);
    expect(await copies(bankB, c.cheque_id)).toEqual([]);
    // Bank B takes the company as its client: its next inbox run tells the registry, then hears the cheque.
    await addCompany(bankB, late, 'Tardía S.A.');
    adhesions.length = 0;
    expect(await runInbox(deps(), linkOn(db), bankB)).toBe(2);
    expect(adhesions).toEqual([{ bankCode: NORTE_BANK, cuits: [late] }]);
    expect(await copies(bankB, c.cheque_id)).toEqual([
      expect.objectContaining({ cuit: late, state: 'ACTIVO', holder_cuit: late }),
    ]);
    expect(await history(bankB, c.cheque_id)).toEqual(['ISSUE:EMITIDO-PENDIENTE', 'ACCEPT:ACTIVO']);
    const marked = await db.query<{ n: number }>(
      'select count(*)::int as n from companies where tenant_id = $1 and registry_adhered_at is null',
      [bankB],
    );
    expect(marked.rows[0]!.n).toBe(0);
    // Nothing left to adhere: the next runs send no adhesion.
    expect(await runInbox(deps(), linkOn(db), bankB)).toBe(0);
    expect(adhesions).toHaveLength(1);
    // Bank A hears the cheque as its paying bank and keeps only its own company's copy.
    await runInbox(deps(), linkOn(db), bankA);
    expect(
      (await registryEventsAfter(db, { cursor: 0, bankCode: PLATFORM_BANK, limit: 5000 })).map((e) => e.cheque_id),
    ).toContain(c.cheque_id); // drawn on bank A (EMPRESA's account)
    const aCopies = await copies(bankA, c.cheque_id);
    expect(aCopies.map((r) => r.cuit)).toEqual([EMPRESA]);
  });

  it('one pass applies several events of a cheque to two companies of the bank: one bank copy, syncing answered', async () => {
    const third = makeCuit('30', '71100006');
    await addCompany(bankA, third, 'Tercera S.A.');
    await inboxes(); // adheres it
    // Issued from one company of bank A to another and accepted: both new copies in one pass.
    const c = ok(
      await issue(db, { number: nextNumber(), issueDate: ISSUED, paymentDate: PAYMENT, beneficiary: BENEF }),
    );
    ok(await operate(db, c.cheque_id, { type: 'ACCEPT', caller: { cuit: BENEF } }, at('2026-04-02')));
    expect(await runInbox(deps(), linkOn(db), bankA)).toBe(2);
    const first = await copies(bankA, c.cheque_id);
    expect(first.map((r) => [r.cuit, r.state])).toEqual([EMPRESA, BENEF].sort().map((cuit) => [cuit, 'ACTIVO']));
    expect(first.filter((r) => r.bank_copy)).toHaveLength(1);
    // The beneficiary endorses to a third company of the bank, which the registry's directory does not know: it
    // accepts at once (a second event, with no key), both in one pass. The beneficiary's copy awaited its
    // endorsement (the older of the two events), the issuer's another operation.
    const endorseKey = `endorse-${c.cheque_id}`;
    await db.query(
      `update echeqs e set syncing = true, pending_key = case when co.cuit = $2 then $3 else 'otra' end
       from companies co where co.id = e.company_id and e.tenant_id = $1 and e.cheque_id = $4`,
      [bankA, BENEF, endorseKey, c.cheque_id],
    );
    ok(
      await operate(
        db,
        c.cheque_id,
        { type: 'ENDORSE', caller: { cuit: BENEF }, endorsee_cuit: third },
        at('2026-04-03'),
        endorseKey,
      ),
    );
    expect(await runInbox(deps(), linkOn(db), bankA)).toBe(2);
    const rows = await db.query<Record<string, unknown>>(
      `select btrim(co.cuit) as cuit, e.state, e.tray, e.holder_cuit, e.endorsements, e.bank_copy, e.syncing,
              e.pending_key, e.last_event::text as last_event, e.created_at, e.updated_at
       from echeqs e join companies co on co.id = e.company_id
       where e.tenant_id = $1 and e.cheque_id = $2 order by co.cuit`,
      [bankA, c.cheque_id],
    );
    const last = (await eventIdsOf(PLATFORM_BANK, [third])).at(-1);
    const byCuit = Object.fromEntries(rows.rows.map((r) => [r.cuit, r]));
    expect(Object.keys(byCuit).sort()).toEqual([EMPRESA, BENEF, third].sort());
    for (const r of rows.rows) expect(r).toMatchObject({ state: 'ACTIVO', holder_cuit: third, last_event: last });
    expect(byCuit[BENEF]).toMatchObject({ tray: 'endosados', syncing: false, pending_key: null, endorsements: 1 });
    expect(byCuit[EMPRESA]).toMatchObject({ syncing: true, pending_key: 'otra' });
    expect(byCuit[third]).toMatchObject({ tray: 'recibidos', syncing: false, pending_key: null, bank_copy: false });
    expect(rows.rows.filter((r) => r.bank_copy)).toHaveLength(1);
    // Each copy was created when the bank first heard of it (the issue, also for the copies the issue and the accept
    // made in one pass; the endorsement for the endorsee's) and updated as of the newest event.
    const instant = (v: unknown) => new Date(v as string).toISOString();
    for (const cuit of [EMPRESA, BENEF]) expect(instant(byCuit[cuit]!.created_at)).toBe(instant(at(ISSUED)));
    expect(instant(byCuit[third]!.created_at)).toBe(instant(at('2026-04-03')));
    for (const r of rows.rows) expect(instant(r.updated_at)).toBe(instant(at('2026-04-03')));
    expect(await history(bankA, c.cheque_id)).toEqual([
      'ISSUE:EMITIDO-PENDIENTE',
      'ACCEPT:ACTIVO',
      'ENDORSE:ACTIVO-PENDIENTE',
      'ACCEPT_ENDORSEMENT:ACTIVO',
    ]);
  });

  it('a pass costs the same statements whatever the number of its events', async () => {
    await inboxes();
    const { wrapDb, counted } = countingDb();
    const counting = wrapDb(db);
    // A pass's statements (the pull aside), for `k` cheques from one company of bank A to another, each issued and
    // accepted (two events and two copies each): the look-up of companies to adhere (this handle has no directory
    // cache), the parties, then the pass function, its own transaction.
    const pass = async (k: number) => {
      for (let i = 0; i < k; i++) {
        const c = ok(
          await issue(db, { number: nextNumber(), issueDate: ISSUED, paymentDate: PAYMENT, beneficiary: BENEF }),
        );
        ok(await operate(db, c.cheque_id, { type: 'ACCEPT', caller: { cuit: BENEF } }, at('2026-04-02')));
      }
      const run = await counted(() => runInbox({ db: counting, clock }, linkOn(db), bankA));
      expect(run.result).toBe(2 * k);
      return { statements: run.statements, transactions: run.transactions };
    };
    await pass(1); // fills what the process remembers of the bank
    const one = await pass(1);
    const many = await pass(12);
    // Before the pass function (migration 0034): BEGIN, lock and cursor, parties, copies, history and cursor, COMMIT.
    expect(one).toEqual({ statements: 3, transactions: 0 });
    expect(many).toEqual(one);
  });

  it("an idle bank's tick is the pull alone: the cursor found with nothing after it is remembered", async () => {
    await inboxes();
    const { wrapDb, counted } = countingDb();
    const counting = wrapDb(db);
    const cursorReads = (sql: string[]) => sql.filter((s) => /from echeq_inbox_cursors/.test(s)).length;
    const first = await counted(() => runInbox({ db: counting, clock }, linkOn(db), bankA));
    const second = await counted(() => runInbox({ db: counting, clock }, linkOn(db), bankA));
    expect([first.result, second.result]).toEqual([0, 0]);
    expect(cursorReads(first.sql)).toBe(1);
    expect(cursorReads(second.sql)).toBe(0);
    // Still exactly once: an event after the remembered cursor is applied by the next tick.
    const c = ok(
      await issue(db, { number: nextNumber(), issueDate: ISSUED, paymentDate: PAYMENT, beneficiary: BENEF }),
    );
    expect(await runInbox({ db: counting, clock }, linkOn(db), bankA)).toBe(1);
    expect(await runInbox({ db: counting, clock }, linkOn(db), bankA)).toBe(0);
    expect(await history(bankA, c.cheque_id)).toEqual(['ISSUE:EMITIDO-PENDIENTE']);
  });

  it("the cursor is read after the inbox's lock is held, never from before it (PostgreSQL)", async () => {
    if (TEST_ENGINE !== 'pg' || !url) return;
    const tenant = await db.query<{ id: string }>(
      `insert into tenants (nombre, codigo, cuit, tipo) values ($1, $1, '30500010912', 'BANCO') returning id`,
      [`Banco cursor ${Math.random().toString(36).slice(2, 8)}`],
    );
    const id = tenant.rows[0]!.id;
    const nothing = { lock: INBOX_LOCK, tenantId: id, writes: [], lines: [], cursor: null, at: new Date() };
    expect((await applyPass(db, nothing)).cursor).toBe('0');
    const other = await openPg(url);
    try {
      let waiting: Promise<string> | undefined;
      await db.transaction(async (tx) => {
        await applyPass(tx, nothing);
        await tx.query('update echeq_inbox_cursors set cursor = 42 where tenant_id = $1', [id]);
        // Another process's pass starts its statement (and its snapshot) while this one holds the lock.
        waiting = applyPass(other, nothing).then((r) => r.cursor);
        for (let i = 0; i < 100; i++) {
          const w = await other.query<{ n: number }>(
            `select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`,
          );
          if (w.rows[0]!.n > 0) break;
          await new Promise((r) => setTimeout(r, 20));
        }
      });
      expect(await waiting).toBe('42');
    } finally {
      await other.close();
    }
  });
});
