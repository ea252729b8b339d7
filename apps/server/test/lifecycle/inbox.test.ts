import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registryEventsAfter } from '../../src/modules/clearing/registry';
import { type RegistryLink, runInbox } from '../../src/modules/lifecycle';
import { fixedClock } from '../../src/platform/clock';
import type { Db } from '../../src/platform/db/db';
import { openPg } from '../../src/platform/db/pg';
import { freshDb, TEST_ENGINE } from '../helpers';
import { at, BENEF, EMPRESA, ISSUED, issue, NORTE, nextNumber, ok, operate, PAYMENT } from '../registry/fixtures';

let db: Db;
let url: string | null;
let drop: () => Promise<void>;
let bankA: string; // EMPRESA's and BENEF's bank
let bankB: string; // NORTE's bank
const clock = fixedClock(new Date(at('2026-04-02')));

/** The registry as the port answers it (each call its own transaction), over database `q`. */
const linkOn = (q: Db): RegistryLink => ({
  banks: async () => [bankA, bankB],
  issue: async () => null,
  operate: async () => null,
  events: async (_tenant, query) => {
    const events = await q.transaction((tx) => registryEventsAfter(tx, query));
    return { events, cursor: events.at(-1)?.id ?? query.cursor };
  },
});

async function bank(code: string, companies: [string, string][]): Promise<string> {
  const t = await db.query<{ id: string }>(
    `insert into tenants (nombre, codigo, cuit, tipo) values ($1, $1, '30500010912', 'BANCO') returning id`,
    [`Banco ${code} ${Math.random().toString(36).slice(2, 8)}`],
  );
  const id = t.rows[0]!.id;
  for (const [cuit, name] of companies) {
    await db.query('insert into companies (tenant_id, name, cuit) values ($1, $2, $3)', [id, name, cuit]);
  }
  return id;
}

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
  bankA = await bank('A', [
    [EMPRESA, 'Empresa S.A.'],
    [BENEF, 'Beneficiario S.A.'],
  ]);
  bankB = await bank('B', [[NORTE, 'Norte S.A.']]);
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
});
