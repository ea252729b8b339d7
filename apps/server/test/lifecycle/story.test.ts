import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registryJob } from '../../src/modules/clearing';
import { portLink, runInbox } from '../../src/modules/lifecycle';
import { fixedClock } from '../../src/platform/clock';
import { runJobOnce } from '../../src/platform/jobs';
import { build, type TestServer } from '../helpers';
import { issueBody } from './support';

// Monday 1 June 2026, noon in Buenos Aires; the cheque pays on Wednesday 10 June.
const clock = fixedClock('2026-06-01T12:00:00-03:00');
const PAYMENT = '2026-06-10';
let s: TestServer;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

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

const post = (as: Who, path: string, body: unknown = {}) => s.req('POST', `/api${path}`, { token: tokens[as]!, body });

/** The ids of the rows of the cheque (by registry id) that `as` sees in its book list. */
async function seen(as: Who, chequeId: string): Promise<string[]> {
  const r = await s.req('GET', '/api/echeqs?limit=100', { token: tokens[as]! });
  expect(r.status).toBe(200);
  const numbers = await s.db.query<{ id: string }>('select id from echeqs where cheque_id = $1', [chequeId]);
  const mine = new Set(numbers.rows.map((x) => x.id));
  return (r.body.data.data as { id: string }[]).filter((e) => mine.has(e.id)).map((e) => e.id);
}

async function copyOf(company: string, chequeId: string): Promise<string> {
  const r = await s.db.query<{ id: string }>(
    `select e.id from echeqs e join companies co on co.id = e.company_id where co.name = $1 and e.cheque_id = $2`,
    [company, chequeId],
  );
  return r.rows[0]!.id;
}

beforeAll(async () => {
  s = await build({ clock });
  for (const [k, email] of Object.entries(who)) tokens[k] = await s.login(email);
  const cuits = await s.db.query<{ name: string; cuit: string }>('select name, btrim(cuit) as cuit from companies');
  for (const c of cuits.rows) ids[c.name] = c.cuit;
});
afterAll(() => s?.close());

