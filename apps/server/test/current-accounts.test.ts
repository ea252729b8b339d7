import { CHEQUEBOOK_SIZE, type CurrentAccount, isValidCbu, makeCbu } from '@echeq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankCodeFor, takeNextChequeNumber } from '../src/modules/accounts';
import type { Db } from '../src/platform/db/db';
import { build, TEST_ENGINE, type TestServer } from './helpers';

const EMPRESA = 'emisor@empresa.example';
const BENEFICIARIO = 'beneficiario@beneficiario.example';
const NORTE = 'tesoreria@norte.example';
const SUR = 'empresa@sur.example';
const BANK = 'admin@banco.example';
const NORTE_BANK = 'admin@banconorte.example';
const SUR_BANK = 'admin@bancosur.example';

describe(`current accounts and chequebooks (${TEST_ENGINE})`, () => {
  let s: TestServer;
  const tokens = new Map<string, string>();
  const token = async (email: string) => {
    if (!tokens.has(email)) tokens.set(email, await s.login(email));
    return tokens.get(email)!;
  };
  const accountsOf = async (email: string, query = ''): Promise<CurrentAccount[]> => {
    const r = await s.req('GET', `/api/accounts${query}`, { token: await token(email) });
    expect(r.status).toBe(200);
    return r.body.data;
  };
  const companyId = async (name: string) =>
    (await s.db.query<{ id: string }>('select id from companies where name = $1', [name])).rows[0]!.id;
  /** Takes `n` numbers of the account, one transaction each. */
  const take = async (db: Db, accountId: string, n: number) => {
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push((await db.transaction((tx) => takeNextChequeNumber(tx, accountId))).number);
    return out;
  };

  beforeAll(async () => {
    s = await build();
  });
  afterAll(() => s.close());

  it('gives every demo company its accounts with valid CBUs of its bank and a chequebook each', async () => {
    const empresa = await accountsOf(EMPRESA);
    expect(empresa.map((a) => a.currency).sort()).toEqual(['ARS', 'USD']);
    for (const a of empresa) {
      expect(isValidCbu(a.cbu)).toBe(true);
      expect(a.cbu.startsWith('901')).toBe(true);
      expect(a.company_name).toBe('Empresa Demo S.A.');
      expect(a.chequebooks).toHaveLength(1);
      expect(a.chequebooks[0]!.first).toMatch(/^\d{8}$/);
    }
    // The demo's dollar chequebook is about to run out (4 left): a new one can be requested.
    const byCurrency = Object.fromEntries(empresa.map((a) => [a.currency, a]));
    // The pesos one has issued the demo's registry cheques and keeps most of its numbers.
    expect(byCurrency.ARS).toMatchObject({ can_request_chequebook: false });
    expect(byCurrency.ARS!.remaining).toBeGreaterThan(CHEQUEBOOK_SIZE / 2);
    expect(byCurrency.ARS!.chequebooks[0]).toMatchObject({ status: 'ACTIVE' });
    expect(byCurrency.USD).toMatchObject({ remaining: 4, can_request_chequebook: true });
    const norte = await accountsOf(NORTE);
    expect(norte.map((a) => [a.currency, a.company_name, a.cbu.slice(0, 3)])).toEqual([
      ['ARS', 'Distribuidora Norte S.A.', '903'],
    ]);
    expect((await accountsOf(BENEFICIARIO)).map((a) => a.company_name)).toEqual(['Beneficiario Demo S.R.L.']);
    expect((await accountsOf(SUR)).map((a) => a.cbu.slice(0, 3))).toEqual(['902']);
  });

  it('shows a bank its clients’ accounts only, filtered by company, never another bank’s', async () => {
    const demo = await accountsOf(BANK);
    expect(new Set(demo.map((a) => a.company_name))).toEqual(
      new Set(['Empresa Demo S.A.', 'Beneficiario Demo S.R.L.', 'Avalista Demo S.A.']),
    );
    const empresaId = await companyId('Empresa Demo S.A.');
    expect((await accountsOf(BANK, `?company_id=${empresaId}`)).map((a) => a.company_id)).toEqual([
      empresaId,
      empresaId,
    ]);
    expect(await accountsOf(NORTE_BANK, `?company_id=${empresaId}`)).toEqual([]);
    expect((await accountsOf(NORTE_BANK)).map((a) => a.company_name)).toEqual(['Distribuidora Norte S.A.']);
    expect(await accountsOf(EMPRESA, `?company_id=${await companyId('Distribuidora Norte S.A.')}`)).toEqual([]);
    const clients = await s.req('GET', '/api/accounts/clients', { token: await token(NORTE_BANK) });
    expect(clients.body.data.map((c: { name: string }) => c.name)).toEqual(['Distribuidora Norte S.A.']);
    const bad = await s.req('GET', '/api/accounts?company_id=x', { token: await token(BANK) });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
  });

  it('lets a bank admin open accounts for its clients, with a CBU it is given or one the platform makes', async () => {
    const avalista = await companyId('Avalista Demo S.A.');
    const made = await s.req('POST', '/api/accounts', {
      token: await token(BANK),
      body: { company_id: avalista, currency: 'USD' },
    });
    expect(made.status).toBe(200);
    expect(isValidCbu(made.body.data.cbu)).toBe(true);
    expect(made.body.data).toMatchObject({ currency: 'USD', status: 'ACTIVE', company_id: avalista });
    expect(made.body.data.chequebooks[0]).toMatchObject({ status: 'ACTIVE', remaining: CHEQUEBOOK_SIZE });
    const audit = await s.db.query<{ after: any; actor_email: string }>(
      `select after, actor_email from audit_log where action = 'account.open' and entity_id = $1`,
      [made.body.data.id],
    );
    expect(audit.rows[0]).toMatchObject({ actor_email: BANK, after: { cbu: made.body.data.cbu, currency: 'USD' } });

    const given = makeCbu({ bankCode: '901', branch: '0042', account: '7777' });
    const withCbu = await s.req('POST', '/api/accounts', {
      token: await token(BANK),
      body: { company_id: avalista, currency: 'ARS', cbu: `${given.slice(0, 8)}-${given.slice(8)}` },
    });
    expect(withCbu.status).toBe(200);
    expect(withCbu.body.data.cbu).toBe(given);
    const again = await s.req('POST', '/api/accounts', {
      token: await token(BANK),
      body: { company_id: avalista, currency: 'ARS', cbu: given },
    });
    expect([again.status, again.body.code]).toEqual([409, 'DUPLICATE']);

    const wrongDigit = `${given.slice(0, 21)}${(Number(given[21]) + 1) % 10}`;
    const bad = await s.req('POST', '/api/accounts', {
      token: await token(BANK),
      body: { company_id: avalista, currency: 'ARS', cbu: wrongDigit },
    });
    expect([bad.status, bad.body.code, bad.body.errors[0].path]).toEqual([400, 'VALIDATION_ERROR', 'cbu']);
    const otherBank = await s.req('POST', '/api/accounts', {
      token: await token(BANK),
      body: { company_id: avalista, currency: 'ARS', cbu: makeCbu({ bankCode: '903', branch: '1', account: '9' }) },
    });
    expect([otherBank.status, otherBank.body.errors[0].path]).toEqual([400, 'cbu']);
    const notClient = await s.req('POST', '/api/accounts', {
      token: await token(BANK),
      body: { company_id: await companyId('Distribuidora Norte S.A.'), currency: 'ARS' },
    });
    expect(notClient.status).toBe(404);
    const badCurrency = await s.req('POST', '/api/accounts', {
      token: await token(BANK),
      body: { company_id: avalista, currency: 'EUR' },
    });
    expect(badCurrency.status).toBe(400);
    const operator = await s.login('operador@banco.example');
    const refused = await s.req('POST', '/api/accounts', {
      token: operator,
      body: { company_id: avalista, currency: 'ARS' },
    });
    expect([refused.status, refused.body.code]).toEqual([403, 'FORBIDDEN']);
  });

  it('gives a bank without a code the lowest free one, never another bank’s', async () => {
    const bank = async (codigo: string) =>
      (
        await s.db.query<{ id: string }>(
          `insert into tenants (nombre, codigo, cuit, tipo) values ($1, $1, '30700050010', 'BANCO') returning id`,
          [codigo],
        )
      ).rows[0]!.id;
    const first = await bank('BNUEVO1');
    expect(await s.db.transaction((tx) => bankCodeFor(tx, first))).toBe('900');
    expect(await s.db.transaction((tx) => bankCodeFor(tx, first, '950'))).toBe('900');
    const second = await bank('BNUEVO2');
    const taken = await s.db.transaction((tx) => bankCodeFor(tx, second, '901')).catch((e) => e);
    expect([taken.code, taken.errors[0].path]).toEqual(['VALIDATION_ERROR', 'cbu']);
    expect(await s.db.transaction((tx) => bankCodeFor(tx, second))).toBe('904');
  });

  it('takes numbers in order, moves to the next chequebook, and refuses when none is left', async () => {
    const [ars] = (await accountsOf(EMPRESA)).filter((a) => a.currency === 'ARS');
    const next = Number(ars!.chequebooks[0]!.next);
    const left = ars!.remaining;
    const early = await s.req('POST', `/api/accounts/${ars!.id}/chequebooks`, { token: await token(EMPRESA) });
    expect([early.status, early.body.code]).toEqual([409, 'CONFLICT']);
    expect(early.body.message).toContain('menos de 5');

    const taken = await take(s.db, ars!.id, left - 4);
    expect(taken[0]).toBe(String(next).padStart(8, '0'));
    expect(taken.at(-1)).toBe(String(next + left - 5).padStart(8, '0'));
    const [now] = (await accountsOf(EMPRESA)).filter((a) => a.id === ars!.id);
    expect(now).toMatchObject({ remaining: 4, can_request_chequebook: true });

    const other = await s.req('POST', `/api/accounts/${ars!.id}/chequebooks`, { token: await token(BENEFICIARIO) });
    expect(other.status).toBe(404);
    const asked = await s.req('POST', `/api/accounts/${ars!.id}/chequebooks`, { token: await token(EMPRESA) });
    expect(asked.status).toBe(200);
    const books = asked.body.data.chequebooks;
    expect(books.map((b: { status: string }) => b.status)).toEqual(['ACTIVE', 'ACTIVE']);
    expect(asked.body.data.remaining).toBe(4 + CHEQUEBOOK_SIZE);
    expect(Number(books[1].first)).toBeGreaterThan(Number(books[0].last));

    const rest = await take(s.db, ars!.id, 4 + CHEQUEBOOK_SIZE);
    expect(new Set([...taken, ...rest]).size).toBe(taken.length + rest.length);
    expect(rest[4]).toBe(books[1].first);
    const none = await s.db
      .transaction((tx) => takeNextChequeNumber(tx, ars!.id))
      .then(() => null)
      .catch((e) => e);
    expect(none?.code).toBe('CONFLICT');
    expect(none?.message).toContain('solicite una chequera nueva');
    const [after] = (await accountsOf(EMPRESA)).filter((a) => a.id === ars!.id);
    expect(after!.chequebooks.map((b) => [b.status, b.remaining, b.next])).toEqual([
      ['EXHAUSTED', 0, null],
      ['EXHAUSTED', 0, null],
    ]);
  });

  it('keeps a chequebook pending off the sandbox until the bank activates it', async () => {
    const [sur] = await accountsOf(SUR);
    expect(sur).toMatchObject({ remaining: 4, can_request_chequebook: true });
    const asked = await s.req('POST', `/api/accounts/${sur!.id}/chequebooks`, { token: await token(SUR) });
    expect(asked.status).toBe(200);
    expect(asked.body.message).toContain('el banco debe activarla');
    const pending = asked.body.data.chequebooks[1];
    expect(pending).toMatchObject({ status: 'PENDING', remaining: 0, activated_at: null });
    const twice = await s.req('POST', `/api/accounts/${sur!.id}/chequebooks`, { token: await token(SUR) });
    expect([twice.status, twice.body.message]).toEqual([409, expect.stringContaining('pendiente')]);

    const path = `/api/accounts/${sur!.id}/chequebooks/${pending.id}/activate`;
    expect((await s.req('POST', path, { token: await token(BANK) })).status).toBe(404);
    expect((await s.req('POST', path, { token: await token(SUR) })).status).toBe(403);
    const done = await s.req('POST', path, { token: await token(SUR_BANK) });
    expect(done.status).toBe(200);
    expect(done.body.data.chequebooks[1]).toMatchObject({ status: 'ACTIVE', remaining: CHEQUEBOOK_SIZE });
    expect((await s.req('POST', path, { token: await token(SUR_BANK) })).status).toBe(409);
    const audit = await s.db.query<{ action: string }>(
      `select action from audit_log where entity = 'chequebook' and entity_id = $1 order by id`,
      [pending.id],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['chequebook.request', 'chequebook.activate']);
  });

  it(`without a transaction, across a chequebook boundary, never gives a number twice nor refuses one left (${TEST_ENGINE === 'pg' ? 'two server processes' : 'one process'})`, async () => {
    const second = TEST_ENGINE === 'pg' ? await build({ sameDatabaseAs: s }) : null;
    try {
      // A new account of Norte's: its first book down to 4 numbers, then a second book (active at once on the sandbox).
      const opened = await s.req('POST', '/api/accounts', {
        token: await token(NORTE_BANK),
        body: { company_id: await companyId('Distribuidora Norte S.A.'), currency: 'ARS' },
      });
      expect(opened.status, JSON.stringify(opened.body)).toBe(200);
      const id = opened.body.data.id as string;
      const first = await take(s.db, id, CHEQUEBOOK_SIZE - 4);
      const asked = await s.req('POST', `/api/accounts/${id}/chequebooks`, { token: await token(NORTE) });
      expect(asked.status, JSON.stringify(asked.body)).toBe(200);
      const left = 4 + CHEQUEBOOK_SIZE;
      expect(asked.body.data.remaining).toBe(left);
      // As the issue takes them: each a statement of its own, from two processes at once, five more than are left.
      const dbs = second ? [s.db, second.db] : [s.db];
      const results = await Promise.allSettled(
        Array.from({ length: left + 5 }, (_, i) => takeNextChequeNumber(dbs[i % dbs.length]!, id)),
      );
      const numbers = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.number] : []));
      const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason.code] : []));
      expect(numbers).toHaveLength(left);
      expect(new Set([...first, ...numbers]).size).toBe(first.length + left);
      expect(refused).toEqual(Array(5).fill('CONFLICT'));
    } finally {
      await second?.close();
    }
  });

  it(`never gives a number twice under concurrent takes (${TEST_ENGINE === 'pg' ? 'two server processes' : 'one process'})`, async () => {
    const second = TEST_ENGINE === 'pg' ? await build({ sameDatabaseAs: s }) : null;
    try {
      const [norte] = await accountsOf(NORTE);
      const dbs = second ? [s.db, second.db] : [s.db];
      // The demo's registry cheques already took some of Norte's numbers: the rest, and five more attempts.
      const left = norte!.remaining;
      const attempts = left + 5;
      const results = await Promise.allSettled(
        Array.from({ length: attempts }, (_, i) =>
          dbs[i % dbs.length]!.transaction((tx) => takeNextChequeNumber(tx, norte!.id)),
        ),
      );
      const numbers = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.number] : []));
      const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason.code] : []));
      expect(numbers).toHaveLength(left);
      expect(new Set(numbers).size).toBe(left);
      expect(refused).toEqual(Array(5).fill('CONFLICT'));
      const next = Number(norte!.chequebooks[0]!.next);
      expect(numbers.map(Number).sort((a, b) => a - b)).toEqual(Array.from({ length: left }, (_, i) => next + i));
    } finally {
      await second?.close();
    }
  });
});
