import { AWAITING_OPERATIONS, TRAYS, type Tray } from '@echeq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registryJob } from '../../src/modules/clearing';
import { awaitingJob, portLink, runInbox } from '../../src/modules/lifecycle';
import { fixedClock } from '../../src/platform/clock';
import { runJobOnce } from '../../src/platform/jobs';
import { build, type TestServer } from '../helpers';
import { issueBody } from './support';

// Monday 1 June 2026, noon in Buenos Aires. A, C and D pay on Wednesday 10 June, B on Friday 5 June.
const clock = fixedClock('2026-06-01T12:00:00-03:00');
let s: TestServer;
const tokens: Record<string, string> = {};
const cuits: Record<string, string> = {};
let custodyBefore = 0;
const awaiting = awaitingJob();
const cheques: Record<'A' | 'B' | 'C' | 'D', string> = { A: '', B: '', C: '', D: '' };

const who = {
  empresa: 'emisor@empresa.example',
  norte: 'tesoreria@norte.example',
  benef: 'beneficiario@beneficiario.example',
  operador: 'operador@banco.example',
  demoAdmin: 'admin@banco.example',
  norteAdmin: 'admin@banconorte.example',
  sur: 'empresa@sur.example',
  surAdmin: 'admin@bancosur.example',
} as const;
type Who = keyof typeof who;
type Row = { id: string; cheque_id: string | null; actions: string[]; state: string };

const post = (as: Who, path: string, body: unknown = {}) => s.req('POST', `/api${path}`, { token: tokens[as]!, body });

async function login() {
  for (const [k, email] of Object.entries(who)) tokens[k] = await s.login(email);
}

async function copyOf(company: string, chequeId: string): Promise<string> {
  const r = await s.db.query<{ id: string }>(
    'select e.id from echeqs e join companies co on co.id = e.company_id where co.name = $1 and e.cheque_id = $2',
    [company, chequeId],
  );
  return r.rows[0]!.id;
}

async function issue(as: 'empresa' | 'norte', to: string, paymentDate: string): Promise<string> {
  const accounts = await s.req('GET', '/api/accounts', { token: tokens[as]! });
  const ars = (accounts.body.data as { id: string; currency: string }[]).find((a) => a.currency === 'ARS')!;
  const r = await post(
    as,
    '/echeqs/issue',
    issueBody({ account_id: ars.id, beneficiary_cuit: cuits[to]!, payment_date: paymentDate }),
  );
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data.cheque_id;
}

async function ok(as: Who, company: string, chequeId: string, op: string, body: unknown = {}) {
  const r = await post(as, `/echeqs/${await copyOf(company, chequeId)}/${op}`, body);
  expect(r.status, `${op}: ${JSON.stringify(r.body)}`).toBe(200);
}

/** Every tray of `as`: its rows (all of them), and the counts the answer carries. */
async function trays(as: Who) {
  const rows = {} as Record<Tray, Row[]>;
  let counts: Record<Tray, { total: number; pending: number }> | null = null;
  for (const tray of TRAYS) {
    const r = await s.req('GET', `/api/echeqs/trays/${tray}?limit=100`, { token: tokens[as]! });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    rows[tray] = r.body.data.data;
    counts = r.body.data.counts;
    expect(r.body.data.total).toBe(counts![tray].total);
  }
  return { rows, counts: counts! };
}

const awaits = (row: Row) => row.actions.some((a) => (AWAITING_OPERATIONS as readonly string[]).includes(a));
const ours = () => new Set(Object.values(cheques));
const letterOf = (chequeId: string | null) => Object.entries(cheques).find(([, id]) => id === chequeId)?.[0];

/**
 * Our cheques in each tray of `as` (by letter) must be exactly `expected`; every count must be the tray's rows,
 * and `pending` the rows whose actions await the company today (whatever else the book holds).
 */
async function expectTrays(as: Who, expected: Partial<Record<Tray, string[]>>, pending: string[] = []) {
  const { rows, counts } = await trays(as);
  const seenPending: string[] = [];
  for (const tray of TRAYS) {
    const mine = rows[tray].filter((r) => ours().has(r.cheque_id ?? ''));
    expect(mine.map((r) => letterOf(r.cheque_id)).sort(), `${as} ${tray}`).toEqual((expected[tray] ?? []).sort());
    expect(counts[tray].total, `${as} ${tray} total`).toBe(rows[tray].length);
    expect(counts[tray].pending, `${as} ${tray} pending`).toBe(rows[tray].filter(awaits).length);
    seenPending.push(...mine.filter(awaits).map((r) => letterOf(r.cheque_id)!));
  }
  expect(seenPending.sort(), `${as} pending`).toEqual(pending.sort());
}