describe('the cross-bank story (issue 22)', () => {
  let chequeId = '';
  it('Empresa Demo issues to Distribuidora Norte; each bank and party sees it, no one else', async () => {
    const accounts = await s.req('GET', '/api/accounts', { token: tokens.empresa! });
    const ars = (accounts.body.data as { id: string; currency: string }[]).find((a) => a.currency === 'ARS')!;
    const r = await post(
      'empresa',
      '/echeqs/issue',
      issueBody({
        account_id: ars.id,
        beneficiary_cuit: ids['Distribuidora Norte S.A.']!,
        amount: 1500.25,
        payment_date: PAYMENT,
      }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.data).toMatchObject({ origin: 'REGISTRY', state: 'EMITIDO-PENDIENTE', syncing: false });
    expect(r.body.data.actions).toEqual(['ANNUL']);
    chequeId = r.body.data.cheque_id;
    expect(await seen('empresa', chequeId)).toHaveLength(1);
    expect(await seen('norte', chequeId)).toHaveLength(1);
    expect(await seen('demoAdmin', chequeId)).toHaveLength(1);
    expect(await seen('norteAdmin', chequeId)).toHaveLength(1);
    for (const outsider of ['benef', 'sur', 'surAdmin'] as const) expect(await seen(outsider, chequeId)).toEqual([]);
  });

  it('refuses the wrong party and changes nothing', async () => {
    const empresaCopy = await copyOf('Empresa Demo S.A.', chequeId);
    const norteCopy = await copyOf('Distribuidora Norte S.A.', chequeId);
    const wrong = await post('empresa', `/echeqs/${empresaCopy}/accept`);
    expect(wrong.status).toBe(409);
    expect(wrong.body.code).toBe('INVALID_TRANSITION');
    expect((await post('norte', `/echeqs/${norteCopy}/annul`, { motivo: 'No' })).status).toBe(409);
    // Another bank's row is not found at all.
    expect((await post('norte', `/echeqs/${empresaCopy}/accept`)).status).toBe(404);
    const state = await s.db.query('select state, syncing from echeqs where cheque_id = $1', [chequeId]);
    expect(state.rows.every((r) => r.state === 'EMITIDO-PENDIENTE' && r.syncing === false)).toBe(true);
  });

  it('Norte accepts and endorses to Beneficiario Demo, which accepts', async () => {
    const norteCopy = await copyOf('Distribuidora Norte S.A.', chequeId);
    const accepted = await post('norte', `/echeqs/${norteCopy}/accept`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data).toMatchObject({ state: 'ACTIVO', holder_cuit: ids['Distribuidora Norte S.A.'] });
    const endorsed = await post('norte', `/echeqs/${norteCopy}/endorse`, {
      endorsee_cuit: ids['Beneficiario Demo S.R.L.'],
    });
    expect(endorsed.status).toBe(200);
    expect(endorsed.body.data.state).toBe('ACTIVO-PENDIENTE');
    expect(await seen('benef', chequeId)).toHaveLength(1);
    // Banco Demo has two copies now (issuer and endorsee) and lists the cheque once.
    expect(await seen('demoAdmin', chequeId)).toHaveLength(1);
    const benefCopy = await copyOf('Beneficiario Demo S.R.L.', chequeId);
    const ok = await post('benef', `/echeqs/${benefCopy}/endorsement/accept`);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ state: 'ACTIVO', endorsements: 1 });
    expect(ok.body.data.actions).toEqual(expect.arrayContaining(['ENDORSE', 'CUSTODY']));
    // The specification's detail carries the same lifecycle fields and actions.
    const detail = await s.req('GET', `/api/echeqs/${benefCopy}`, { token: tokens.benef! });
    expect(detail.body.data).toMatchObject({
      origin: 'REGISTRY',
      state: 'ACTIVO',
      cheque_id: chequeId,
      tipo: 'DIFERIDO',
    });
    expect(detail.body.data.actions).toEqual(ok.body.data.actions);
    // …and the face the detail dialog shows: CMC7, the issuer's bank and CBU, the endorsement chain.
    expect(detail.body.data.registry.cmc7).toMatch(/^\d{29}$/);
    expect(detail.body.data.registry.issuer.cbu).toMatch(/^\d{22}$/);
    expect(detail.body.data.registry.endorsements).toEqual([
      expect.objectContaining({
        from_cuit: ids['Distribuidora Norte S.A.'],
        to_cuit: ids['Beneficiario Demo S.R.L.'],
        status: 'ACCEPTED',
      }),
    ]);
  });

  it('deposits on the payment date, not before; Banco Demo pays', async () => {
    const benefCopy = await copyOf('Beneficiario Demo S.R.L.', chequeId);
    const early = await post('benef', `/echeqs/${benefCopy}/deposit`);
    expect(early.status).toBe(409);
    clock.set(`${PAYMENT}T10:00:00-03:00`);
    for (const [k, email] of Object.entries(who)) tokens[k] = await s.login(email);
    const deposited = await post('benef', `/echeqs/${benefCopy}/deposit`);
    expect(deposited.status, JSON.stringify(deposited.body)).toBe(200);
    expect(deposited.body.data.state).toBe('DEPOSITADO');
    await runJobOnce(s.db, registryJob({ db: s.db }), clock);
    const link = portLink({ db: s.db, clock, config: s.config });
    await runInbox({ db: s.db, clock }, link, (await tenantOf('Empresa Demo S.A.'))!);
    const empresaCopy = await copyOf('Empresa Demo S.A.', chequeId);
    // Only the paying bank's staff pay: not the issuer's company, not another bank.
    expect((await post('empresa', `/echeqs/${empresaCopy}/pay`)).status).toBe(409);
    const paid = await post('operador', `/echeqs/${empresaCopy}/pay`);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data).toMatchObject({ state: 'PAGADO', status: 'PAID' });
    const seenHistory = await s.req('GET', `/api/echeqs/${benefCopy}/history`, { token: tokens.benef! });
    expect(seenHistory.status).toBe(200);
    expect(seenHistory.body.data.map((h: { event: string }) => h.event)).toEqual([
      'ISSUE',
      'ACCEPT',
      'ENDORSE',
      'ACCEPT_ENDORSEMENT',
      'DEPOSIT',
      'PRESENT',
      'PAY',
    ]);
    expect(seenHistory.body.data.at(-1)).toMatchObject({ state: 'PAGADO', bank: expect.any(String) });
    // Another bank's staff do not find the row.
    expect((await s.req('GET', `/api/echeqs/${benefCopy}/history`, { token: tokens.surAdmin! })).status).toBe(404);
    const history = await s.db.query<{ event: string }>(
      `select event from echeq_history h join tenants t on t.id = h.tenant_id
       where t.codigo = 'BNORTE' and h.cheque_id = $1 order by event_id`,
      [chequeId],
    );
    expect(history.rows.map((h) => h.event)).toEqual(
      expect.arrayContaining(['ISSUE', 'ACCEPT', 'ENDORSE', 'ACCEPT_ENDORSEMENT']),
    );
  });
});

