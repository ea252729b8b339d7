import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, buenosAiresDate } from '../src/platform/clock';
import { build, type TestServer } from './helpers';

const today = buenosAiresDate(new Date());
let seq = 0;
function cheque(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    number: `64${seq}${String(Math.random()).slice(2, 9)}`,
    amount: 1250000.5,
    currency: 'ARS',
    issue_date: today,
    due_date: addDays(today, 60),
    issuer: 'Metalúrgica San Martín S.A.',
    issuer_cuit: '30-71234567-1',
    beneficiary: 'Empresa Demo S.A.',
    ...overrides,
  };
}

describe('cheques: listing and scope', () => {
  let s: TestServer;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    s = await build();
    for (const email of [
      'superadmin@plataforma.example',
      'admin@banco.example',
      'operador@banco.example',
      'auditor@banco.example',
      'emisor@empresa.example',
      'beneficiario@beneficiario.example',
      'avalista@avalista.example',
      'admin@bancosur.example',
      'empresa@sur.example',
      'entidad@financiera.example',
    ]) {
      tokens[email] = await s.login(email);
    }
  });
  afterAll(() => s.close());

  const count = async (where: string) =>
    (await s.db.query<{ n: number }>(`select count(*)::int as n from echeqs e where deleted_at is null and ${where}`))
      .rows[0]!.n;

  it('each role sees exactly its scope of the book', async () => {
    // Above a company, a registry cheque two of a bank's companies are party to is listed once (its bank copy).
    const bdemo = await count(`bank_copy and tenant_id = (select id from tenants where codigo = 'BDEMO')`);
    const bsur = await count(`bank_copy and tenant_id = (select id from tenants where codigo = 'BSUR')`);
    const empresa = await count(`company_id = (select id from companies where name = 'Empresa Demo S.A.')`);
    const expected: Record<string, number> = {
      'superadmin@plataforma.example': await count('bank_copy'),
      'admin@banco.example': bdemo,
      'operador@banco.example': bdemo,
      'auditor@banco.example': bdemo,
      'emisor@empresa.example': empresa,
      'beneficiario@beneficiario.example': await count(
        `company_id = (select id from companies where name = 'Beneficiario Demo S.R.L.')`,
      ),
      'avalista@avalista.example': await count(
        `company_id = (select id from companies where name = 'Avalista Demo S.A.')`,
      ),
      'admin@bancosur.example': bsur,
      'empresa@sur.example': bsur,
      'entidad@financiera.example': 0,
    };
    expect(empresa).toBeGreaterThanOrEqual(30);
    expect(bsur).toBeGreaterThanOrEqual(8);
    for (const [email, n] of Object.entries(expected)) {
      const r = await s.req('GET', '/api/echeqs?limit=100', { token: tokens[email] });
      expect(r.status, email).toBe(200);
      expect(r.body.data.total, email).toBe(n);
      expect(r.body.data.data.length, email).toBe(Math.min(n, 100));
    }
    const sur = await s.req('GET', '/api/echeqs?limit=100', { token: tokens['admin@bancosur.example'] });
    expect(sur.body.data.data.every((e: any) => e.company_name === 'Comercial Sur S.A.')).toBe(true);
  });

  it('pages in the contract shape, newest first, with defaults page 1 and limit 10', async () => {
    const r = await s.req('GET', '/api/echeqs', { token: tokens['emisor@empresa.example'] });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.data).toMatchObject({ page: 1, limit: 10 });
    expect(r.body.data.data).toHaveLength(10);
    const created = r.body.data.data.map((e: any) => e.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    const e = r.body.data.data[0];
    expect(typeof e.amount).toBe('number');
    expect(e.issue_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(e).toHaveProperty('customer_id');
    expect(e).toHaveProperty('validation_status');
    const p2 = await s.req('GET', '/api/echeqs?page=2&limit=10', { token: tokens['emisor@empresa.example'] });
    const ids1 = new Set(r.body.data.data.map((x: any) => x.id));
    expect(p2.body.data.data.some((x: any) => ids1.has(x.id))).toBe(false);
  });

  it('keyset cursor walks the same rows as the pages', async () => {
    const token = tokens['admin@banco.example'];
    const all = await s.req('GET', '/api/echeqs?limit=100', { token });
    const walked: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 20; i++) {
      const r: any = await s.req('GET', `/api/echeqs?limit=7${cursor ? `&cursor=${cursor}` : ''}`, { token });
      expect(r.status).toBe(200);
      walked.push(...r.body.data.data.map((e: any) => e.id));
      cursor = r.body.data.nextCursor;
      if (!cursor) break;
    }
    expect(walked).toEqual(all.body.data.data.map((e: any) => e.id));
    for (const bad of ['nope', 'bm9wZQ', `${'A'.repeat(201)}`]) {
      const r = await s.req('GET', `/api/echeqs?cursor=${bad}`, { token });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('VALIDATION_ERROR');
    }
  });

  it('filters by status (INACTIVE = CANCELLED or PAID) and searches number, issuer and beneficiary', async () => {
    const token = tokens['emisor@empresa.example'];
    const company = `company_id = (select id from companies where name = 'Empresa Demo S.A.')`;
    for (const [status, where] of [
      ['ACTIVE', `status = 'ACTIVE'`],
      ['INACTIVE', `status in ('CANCELLED', 'PAID')`],
      ['EXPIRED', `status = 'EXPIRED'`],
      ['CANCELLED', `status = 'CANCELLED'`],
      ['PAID', `status = 'PAID'`],
    ] as const) {
      const r = await s.req('GET', `/api/echeqs?status=${status}&limit=100`, { token });
      expect(r.status).toBe(200);
      const n = await count(`${company} and ${where}`);
      expect(n, status).toBeGreaterThan(0);
      expect(r.body.data.total, status).toBe(n);
    }
    const issuer = await s.req('GET', `/api/echeqs?search=${encodeURIComponent('metalúrgica SAN')}`, { token });
    expect(issuer.body.data.total).toBeGreaterThan(0);
    for (const e of issuer.body.data.data) {
      expect(`${e.issuer} ${e.beneficiary}`.toLowerCase()).toContain('metalúrgica san');
    }
    const some = (await s.req('GET', '/api/echeqs?limit=1', { token })).body.data.data[0];
    const byNumber = await s.req('GET', `/api/echeqs?search=${some.number.toLowerCase()}`, { token });
    expect(byNumber.body.data.data.map((e: any) => e.id)).toContain(some.id);
    const none = await s.req('GET', `/api/echeqs?search=${encodeURIComponent('%_zz')}`, { token });
    expect(none.body.data.total).toBe(0);
  });

  it('pages through a search in list order, by page number and by cursor, each match once', async () => {
    const token = tokens['admin@banco.example'];
    const term = 'S.A.';
    const all = await s.req('GET', `/api/echeqs?search=${encodeURIComponent(term)}&limit=100`, { token });
    expect(all.status).toBe(200);
    const ids: string[] = all.body.data.data.map((e: any) => e.id);
    expect(ids.length).toBeGreaterThan(10);
    const byPage: string[] = [];
    const byCursor: string[] = [];
    let cursor: string | null = null;
    for (let page = 1; page <= Math.ceil(ids.length / 5); page++) {
      const r = await s.req('GET', `/api/echeqs?search=${encodeURIComponent(term)}&limit=5&page=${page}`, { token });
      byPage.push(...r.body.data.data.map((e: any) => e.id));
      const c: { body: any } = await s.req(
        'GET',
        `/api/echeqs?search=${encodeURIComponent(term)}&limit=5&page=${page}${cursor ? `&cursor=${cursor}` : ''}`,
        { token },
      );
      byCursor.push(...c.body.data.data.map((e: any) => e.id));
      cursor = c.body.data.nextCursor;
    }
    expect(byPage).toEqual(ids);
    expect(byCursor).toEqual(ids);
    for (const e of all.body.data.data)
      expect(`${e.number} ${e.issuer} ${e.beneficiary}`.toLowerCase()).toContain('s.a.');
  });

  it('refuses bad list queries with 400', async () => {
    const token = tokens['emisor@empresa.example'];
    for (const q of [
      'limit=101',
      'limit=0',
      'page=0',
      'page=-1',
      'page=abc',
      'status=FOO',
      'extra=1',
      `search=${'x'.repeat(101)}`,
    ]) {
      const r = await s.req('GET', `/api/echeqs?${q}`, { token });
      expect(r.status, q).toBe(400);
      expect(r.body.code, q).toBe('VALIDATION_ERROR');
    }
    expect((await s.req('GET', '/api/echeqs')).status).toBe(401);
  });

  it('one cheque: 400 for a malformed id, 404 for missing or foreign ones', async () => {
    const mine = (await s.req('GET', '/api/echeqs?limit=1', { token: tokens['emisor@empresa.example'] })).body.data
      .data[0];
    const ok = await s.req('GET', `/api/echeqs/${mine.id}`, { token: tokens['emisor@empresa.example'] });
    expect(ok.status).toBe(200);
    expect(ok.body.data.id).toBe(mine.id);
    expect((await s.req('GET', `/api/echeqs/${mine.id}`, { token: tokens['admin@banco.example'] })).status).toBe(200);
    expect(
      (await s.req('GET', `/api/echeqs/${mine.id}`, { token: tokens['superadmin@plataforma.example'] })).status,
    ).toBe(200);
    for (const email of ['admin@bancosur.example', 'empresa@sur.example', 'beneficiario@beneficiario.example']) {
      const r = await s.req('GET', `/api/echeqs/${mine.id}`, { token: tokens[email] });
      expect(r.status, email).toBe(404);
      expect(r.body.code).toBe('NOT_FOUND');
    }
    const missing = await s.req('GET', '/api/echeqs/00000000-0000-4000-8000-000000000000', {
      token: tokens['admin@banco.example'],
    });
    expect(missing.status).toBe(404);
    const bad = await s.req('GET', '/api/echeqs/not-a-uuid', { token: tokens['admin@banco.example'] });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
  });
});

