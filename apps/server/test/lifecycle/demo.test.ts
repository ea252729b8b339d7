import { CHEQUE_STATES, PART_2_STATES } from '@echeq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portLink, reconcileBank } from '../../src/modules/lifecycle';
import { systemClock } from '../../src/platform/clock';
import { build, type TestServer } from '../helpers';

let s: TestServer;
const tokens: Record<string, string> = {};
const who = {
  empresa: 'emisor@empresa.example',
  benef: 'beneficiario@beneficiario.example',
  avalista: 'avalista@avalista.example',
  norte: 'tesoreria@norte.example',
  operador: 'operador@banco.example',
  norteAdmin: 'admin@banconorte.example',
} as const;
const TRAYS = ['recibidos', 'emitidos', 'endosados', 'custodia', 'depositados', 'historial'] as const;

beforeAll(async () => {
  s = await build();
  for (const [k, email] of Object.entries(who)) tokens[k] = await s.login(email);
});
afterAll(() => s?.close());

const get = (as: keyof typeof who, path: string) => s.req('GET', `/api${path}`, { token: tokens[as]! });

describe('the demo data of the lifecycle (LIFECYCLE §7)', () => {
  it('seeds registry cheques in every state of part 1, with endorsement chains and outside issuers', async () => {
    const states = await s.db.query<{ state: string }>('select distinct state from registry_cheques');
    const part1 = CHEQUE_STATES.filter((x) => !PART_2_STATES.includes(x));
    expect(states.rows.map((r) => r.state).sort()).toEqual([...part1].sort());
    const chains = await s.db.query<{ n: number }>(
      `select max(jsonb_array_length(cheque->'endorsements'))::int as n from registry_cheques`,
    );
    expect(chains.rows[0]!.n).toBeGreaterThanOrEqual(2);
    const issuers = await s.db.query<{ bank_code: string }>('select distinct bank_code from registry_cheques');
    // Banco Demo's and Banco Norte's companies, and companies at banks off the platform.
    expect(issuers.rows.map((r) => r.bank_code)).toEqual(expect.arrayContaining(['901', '903', '011', '007', '072']));
  });

  it("every bank's copies agree with the registry's events, every event heard once", async () => {
    const link = portLink({ db: s.db, clock: systemClock, config: s.config });
    const banks = await s.db.query<{ id: string }>(`select id from tenants where codigo in ('BDEMO', 'BNORTE')`);
    for (const b of banks.rows) {
      const r = await reconcileBank(s.db, link, b.id);
      expect(r.mismatches).toEqual([]);
      expect(r.cheques).toBeGreaterThan(5);
    }
  });

  it('reconcileBank names what differs: a copy in another state, a history line lost', async () => {
    const link = portLink({ db: s.db, clock: systemClock, config: s.config });
    const bank = (await s.db.query<{ id: string }>(`select id from tenants where codigo = 'BNORTE'`)).rows[0]!.id;
    const copy = await s.db.query<{ id: string; cheque_id: string; state: string }>(
      `select id, cheque_id, state from echeqs where tenant_id = $1 and origin = 'REGISTRY' and state = 'CUSTODIA' limit 1`,
      [bank],
    );
    const c = copy.rows[0]!;
    const event = await s.db.query<{ event_id: string; cheque_id: string }>(
      `select event_id::text, cheque_id from echeq_history where tenant_id = $1 and event = 'ISSUE' and cheque_id <> $2 limit 1`,
      [bank, c.cheque_id],
    );
    await s.db.query(`update echeqs set state = 'ACTIVO' where id = $1`, [c.id]);
    await s.db.query('delete from echeq_history where tenant_id = $1 and event_id = $2', [
      bank,
      event.rows[0]!.event_id,
    ]);
    try {
      const r = await reconcileBank(s.db, link, bank);
      expect(r.mismatches).toEqual([
        expect.objectContaining({ cheque_id: c.cheque_id, field: 'state', copy: 'ACTIVO', registry: 'CUSTODIA' }),
        expect.objectContaining({ cheque_id: event.rows[0]!.cheque_id, field: 'history', copy: 0 }),
      ]);
    } finally {
      await s.db.query('update echeqs set state = $2 where id = $1', [c.id, c.state]);
    }
  });

  it('every demo company finds content in each of its trays, each bank cheques in its paying queue', async () => {
    const trays = await s.db.query<{ name: string; tray: string; n: number; pending: number }>(
      `select co.name, e.tray, count(*)::int as n, count(*) filter (where e.awaiting)::int as pending
       from echeqs e join companies co on co.id = e.company_id where e.origin = 'REGISTRY' group by 1, 2`,
    );
    const count = (name: string, tray: string) => trays.rows.find((r) => r.name === name && r.tray === tray)?.n ?? 0;
    for (const t of TRAYS) expect(count('Empresa Demo S.A.', t), `Empresa Demo: ${t}`).toBeGreaterThan(0);
    for (const t of ['recibidos', 'custodia', 'depositados', 'historial']) {
      expect(count('Beneficiario Demo S.R.L.', t), `Beneficiario Demo: ${t}`).toBeGreaterThan(0);
      expect(count('Distribuidora Norte S.A.', t), `Distribuidora Norte: ${t}`).toBeGreaterThan(0);
    }
    for (const t of ['emitidos', 'endosados'])
      expect(count('Avalista Demo S.A.', t), `Avalista: ${t}`).toBeGreaterThan(0);
    for (const name of ['Empresa Demo S.A.', 'Beneficiario Demo S.R.L.', 'Distribuidora Norte S.A.']) {
      const pending = trays.rows.filter((r) => r.name === name).reduce((a, r) => a + r.pending, 0);
      expect(pending, `${name}: pendientes`).toBeGreaterThan(0);
    }
    // The paying banks' queues: cheques drawn on Banco Demo and on Banco Norte wait for their answer.
    const queue = await s.db.query<{ codigo: string; n: number }>(
      `select t.codigo, count(distinct e.cheque_id)::int as n from echeqs e join tenants t on t.id = e.tenant_id
       join account_banks b on b.tenant_id = t.id
       where e.state = 'PRESENTADO' and e.registry->'issuer'->>'bank_code' = b.bank_code group by 1`,
    );
    expect(queue.rows.map((r) => r.codigo).sort()).toEqual(['BDEMO', 'BNORTE']);
  });

  it('the trays and the presented queue answer them through the API', async () => {
    const trays = await get('empresa', '/echeqs/trays/recibidos');
    expect(trays.status).toBe(200);
    for (const t of TRAYS) expect(trays.body.data.counts[t].total, `Empresa Demo: ${t}`).toBeGreaterThan(0);
    expect(trays.body.data.counts.recibidos.pending).toBeGreaterThan(0);
    for (const as of ['operador', 'norteAdmin'] as const) {
      const q = await get(as, '/echeqs/presented');
      expect(q.status, JSON.stringify(q.body)).toBe(200);
      expect(q.body.data.data.length, as).toBeGreaterThan(0);
    }
  });

  it("a paid cheque's timeline tells its whole life, across both banks", async () => {
    const paid = await s.db.query<{ cheque_id: string }>(
      `select cheque_id from registry_cheques where state = 'PAGADO' and jsonb_array_length(cheque->'endorsements') > 0`,
    );
    const chequeId = paid.rows[0]!.cheque_id;
    const copy = await s.db.query<{ id: string }>(
      `select e.id from echeqs e join companies c on c.id = e.company_id
       where c.name = 'Beneficiario Demo S.R.L.' and e.cheque_id = $1`,
      [chequeId],
    );
    const h = await get('benef', `/echeqs/${copy.rows[0]!.id}/history`);
    expect(h.body.data.map((e: { event: string }) => e.event)).toEqual([
      'ISSUE',
      'ACCEPT',
      'ENDORSE',
      'ACCEPT_ENDORSEMENT',
      'DEPOSIT',
      'PRESENT',
      'PAY',
    ]);
    const at = h.body.data.map((e: { at: string }) => Date.parse(e.at));
    expect(at).toEqual([...at].sort((a: number, b: number) => a - b));
    expect(at.at(-1)).toBeLessThan(Date.now());
  });

  it('keeps the "request a new chequebook" demo: four numbers left on those chequebooks', async () => {
    const books = await s.db.query<{ name: string; currency: string; remaining: number }>(
      `select co.name, btrim(a.currency) as currency, (b.last_number - b.next_number + 1)::int as remaining
       from chequebooks b join current_accounts a on a.id = b.account_id join companies co on co.id = a.company_id
       where b.status = 'ACTIVE'`,
    );
    const left = (name: string, currency: string) =>
      books.rows.find((b) => b.name === name && b.currency === currency)?.remaining;
    expect(left('Empresa Demo S.A.', 'USD')).toBe(4);
    expect(left('Comercial Sur S.A.', 'ARS')).toBe(4);
    expect(left('Empresa Demo S.A.', 'ARS')).toBeGreaterThan(10);
  });
});