describe('the specification routes and the race rules on registry cheques', () => {
  let chequeId = '';
  let arsAccount = '';
  it('issues and accepts through POST /integration/coelsa/operation by type', async () => {
    const accounts = await s.req('GET', '/api/accounts', { token: tokens.empresa! });
    arsAccount = (accounts.body.data as { id: string; currency: string }[]).find((a) => a.currency === 'ARS')!.id;
    const r = await post('empresa', '/integration/coelsa/operation', {
      type: 'ISSUE',
      ...issueBody({
        account_id: arsAccount,
        beneficiary_cuit: ids['Distribuidora Norte S.A.']!,
        amount: 99.5,
        tipo: 'COMUN',
        caracter: 'NO_A_LA_ORDEN',
        concepto: 'VAR',
      }),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    chequeId = r.body.data.cheque_id;
    const norteCopy = await copyOf('Distribuidora Norte S.A.', chequeId);
    const accepted = await post('norte', '/integration/coelsa/operation', { type: 'ACCEPT', echeq_id: norteCopy });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data.state).toBe('ACTIVO');
    // NO_A_LA_ORDEN: no endorsement, by either route.
    const endorse = await post('norte', `/echeqs/${norteCopy}/endorse`, { endorsee_cuit: ids['Empresa Demo S.A.'] });
    expect(endorse.status).toBe(409);
    expect(endorse.body.message).toMatch(/no a la orden/i);
  });

  it('refuses to edit or delete a registry cheque through the specification routes', async () => {
    const copy = await copyOf('Empresa Demo S.A.', chequeId);
    const put = await s.req('PUT', `/api/echeqs/${copy}`, { token: tokens.empresa!, body: { beneficiary: 'Otro' } });
    expect(put.status).toBe(409);
    expect(put.body.message).toMatch(/registro de COELSA/);
    const del = await s.req('DELETE', `/api/echeqs/${copy}`, { token: tokens.empresa! });
    expect(del.status).toBe(409);
    const row = await s.db.query('select deleted_at, beneficiary from echeqs where id = $1', [copy]);
    expect(row.rows[0]).toMatchObject({ deleted_at: null });
  });

  it('accept against annul: one wins, the other is refused', async () => {
    const r = await post(
      'empresa',
      '/echeqs/issue',
      issueBody({
        account_id: arsAccount,
        beneficiary_cuit: ids['Distribuidora Norte S.A.']!,
        amount: 10,
        payment_date: '2026-07-15',
      }),
    );
    expect(r.status).toBe(201);
    const id = r.body.data.cheque_id;
    const [accept, annul] = await Promise.all([
      post('norte', `/echeqs/${await copyOf('Distribuidora Norte S.A.', id)}/accept`),
      post('empresa', `/echeqs/${await copyOf('Empresa Demo S.A.', id)}/annul`, { motivo: 'Error' }),
    ]);
    expect([accept.status, annul.status].sort()).toEqual([200, 409]);
    const states = await s.db.query<{ state: string; syncing: boolean }>(
      'select state, syncing from echeqs where cheque_id = $1',
      [id],
    );
    const winner = accept.status === 200 ? 'ACTIVO' : 'ANULADO';
    expect(states.rows.every((x) => x.state === winner && !x.syncing)).toBe(true);
  });

  it('two issues racing for the last number of the chequebook: one gets it, numbers never repeat', async () => {
    await s.db.query(`update chequebooks set last_number = next_number where account_id = $1 and status = 'ACTIVE'`, [
      arsAccount,
    ]);
    const body = issueBody({
      account_id: arsAccount,
      beneficiary_cuit: ids['Distribuidora Norte S.A.']!,
      amount: 11,
      tipo: 'COMUN',
    });
    const both = await Promise.all([post('empresa', '/echeqs/issue', body), post('empresa', '/echeqs/issue', body)]);
    expect(both.map((x) => x.status).sort()).toEqual([201, 409]);
    // Numbers are per account (each bank numbers its own chequebooks; the demo's cheques come from several).
    const numbers = await s.db.query<{ number: string; n: string }>(
      `select number, count(distinct cheque_id)::text as n from echeqs where origin = 'REGISTRY'
       group by registry->'issuer'->>'cbu', number`,
    );
    expect(numbers.rows.every((x) => x.n === '1')).toBe(true);
  });
});

async function tenantOf(company: string): Promise<string | undefined> {
  const r = await s.db.query<{ tenant_id: string }>('select tenant_id from companies where name = $1', [company]);
  return r.rows[0]?.tenant_id;
}