describe('cheques: create, update, validate, delete', () => {
  let s: TestServer;
  let emisor: string;
  let admin: string;
  beforeAll(async () => {
    s = await build();
    emisor = await s.login('emisor@empresa.example');
    admin = await s.login('admin@banco.example');
  });
  afterAll(() => s.close());

  const echeqCount = async () => (await s.db.query<{ n: number }>('select count(*)::int as n from echeqs')).rows[0]!.n;
  const audits = async (action: string, id: string) =>
    (
      await s.db.query<{ n: number }>('select count(*)::int as n from audit_log where action = $1 and entity_id = $2', [
        action,
        id,
      ])
    ).rows[0]!.n;
  const outbox = async (operation: string, id: string) =>
    (
      await s.db.query<{ n: number }>(
        'select count(*)::int as n from clearing_outbox where operation = $1 and entity_id = $2',
        [operation, id],
      )
    ).rows[0]!.n;

  it('a company user creates a cheque: stored exactly, registered with the clearing house, audited', async () => {
    const body = cheque({ amount: 999999999999.99, currency: 'USD', issuer_cuit: '30712345671' });
    const r = await s.req('POST', '/api/echeqs', { token: emisor, body });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    const e = r.body.data;
    expect(e).toMatchObject({
      number: body.number,
      amount: 999999999999.99,
      currency: 'USD',
      status: 'ACTIVE',
      validation_status: 'PENDING',
      company_name: 'Empresa Demo S.A.',
      issuer_cuit: '30712345671',
      beneficiary_cuit: null,
      custody_status: null,
      version: 1,
    });
    const row = await s.db.query<{ amount: string }>('select amount from echeqs where id = $1', [e.id]);
    expect(row.rows[0]!.amount).toBe('999999999999.99');
    expect(await audits('echeq.create', e.id)).toBe(1);
    expect(await outbox('ECHEQ_REGISTER', e.id)).toBe(1);
    const read = await s.req('GET', `/api/echeqs/${e.id}`, { token: admin });
    expect(read.body.data.amount).toBe(999999999999.99);
  });

  it('the number is unique within a bank (409 DUPLICATE) but free in another bank', async () => {
    const body = cheque();
    expect((await s.req('POST', '/api/echeqs', { token: emisor, body })).status).toBe(200);
    const again = await s.req('POST', '/api/echeqs', {
      token: emisor,
      body: { ...body, number: ` ${body.number} ` },
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('DUPLICATE');
    const other = await s.login('autorizante@empresa.example');
    const same = await s.req('POST', '/api/echeqs', { token: other, body });
    expect(same.status).toBe(409);
    // Banco Sur gets a sandbox configuration so its company can create: the same number is fine there.
    await configureSur(s);
    try {
      const sur = await s.login('empresa@sur.example');
      const there = await s.req('POST', '/api/echeqs', { token: sur, body });
      expect(there.status).toBe(200);
    } finally {
      await unconfigureSur(s);
    }
  });

  it('two simultaneous creations of one number: one wins, the other is 409', async () => {
    const body = cheque();
    const rs = await Promise.all([
      s.req('POST', '/api/echeqs', { token: emisor, body }),
      s.req('POST', '/api/echeqs', { token: emisor, body }),
    ]);
    expect(rs.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('bad input on every field is a clear 400 and stores nothing', async () => {
    const before = await echeqCount();
    const cases: [string, Record<string, unknown>][] = [
      ['amount', { amount: 0 }],
      ['amount', { amount: -5 }],
      ['amount', { amount: 10.123 }],
      ['amount', { amount: 1_000_000_000_000 }],
      ['amount', { amount: '100' }],
      ['amount', { amount: null }],
      ['currency', { currency: 'EUR' }],
      ['issue_date', { issue_date: '2024-02-30' }],
      ['issue_date', { issue_date: '05/03/2024' }],
      ['due_date', { due_date: addDays(today, -1) }],
      ['due_date', { due_date: addDays(today, 361) }],
      ['number', { number: '' }],
      ['number', { number: 'con espacios' }],
      ['number', { number: '1'.repeat(31) }],
      ['number', { number: 'A-1001' }],
      ['issuer', { issuer: '   ' }],
      ['issuer', { issuer: 'x'.repeat(201) }],
      ['beneficiary', { beneficiary: undefined }],
      ['issuer_cuit', { issuer_cuit: '30-71234567-2' }],
      ['beneficiary_cuit', { beneficiary_cuit: '123' }],
      ['status', { status: 'BORRADO' }],
      ['hacker', { hacker: true }],
    ];
    for (const [field, override] of cases) {
      const r = await s.req('POST', '/api/echeqs', { token: emisor, body: cheque(override) });
      expect(r.status, JSON.stringify(override)).toBe(400);
      expect(r.body.code).toBe('VALIDATION_ERROR');
      expect(r.body.message).toBeTruthy();
      expect(
        (r.body.errors ?? []).some((e: any) => e.path.includes(field) || e.message.includes(field)),
        `${field}: ${JSON.stringify(r.body.errors)}`,
      ).toBe(true);
    }
    const empty = await s.req('POST', '/api/echeqs', { token: emisor, body: {} });
    expect(empty.status).toBe(400);
    const paths = empty.body.errors.map((e: any) => e.path);
    for (const f of ['number', 'amount', 'issue_date', 'due_date', 'issuer', 'beneficiary']) expect(paths).toContain(f);
    expect((await s.req('POST', '/api/echeqs', { token: emisor, raw: '{"number":' })).status).toBe(400);
    expect(await echeqCount()).toBe(before);
  });

  it('a cheque number that is not only digits is a 400 in Spanish, on creation and on deposit in custody', async () => {
    const before = await echeqCount();
    for (const path of ['/api/echeqs', '/api/echeqs/custody']) {
      for (const number of ['A-1001', '1001-2', '10 01', 'ñ1']) {
        const r = await s.req('POST', path, { token: emisor, body: cheque({ number }) });
        expect(r.status, `${path} ${number}`).toBe(400);
        expect(r.body).toMatchObject({
          success: false,
          code: 'VALIDATION_ERROR',
          message: 'Datos inválidos en el cuerpo',
          errors: [{ path: 'number', message: 'Número: solo dígitos (hasta 30)' }],
        });
      }
    }
    expect(await echeqCount()).toBe(before);
  });

  it('bank users, auditors and read-only company roles cannot create (403); without clearing house 503', async () => {
    for (const email of [
      'admin@banco.example',
      'operador@banco.example',
      'auditor@banco.example',
      'superadmin@plataforma.example',
      'beneficiario@beneficiario.example',
      'avalista@avalista.example',
    ]) {
      const r = await s.req('POST', '/api/echeqs', { token: await s.login(email), body: cheque() });
      expect(r.status, email).toBe(403);
      expect(r.body.code).toBe('FORBIDDEN');
    }
    const before = await echeqCount();
    const sur = await s.req('POST', '/api/echeqs', { token: await s.login('empresa@sur.example'), body: cheque() });
    expect(sur.status).toBe(503);
    expect(sur.body).toMatchObject({
      code: 'COELSA_NOT_CONFIGURED',
      message: 'COELSA no está configurado. Contacte al administrador del sistema.',
    });
    expect(await echeqCount()).toBe(before);
  });

  it('updates: fields change, the number cannot, stale versions and foreign cheques are refused', async () => {
    const created = (await s.req('POST', '/api/echeqs', { token: emisor, body: cheque() })).body.data;
    const r = await s.req('PUT', `/api/echeqs/${created.id}`, {
      token: emisor,
      body: { amount: 2000, issuer: 'Molinos Tandil S.A.', status: 'PAID', number: created.number, version: 1 },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ amount: 2000, issuer: 'Molinos Tandil S.A.', status: 'PAID', version: 2 });
    expect(await audits('echeq.update', created.id)).toBe(1);
    expect(await outbox('ECHEQ_UPDATE', created.id)).toBe(1);
    const audit = await s.db.query<{ before: any; after: any }>(
      `select before, after from audit_log where action = 'echeq.update' and entity_id = $1`,
      [created.id],
    );
    expect(audit.rows[0]!.before.amount).toBe(1250000.5);
    expect(audit.rows[0]!.after.amount).toBe(2000);

    const number = await s.req('PUT', `/api/echeqs/${created.id}`, {
      token: emisor,
      body: { number: `9${created.number}` },
    });
    expect(number.status).toBe(400);
    expect(number.body.errors[0].path).toBe('number');
    const stale = await s.req('PUT', `/api/echeqs/${created.id}`, {
      token: emisor,
      body: { amount: 3000, version: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('CONFLICT');
    const far = await s.req('PUT', `/api/echeqs/${created.id}`, {
      token: emisor,
      body: { due_date: addDays(created.issue_date, 400) },
    });
    expect(far.status).toBe(400);
    const early = await s.req('PUT', `/api/echeqs/${created.id}`, {
      token: emisor,
      body: { due_date: addDays(created.issue_date, -1) },
    });
    expect(early.status).toBe(400);
    for (const body of [{ amount: -1 }, { currency: 'BRL' }, { issuer_cuit: '20-1' }, { foo: 1 }, { issuer: '' }]) {
      const bad = await s.req('PUT', `/api/echeqs/${created.id}`, { token: emisor, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    const still = (await s.req('GET', `/api/echeqs/${created.id}`, { token: emisor })).body.data;
    expect(still).toMatchObject({ amount: 2000, version: 2, number: created.number });

    // The bank edits its tenant's book; other tenants and companies get 404, read-only roles 403.
    const byBank = await s.req('PUT', `/api/echeqs/${created.id}`, { token: admin, body: { status: 'ACTIVE' } });
    expect(byBank.status).toBe(200);
    const operador = await s.req('PUT', `/api/echeqs/${created.id}`, {
      token: await s.login('operador@banco.example'),
      body: { beneficiary: 'Empresa Demo S.A. (cuenta 2)' },
    });
    expect(operador.status).toBe(200);
    expect(
      (
        await s.req('PUT', `/api/echeqs/${created.id}`, {
          token: await s.login('admin@bancosur.example'),
          body: { amount: 1 },
        })
      ).status,
    ).toBe(404);
    for (const email of ['auditor@banco.example', 'beneficiario@beneficiario.example']) {
      const r2 = await s.req('PUT', `/api/echeqs/${created.id}`, { token: await s.login(email), body: { amount: 1 } });
      expect(r2.status, email).toBe(403);
    }
    const sur = await s.login('empresa@sur.example');
    const surEcheq = (await s.req('GET', '/api/echeqs?limit=1', { token: sur })).body.data.data[0];
    const surEdit = await s.req('PUT', `/api/echeqs/${surEcheq.id}`, { token: sur, body: { issuer: 'Otro S.A.' } });
    expect(surEdit.status).toBe(503);
    expect(surEdit.body.code).toBe('COELSA_NOT_CONFIGURED');
    expect((await s.req('PUT', `/api/echeqs/${surEcheq.id}`, { token: emisor, body: { amount: 5 } })).status).toBe(404);
  });

  // Issue 20: a cheque in custody changes only through operations; what a discount priced is locked (cheque-rules).
  it('a cheque in custody is not edited through the edit form; once released it is', async () => {
    const dep = await s.req('POST', '/api/echeqs/custody', { token: emisor, body: cheque() });
    expect(dep.status).toBe(200);
    const id = dep.body.data.echeq.id;
    for (const body of [{ status: 'PAID' }, { due_date: addDays(today, 90) }, { issuer: 'Nombre corregido S.A.' }]) {
      const r = await s.req('PUT', `/api/echeqs/${id}`, { token: emisor, body });
      expect(r.status, JSON.stringify(body)).toBe(409);
      expect(r.body.code).toBe('INVALID_TRANSITION');
    }
    const custody = await s.req('GET', `/api/echeqs/custody/${dep.body.data.custody.id}`, { token: emisor });
    expect(custody.body.data.presentation_deadline).toBe(addDays(dep.body.data.echeq.due_date, 30));
    const released = await s.req('PUT', `/api/echeqs/custody/${dep.body.data.custody.id}/release`, {
      token: emisor,
      body: { reason: 'Retiro' },
    });
    expect(released.status).toBe(200);
    const name = await s.req('PUT', `/api/echeqs/${id}`, { token: emisor, body: { issuer: 'Nombre corregido S.A.' } });
    expect(name.status).toBe(200);
  });

  it('validation asks the clearing house, stores the answer and audits it', async () => {
    const created = (await s.req('POST', '/api/echeqs', { token: emisor, body: cheque() })).body.data;
    const r = await s.req('GET', `/api/echeqs/validate/${created.id}`, { token: emisor });
    expect(r.status).toBe(200);
    expect(['VALIDATED', 'REJECTED']).toContain(r.body.data.validation_status);
    expect(r.body.data.echeq.validation_status).toBe(r.body.data.validation_status);
    expect(r.body.data.echeq.validated_at).toBeTruthy();
    expect(await audits('echeq.validate', created.id)).toBe(1);
    const byBank = await s.req('GET', `/api/echeqs/validate/${created.id}`, { token: admin });
    expect(byBank.status).toBe(200);
    expect(
      (await s.req('GET', `/api/echeqs/validate/${created.id}`, { token: await s.login('auditor@banco.example') }))
        .status,
    ).toBe(403);
    expect(
      (await s.req('GET', `/api/echeqs/validate/${created.id}`, { token: await s.login('admin@bancosur.example') }))
        .status,
    ).toBe(404);
    expect((await s.req('GET', '/api/echeqs/validate/xyz', { token: admin })).status).toBe(400);
    const sur = await s.login('empresa@sur.example');
    const surEcheq = (await s.req('GET', '/api/echeqs?limit=1', { token: sur })).body.data.data[0];
    const unconfigured = await s.req('GET', `/api/echeqs/validate/${surEcheq.id}`, { token: sur });
    expect(unconfigured.status).toBe(503);
  });

  it('delete is a persisted, audited soft delete, refused in custody or with an open discount', async () => {
    const created = (await s.req('POST', '/api/echeqs', { token: emisor, body: cheque() })).body.data;
    expect(
      (await s.req('DELETE', `/api/echeqs/${created.id}`, { token: await s.login('auditor@banco.example') })).status,
    ).toBe(403);
    expect(
      (await s.req('DELETE', `/api/echeqs/${created.id}`, { token: await s.login('admin@bancosur.example') })).status,
    ).toBe(404);
    const del = await s.req('DELETE', `/api/echeqs/${created.id}`, { token: emisor });
    expect(del.status).toBe(200);
    expect(del.body.data.id).toBe(created.id);
    const row = await s.db.query<{ deleted_at: unknown }>('select deleted_at from echeqs where id = $1', [created.id]);
    expect(row.rows[0]!.deleted_at).not.toBeNull();
    expect(await audits('echeq.delete', created.id)).toBe(1);
    expect((await s.req('GET', `/api/echeqs/${created.id}`, { token: emisor })).status).toBe(404);
    expect((await s.req('DELETE', `/api/echeqs/${created.id}`, { token: emisor })).status).toBe(404);
    const list = await s.req('GET', `/api/echeqs?search=${created.number}`, { token: emisor });
    expect(list.body.data.total).toBe(0);
    // Its number stays taken in the bank (issue 20).
    expect(
      (await s.req('POST', '/api/echeqs', { token: emisor, body: cheque({ number: created.number }) })).status,
    ).toBe(409);

    const dep = (await s.req('POST', '/api/echeqs/custody', { token: emisor, body: cheque() })).body.data;
    const inCustody = await s.req('DELETE', `/api/echeqs/${dep.echeq.id}`, { token: admin });
    expect(inCustody.status).toBe(409);
    const released = await s.req('PUT', `/api/echeqs/custody/${dep.custody.id}/release`, {
      token: emisor,
      body: { reason: 'Retiro' },
    });
    expect(released.status).toBe(200);

    const other = (await s.req('POST', '/api/echeqs', { token: emisor, body: cheque() })).body.data;
    await insertDiscount(s, other.id, 'APPROVED');
    const discounted = await s.req('DELETE', `/api/echeqs/${other.id}`, { token: emisor });
    expect(discounted.status).toBe(409);
    expect((await s.req('DELETE', `/api/echeqs/${dep.echeq.id}`, { token: admin })).status).toBe(200);
    // Its (released) custody record leaves the custody list and its count with it.
    const custodyList = await s.req('GET', `/api/echeqs/custody?search=${dep.echeq.number}`, { token: emisor });
    expect(custodyList.body.data.total).toBe(0);
    const all = await s.req('GET', '/api/echeqs/custody?limit=100&status=RELEASED', { token: emisor });
    expect(all.body.data.data.some((c: any) => c.id === dep.custody.id)).toBe(false);
    expect(all.body.data.total).toBe(all.body.data.data.length);
    expect((await s.req('GET', `/api/echeqs/custody/${dep.custody.id}`, { token: emisor })).status).toBe(404);
    expect((await s.req('DELETE', '/api/echeqs/abc', { token: admin })).status).toBe(400);
  });
});

/** A discount row straight into the table (the discounts module has its own tests). */
async function insertDiscount(s: TestServer, echeqId: string, status: 'PENDING' | 'APPROVED') {
  const custody = await s.db.query<{ id: string }>(
    `select id from custody where echeq_id = $1 order by custody_date desc limit 1`,
    [echeqId],
  );
  let custodyId = custody.rows[0]?.id;
  if (!custodyId) {
    const c = await s.db.query<{ id: string }>(
      `insert into custody (tenant_id, company_id, echeq_id, status, presentation_deadline)
       select tenant_id, company_id, id, 'RELEASED', due_date + 30 from echeqs where id = $1 returning id`,
      [echeqId],
    );
    custodyId = c.rows[0]!.id;
  }
  await s.db.query(
    `insert into discounts (tenant_id, company_id, echeq_id, custody_id, requested_amount, status)
     select tenant_id, company_id, id, $2, 1000, $3 from echeqs where id = $1`,
    [echeqId, custodyId, status],
  );
  // An approval marks the cheque as the bank's (what approveDiscount does).
  if (status === 'APPROVED') await s.db.query('update echeqs set discounted_at = now() where id = $1', [echeqId]);
}

const SUR = `(select id from tenants where codigo = 'BSUR')`;

/** Configures Banco Sur on the sandbox (a configuration row plus its sandbox participant record, when that exists). */
async function configureSur(s: TestServer) {
  await s.db.query(`insert into coelsa_configs (tenant_id, environment) select ${SUR}, 'sandbox'`);
  const sandbox = await s.db.query<{ t: string | null }>(
    `select to_regclass('coelsa_sandbox_participants')::text as t`,
  );
  if (sandbox.rows[0]?.t) await s.db.query(`insert into coelsa_sandbox_participants (tenant_id) select ${SUR}`);
}

async function unconfigureSur(s: TestServer) {
  const sandbox = await s.db.query<{ t: string | null }>(
    `select to_regclass('coelsa_sandbox_participants')::text as t`,
  );
  if (sandbox.rows[0]?.t) await s.db.query(`delete from coelsa_sandbox_participants where tenant_id = ${SUR}`);
  await s.db.query(`delete from coelsa_configs where tenant_id = ${SUR}`);
}