async function presented(as: Who) {
  const r = await s.req('GET', '/api/echeqs/presented?limit=100', { token: tokens[as]! });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const rows = r.body.data.data as (Row & { clearing_date: string })[];
  expect(r.body.data.total).toBe(rows.length);
  return rows.filter((x) => ours().has(x.cheque_id ?? ''));
}

async function runInboxes() {
  const link = portLink({ db: s.db, clock, config: s.config });
  const banks = await s.db.query<{ id: string }>(`select id from tenants where codigo in ('BDEMO', 'BNORTE')`);
  for (const b of banks.rows) await runInbox({ db: s.db, clock }, link, b.id);
}

beforeAll(async () => {
  s = await build({ clock });
  await login();
  const r = await s.db.query<{ name: string; cuit: string }>('select name, btrim(cuit) as cuit from companies');
  for (const c of r.rows) cuits[c.name] = c.cuit;
  await runJobOnce(s.db, awaiting, clock);
});
afterAll(() => s?.close());

describe('the trays and the presented queue after a cross-bank story (issue 22)', () => {
  it('puts each cheque in the tray of each party, with what awaits it', async () => {
    custodyBefore = (await s.req('GET', '/api/reports/custody', { token: tokens.demoAdmin! })).body.data.total;
    cheques.A = await issue('empresa', 'Distribuidora Norte S.A.', '2026-06-10');
    cheques.B = await issue('empresa', 'Distribuidora Norte S.A.', '2026-06-05');
    cheques.C = await issue('norte', 'Empresa Demo S.A.', '2026-06-10');
    cheques.D = await issue('empresa', 'Distribuidora Norte S.A.', '2026-06-10');
    await ok('norte', 'Distribuidora Norte S.A.', cheques.A, 'accept');
    await ok('norte', 'Distribuidora Norte S.A.', cheques.A, 'endorse', {
      endorsee_cuit: cuits['Beneficiario Demo S.R.L.'],
    });
    await expectTrays('benef', { recibidos: ['A'] }, ['A']);
    await ok('benef', 'Beneficiario Demo S.R.L.', cheques.A, 'endorsement/accept');
    await ok('empresa', 'Empresa Demo S.A.', cheques.C, 'accept');
    await ok('empresa', 'Empresa Demo S.A.', cheques.C, 'custody');
    await ok('norte', 'Distribuidora Norte S.A.', cheques.D, 'repudiate', { motivo: 'No corresponde' });

    await expectTrays('empresa', { emitidos: ['A', 'B'], custodia: ['C'], historial: ['D'] });
    await expectTrays('norte', { recibidos: ['B'], endosados: ['A'], emitidos: ['C'], historial: ['D'] }, ['B']);
    await expectTrays('benef', { recibidos: ['A'] });
  });

  it("lists a registry cheque once per bank in the book with the lifecycle's fields, and counts it once", async () => {
    const book = await s.req('GET', '/api/echeqs?limit=100', { token: tokens.demoAdmin! });
    expect(book.status).toBe(200);
    // Banco Demo holds two copies of A (its issuer Empresa Demo, its holder Beneficiario Demo): the bank lists one.
    const rows = (book.body.data.data as Row[]).filter((r) => r.cheque_id === cheques.A);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      origin: 'REGISTRY',
      state: 'ACTIVO',
      syncing: false,
      tipo: 'DIFERIDO',
      caracter: 'A_LA_ORDEN',
      concepto: 'FAC',
      payment_date: '2026-06-10',
      issuer_cuit: cuits['Empresa Demo S.A.'],
      beneficiary_cuit: cuits['Distribuidora Norte S.A.'],
      holder_cuit: cuits['Beneficiario Demo S.R.L.'],
      endorsements: 1,
    });
    const copies = await s.db.query(
      `select 1 from echeqs e join tenants t on t.id = e.tenant_id where t.codigo = 'BDEMO' and e.cheque_id = $1`,
      [cheques.A],
    );
    expect(copies.rows).toHaveLength(2);
    // A hand-registered cheque's row leaves the lifecycle's fields out, as its detail does.
    const manual = (book.body.data.data as Row[]).find((r) => r.cheque_id === undefined);
    expect(manual).toBeDefined();
    expect(manual).not.toHaveProperty('origin');
    // Custody in the bank's report: C once (its holder's copy), though both banks keep a copy of it.
    const report = await s.req('GET', '/api/reports/custody', { token: tokens.demoAdmin! });
    expect(report.body.data.total).toBe(custodyBefore + 1);
  });

  it('pages a tray newest first by page or cursor, and finds a cheque by its registry id', async () => {
    // The order: newest first, then by id (the clock is fixed: both copies carry the same instant).
    const order = await s.db.query<{ cheque_id: string }>(
      `select e.cheque_id from echeqs e join companies co on co.id = e.company_id
       where co.name = 'Empresa Demo S.A.' and e.tray = 'emitidos' order by e.created_at desc, e.id desc`,
    );
    const expected = order.rows.map((r) => r.cheque_id);
    // The demo data's cheques are in the tray too; the story's are among them.
    expect(expected).toEqual(expect.arrayContaining([cheques.A, cheques.B]));
    const walked: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i <= expected.length; i++) {
      const path: string = `/api/echeqs/trays/emitidos?limit=1${cursor ? `&cursor=${cursor}` : ''}`;
      const r = await s.req('GET', path, { token: tokens.empresa! });
      walked.push(...r.body.data.data.map((x: Row) => x.cheque_id));
      cursor = r.body.data.nextCursor;
      if (!cursor) break;
    }
    expect(walked).toEqual(expected);
    const page2 = await s.req('GET', '/api/echeqs/trays/emitidos?limit=1&page=2', { token: tokens.empresa! });
    expect(page2.body.data.data.map((r: Row) => r.cheque_id)).toEqual([expected[1]]);
    const found = await s.req('GET', `/api/echeqs/trays/emitidos?q=${cheques.A.toLowerCase()}`, {
      token: tokens.empresa!,
    });
    expect(found.body.data).toMatchObject({ total: 1, data: [{ cheque_id: cheques.A, origin: 'REGISTRY' }] });
    const bad = await s.req('GET', '/api/echeqs/trays/pendientes', { token: tokens.empresa! });
    expect(bad.status).toBe(400);
    const badCursor = await s.req('GET', '/api/echeqs/trays/emitidos?cursor=xyz', { token: tokens.empresa! });
    expect(badCursor.status).toBe(400);
  });

  it('flips pending when the payment date comes: the deposit window opens, the acceptance window closes', async () => {
    clock.set('2026-06-10T10:00:00-03:00');
    await login();
    // The same job as at start: a new Buenos Aires day makes it pass again; a second run that day reads nothing.
    const pass = await runJobOnce(s.db, awaiting, clock);
    // At least B for Norte (acceptance closed) and A for Beneficiario Demo (deposit open); seeded cheques may add more.
    expect(pass.result).toMatchObject({ more: false, changed: expect.any(Number) });
    expect((pass.result as { changed: number }).changed).toBeGreaterThanOrEqual(2);
    expect((await runJobOnce(s.db, awaiting, clock)).result).toEqual({ more: false, changed: 0 });
    await expectTrays('norte', { recibidos: ['B'], endosados: ['A'], emitidos: ['C'], historial: ['D'] });
    await expectTrays('benef', { recibidos: ['A'] }, ['A']);
  });

  it("lists the deposited cheque in its paying bank's queue only, with the bank's actions", async () => {
    await ok('benef', 'Beneficiario Demo S.R.L.', cheques.A, 'deposit');
    // The registry presents A and deposits C from custody on its payment date, then presents it.
    await runJobOnce(s.db, registryJob({ db: s.db }), clock);
    await runInboxes();
    await expectTrays('benef', { depositados: ['A'] });
    await expectTrays('empresa', { emitidos: ['A', 'B'], depositados: ['C'], historial: ['D'] });

    const demo = await presented('operador');
    expect(demo.map((r) => letterOf(r.cheque_id))).toEqual(['A']);
    expect(demo[0]).toMatchObject({ state: 'PRESENTADO', actions: ['PAY', 'REJECT'], clearing_date: '2026-06-10' });
    const norte = await presented('norteAdmin');
    expect(norte.map((r) => letterOf(r.cheque_id))).toEqual(['C']);
    expect(await presented('surAdmin')).toEqual([]);
  });

  it('shows nothing of it to another bank or company, and refuses the queue to a company', async () => {
    await expectTrays('sur', {});
    for (const bank of ['operador', 'norteAdmin', 'surAdmin'] as const) {
      const r = await s.req('GET', '/api/echeqs/trays/recibidos', { token: tokens[bank]! });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ data: [], total: 0, counts: { recibidos: { total: 0, pending: 0 } } });
    }
    const company = await s.req('GET', '/api/echeqs/presented', { token: tokens.empresa! });
    expect(company.status).toBe(403);
    // Another bank's copy is not found, by any route.
    const demoCopy = await copyOf('Beneficiario Demo S.R.L.', cheques.A);
    expect((await post('norteAdmin', `/echeqs/${demoCopy}/pay`)).status).toBe(404);
  });

  it('moves the paid cheque to every party’s historial and out of the queue', async () => {
    await ok('operador', 'Empresa Demo S.A.', cheques.A, 'pay');
    await runInboxes();
    expect(await presented('operador')).toEqual([]);
    await expectTrays('benef', { historial: ['A'] });
    await expectTrays('norte', { recibidos: ['B'], historial: ['A', 'D'], emitidos: ['C'] });
    await expectTrays('empresa', { emitidos: ['B'], depositados: ['C'], historial: ['A', 'D'] });
  });
});
