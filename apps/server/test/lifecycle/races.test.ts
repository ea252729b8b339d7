import { addDays, buenosAiresDateOf, type IssueBody } from '@echeq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portLink, reconcileBank } from '../../src/modules/lifecycle';
import { systemClock } from '../../src/platform/clock';
import type { Db } from '../../src/platform/db/db';
import { DEMO_PASSWORD, TEST_ENGINE } from '../helpers';
import { type SpawnedEngine, spawnedEngine, waitFor } from '../operations/spawned-engine';
import { call, type ServerProcess, startServer } from '../reliability/server-process';
import { issueBody } from './support';

/**
 * Races with one winner across two server processes on one PostgreSQL database (the registry's row lock and the
 * copies' row locks, not a process's memory, decide): each pair of requests goes one to each process at once.
 */
const who = {
  empresa: 'emisor@empresa.example',
  norte: 'tesoreria@norte.example',
  operador: 'operador@banco.example',
  demoAdmin: 'admin@banco.example',
} as const;
type Who = keyof typeof who;

describe.runIf(TEST_ENGINE === 'pg')('lifecycle races from two server processes on PostgreSQL', () => {
  let engine: SpawnedEngine;
  let a: ServerProcess;
  let b: ServerProcess;
  let db: Db;
  const tokens: Partial<Record<Who, string>> = {};
  const cuit: Record<string, string> = {};
  let account = '';

  beforeAll(async () => {
    engine = await spawnedEngine('lifecycle-races');
    [a, b] = await Promise.all([startServer(engine.env), startServer(engine.env)]);
    db = await engine.open();
    for (const [k, email] of Object.entries(who)) {
      const r = await call(a.url, 'POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD } });
      tokens[k as Who] = r.body.token;
    }
    const c = await db.query<{ name: string; cuit: string }>('select name, btrim(cuit) as cuit from companies');
    for (const row of c.rows) cuit[row.name] = row.cuit;
    const accounts = await call(a.url, 'GET', '/api/accounts', { token: tokens.empresa! });
    account = accounts.body.data.find((x: { currency: string }) => x.currency === 'ARS').id;
  }, 240_000);
  afterAll(async () => {
    await Promise.all([a?.stop('SIGKILL'), b?.stop('SIGKILL')]);
    await db?.close();
    await engine?.cleanup();
  });

  const post = (srv: ServerProcess, as: Who, path: string, body: unknown = {}) =>
    call(srv.url, 'POST', `/api${path}`, { token: tokens[as]!, body });

  async function issue(body: Partial<IssueBody>): Promise<string> {
    const r = await post(
      a,
      'empresa',
      '/echeqs/issue',
      issueBody({ account_id: account, beneficiary_cuit: cuit['Distribuidora Norte S.A.']!, ...body }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.data.cheque_id;
  }

  async function copyOf(company: string, chequeId: string): Promise<string> {
    const r = await db.query<{ id: string }>(
      'select e.id from echeqs e join companies co on co.id = e.company_id where co.name = $1 and e.cheque_id = $2',
      [company, chequeId],
    );
    return r.rows[0]!.id;
  }

  /** One winner and one clean refusal; the registry, every bank's copy and history agree afterwards. */
  async function oneWinner(chequeId: string, answers: { status: number; body: any }[], winners: string[]) {
    expect(answers.map((x) => x.status).sort(), JSON.stringify(answers.map((x) => x.body))).toEqual([200, 409]);
    const loser = answers.find((x) => x.status === 409)!;
    expect(loser.body).toMatchObject({ success: false, code: expect.stringMatching(/INVALID_TRANSITION|CONFLICT/) });
    expect(loser.body.message).toMatch(/[a-záéíóú]/);
    const registry = await db.query<{ state: string; version: number }>(
      'select state, version from registry_cheques where cheque_id = $1',
      [chequeId],
    );
    const state = registry.rows[0]!.state;
    expect(winners).toContain(state);
    const copies = await db.query<{ state: string; syncing: boolean }>(
      'select state, syncing from echeqs where cheque_id = $1',
      [chequeId],
    );
    expect(copies.rows.length).toBeGreaterThan(1);
    for (const c of copies.rows) expect(c).toEqual({ state, syncing: false });
    const link = portLink({
      db,
      clock: systemClock,
      config: { secretsKey: Buffer.alloc(32), clearingAllowedHosts: [] },
    });
    const banks = await db.query<{ id: string }>(`select id from tenants where codigo in ('BDEMO', 'BNORTE')`);
    for (const bank of banks.rows) expect((await reconcileBank(db, link, bank.id)).mismatches).toEqual([]);
    // One event per operation that won, whatever the loser sent.
    const events = await db.query<{ n: number }>(
      'select count(*)::int as n from registry_events where cheque_id = $1',
      [chequeId],
    );
    expect(events.rows[0]!.n).toBe(registry.rows[0]!.version);
  }

  it('accept against annul: one wins', async () => {
    const id = await issue({
      amount: 1000.5,
      tipo: 'DIFERIDO',
      payment_date: addDays(buenosAiresDateOf(new Date()), 20),
    });
    const answers = await Promise.all([
      post(a, 'norte', `/echeqs/${await copyOf('Distribuidora Norte S.A.', id)}/accept`),
      post(b, 'empresa', `/echeqs/${await copyOf('Empresa Demo S.A.', id)}/annul`, { motivo: 'Error de carga' }),
    ]);
    await oneWinner(id, answers, ['ACTIVO', 'ANULADO']);
  });

  it('two endorsements of one cheque: one wins', async () => {
    const id = await issue({
      amount: 2000,
      tipo: 'DIFERIDO',
      payment_date: addDays(buenosAiresDateOf(new Date()), 20),
    });
    const norte = await copyOf('Distribuidora Norte S.A.', id);
    expect((await post(a, 'norte', `/echeqs/${norte}/accept`)).status).toBe(200);
    const answers = await Promise.all([
      post(a, 'norte', `/echeqs/${norte}/endorse`, { endorsee_cuit: cuit['Beneficiario Demo S.R.L.'] }),
      post(b, 'norte', `/echeqs/${norte}/endorse`, { endorsee_cuit: cuit['Avalista Demo S.A.'] }),
    ]);
    await oneWinner(id, answers, ['ACTIVO-PENDIENTE']);
    const offered = await db.query<{ n: number }>(
      `select jsonb_array_length(cheque->'endorsements')::int as n from registry_cheques where cheque_id = $1`,
      [id],
    );
    expect(offered.rows[0]!.n).toBe(1);
  });

  it("pay against reject by the paying bank's staff: one wins", async () => {
    const id = await issue({ amount: 3000, tipo: 'COMUN' });
    const norte = await copyOf('Distribuidora Norte S.A.', id);
    expect((await post(a, 'norte', `/echeqs/${norte}/accept`)).status).toBe(200);
    expect((await post(b, 'norte', `/echeqs/${norte}/deposit`)).status).toBe(200);
    // Either process's registry job presents it (DEPOSITADO → PRESENTADO) and its inbox tells Banco Demo.
    const copy = await waitFor('presented to Banco Demo', async () => {
      const r = await db.query<{ id: string }>(
        `select e.id from echeqs e join companies co on co.id = e.company_id
         where co.name = 'Empresa Demo S.A.' and e.cheque_id = $1 and e.state = 'PRESENTADO'`,
        [id],
      );
      return r.rows[0]?.id;
    });
    const answers = await Promise.all([
      post(a, 'operador', `/echeqs/${copy}/pay`),
      post(b, 'demoAdmin', `/echeqs/${copy}/reject`, { motivo: 'Sin fondos suficientes' }),
    ]);
    await oneWinner(id, answers, ['PAGADO', 'RECHAZADO']);
  });
});
