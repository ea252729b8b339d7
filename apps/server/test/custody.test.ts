import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireCustodyOnce } from '../src/modules/custody';
import { addDays, buenosAiresDate, fixedClock } from '../src/platform/clock';
import { build, type TestServer } from './helpers';
import { custodyStatusDrift } from './reports-fixtures';

const today = buenosAiresDate(new Date());
let seq = 0;
function deposit(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    number: `62${seq}${String(Math.random()).slice(2, 9)}`,
    amount: 845320.5,
    currency: 'ARS',
    issue_date: today,
    due_date: addDays(today, 45),
    issuer: 'Distribuidora del Litoral S.R.L.',
    beneficiary: 'Empresa Demo S.A.',
    ...overrides,
  };
}

const n = async (s: TestServer, sql: string, params: unknown[] = []) =>
  (await s.db.query<{ n: number }>(sql, params)).rows[0]!.n;

describe('custody: deposit, list, detail, release', () => {
  let s: TestServer;
  let emisor: string;
  let admin: string;
  beforeAll(async () => {
    s = await build();
    emisor = await s.login('emisor@empresa.example');
    admin = await s.login('admin@banco.example');
  });
  afterAll(() => s.close());

  it('deposits a new cheque and its custody in one go: data { echeq, custody }', async () => {
    const body = { ...deposit(), notes: 'Depósito de prueba' };
    const r = await s.req('POST', '/api/echeqs/custody', { token: emisor, body });
    expect(r.status).toBe(200);
    const { echeq, custody } = r.body.data;
    expect(echeq).toMatchObject({ number: body.number, amount: 845320.5, custody_status: 'IN_CUSTODY' });
    expect(custody).toMatchObject({
      status: 'IN_CUSTODY',
      echeq_id: echeq.id,
      presentation_deadline: addDays(body.due_date, 30),
      release_date: null,
      notes: 'Depósito de prueba',
      company_name: 'Empresa Demo S.A.',
      echeq: { number: echeq.number, amount: 845320.5, issuer: body.issuer, due_date: body.due_date },
    });
    expect(
      await n(s, `select count(*)::int as n from audit_log where entity_id = any($1)`, [[echeq.id, custody.id]]),
    ).toBe(2);
    expect(
      await n(s, `select count(*)::int as n from clearing_outbox where entity_id = any($1)`, [[echeq.id, custody.id]]),
    ).toBe(2);
    const detail = await s.req('GET', `/api/echeqs/custody/${custody.id}`, { token: admin });
    expect(detail.status).toBe(200);
    expect(detail.body.data).toEqual(custody);
  });

  it('refuses incomplete or bad deposits with 400 and stores nothing', async () => {
    const before = await n(s, 'select count(*)::int as n from custody');
    const empty = await s.req('POST', '/api/echeqs/custody', { token: emisor, body: {} });
    expect(empty.status).toBe(400);
    const paths = empty.body.errors.map((e: any) => e.path);
    for (const f of ['number', 'amount', 'issue_date', 'due_date', 'issuer', 'beneficiary']) expect(paths).toContain(f);
    for (const override of [
      { amount: '1000' },
      { amount: 0 },
      { amount: 1.001 },
      { currency: 'EUR' },
      { due_date: addDays(today, -1) },
      { due_date: addDays(today, 400) },
      { issuer_cuit: '30-00000000-0' },
      { notes: 'x'.repeat(1001) },
      { status: 'PAID' },
      // Presentation period (due + 30 days) already over.
      { issue_date: addDays(today, -100), due_date: addDays(today, -31) },
    ]) {
      const r = await s.req('POST', '/api/echeqs/custody', { token: emisor, body: deposit(override) });
      expect(r.status, JSON.stringify(override)).toBe(400);
      expect(r.body.code).toBe('VALIDATION_ERROR');
    }
    expect(await n(s, 'select count(*)::int as n from custody')).toBe(before);
    const dup = deposit();
    expect((await s.req('POST', '/api/echeqs/custody', { token: emisor, body: dup })).status).toBe(200);
    const again = await s.req('POST', '/api/echeqs/custody', { token: emisor, body: dup });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('DUPLICATE');
  });

  it('who may deposit: company writers only; Banco Sur without clearing house is 503', async () => {
    for (const email of ['admin@banco.example', 'auditor@banco.example', 'beneficiario@beneficiario.example']) {
      const r = await s.req('POST', '/api/echeqs/custody', { token: await s.login(email), body: deposit() });
      expect(r.status, email).toBe(403);
    }
    const autorizante = await s.req('POST', '/api/echeqs/custody', {
      token: await s.login('autorizante@empresa.example'),
      body: deposit(),
    });
    expect(autorizante.status).toBe(200);
    const sur = await s.req('POST', '/api/echeqs/custody', {
      token: await s.login('empresa@sur.example'),
      body: deposit(),
    });
    expect(sur.status).toBe(503);
    expect(sur.body.code).toBe('COELSA_NOT_CONFIGURED');
  });

  it('lists in the paged shape with status filter, search and scope', async () => {
    const r = await s.req('GET', '/api/echeqs/custody', { token: emisor });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ page: 1, limit: 10 });
    const company = `c.company_id = (select id from companies where name = 'Empresa Demo S.A.')`;
    const total = await n(
      s,
      `select count(*)::int as n from custody c join echeqs e on e.id = c.echeq_id where e.deleted_at is null and ${company}`,
    );
    expect(r.body.data.total).toBe(total);
    for (const status of ['IN_CUSTODY', 'RELEASED', 'EXPIRED', 'CANCELLED']) {
      const f = await s.req('GET', `/api/echeqs/custody?status=${status}&limit=100`, { token: emisor });
      expect(f.body.data.total, status).toBeGreaterThan(0);
      expect(f.body.data.data.every((c: any) => c.status === status)).toBe(true);
    }
    const dates = r.body.data.data.map((c: any) => c.custody_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const search = await s.req('GET', `/api/echeqs/custody?search=${encodeURIComponent('distribuidora DEL')}`, {
      token: emisor,
    });
    expect(search.body.data.total).toBeGreaterThan(0);
    expect(
      search.body.data.data.every((c: any) => /distribuidora del/i.test(`${c.echeq.issuer} ${c.echeq.beneficiary}`)),
    ).toBe(true);
    const bank = await s.req('GET', '/api/echeqs/custody?limit=100', { token: admin });
    expect(bank.body.data.total).toBeGreaterThan(total);
    const sur = await s.req('GET', '/api/echeqs/custody?limit=100', { token: await s.login('admin@bancosur.example') });
    expect(sur.body.data.total).toBeGreaterThan(0);
    expect(sur.body.data.data.every((c: any) => c.company_name === 'Comercial Sur S.A.')).toBe(true);
    const beneficiary = await s.req('GET', '/api/echeqs/custody?limit=100', {
      token: await s.login('beneficiario@beneficiario.example'),
    });
    expect(beneficiary.body.data.data.every((c: any) => c.company_name === 'Beneficiario Demo S.R.L.')).toBe(true);
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await s.req('GET', `/api/echeqs/custody?limit=6${cursor ? `&cursor=${cursor}` : ''}`, {
        token: admin,
      });
      walked.push(...page.body.data.data.map((c: any) => c.id));
      cursor = page.body.data.nextCursor;
    } while (cursor);
    expect(walked).toEqual(bank.body.data.data.map((c: any) => c.id));
    for (const q of ['status=ACTIVE', 'limit=101', 'page=0', 'x=1']) {
      expect((await s.req('GET', `/api/echeqs/custody?${q}`, { token: emisor })).status, q).toBe(400);
    }
  });

  it('detail: 404 across banks and companies, 400 for a malformed id', async () => {
    const sur = await s.login('admin@bancosur.example');
    const surCustody = (await s.req('GET', '/api/echeqs/custody?limit=1', { token: sur })).body.data.data[0];
    const mine = (await s.req('GET', '/api/echeqs/custody?limit=1', { token: emisor })).body.data.data[0];
    expect((await s.req('GET', `/api/echeqs/custody/${surCustody.id}`, { token: admin })).status).toBe(404);
    expect((await s.req('GET', `/api/echeqs/custody/${surCustody.id}`, { token: emisor })).status).toBe(404);
    expect((await s.req('GET', `/api/echeqs/custody/${mine.id}`, { token: sur })).status).toBe(404);
    const beneficiary = await s.login('beneficiario@beneficiario.example');
    expect((await s.req('GET', `/api/echeqs/custody/${mine.id}`, { token: beneficiary })).status).toBe(404);
    expect(
      (await s.req('GET', `/api/echeqs/custody/${mine.id}`, { token: await s.login('superadmin@plataforma.example') }))
        .status,
    ).toBe(200);
    const bad = await s.req('GET', '/api/echeqs/custody/123', { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
  });

  it('release: only from IN_CUSTODY, with a reason, audited; bank roles release in their tenant', async () => {
    const { custody } = (await s.req('POST', '/api/echeqs/custody', { token: emisor, body: deposit() })).body.data;
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 'ok', foo: 1 }]) {
      const r = await s.req('PUT', `/api/echeqs/custody/${custody.id}/release`, { token: emisor, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    for (const email of ['auditor@banco.example', 'beneficiario@beneficiario.example']) {
      const r = await s.req('PUT', `/api/echeqs/custody/${custody.id}/release`, {
        token: await s.login(email),
        body: { reason: 'x' },
      });
      expect(r.status, email).toBe(403);
    }
    const foreign = await s.req('PUT', `/api/echeqs/custody/${custody.id}/release`, {
      token: await s.login('admin@bancosur.example'),
      body: { reason: 'x' },
    });
    expect(foreign.status).toBe(404);
    const stale = await s.req('PUT', `/api/echeqs/custody/${custody.id}/release`, {
      token: emisor,
      body: { reason: 'x', version: 7 },
    });
    expect(stale.status).toBe(409);
    const ok = await s.req('PUT', `/api/echeqs/custody/${custody.id}/release`, {
      token: admin,
      body: { reason: 'Cobro al vencimiento', version: 1 },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ status: 'RELEASED', release_reason: 'Cobro al vencimiento', version: 2 });
    expect(ok.body.data.release_date).toBeTruthy();
    const again = await s.req('PUT', `/api/echeqs/custody/${custody.id}/release`, {
      token: emisor,
      body: { reason: 'x' },
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('INVALID_TRANSITION');
    expect(
      await n(s, `select count(*)::int as n from audit_log where action = 'custody.release' and entity_id = $1`, [
        custody.id,
      ]),
    ).toBe(1);
    expect(
      await n(
        s,
        `select count(*)::int as n from clearing_outbox where operation = 'CUSTODY_RELEASE' and entity_id = $1`,
        [custody.id],
      ),
    ).toBe(1);
  });

  it("the cheque's custody status follows its latest custody record, in the lists and the detail", async () => {
    const { echeq, custody } = (await s.req('POST', '/api/echeqs/custody', { token: emisor, body: deposit() })).body
      .data;
    const shown = async () => {
      const list = await s.req('GET', `/api/echeqs?search=${encodeURIComponent(echeq.number)}`, { token: admin });
      const detail = await s.req('GET', `/api/echeqs/${echeq.id}`, { token: admin });
      expect(list.body.data.data.map((e: { id: string }) => e.id)).toEqual([echeq.id]);
      expect(detail.body.data.custody_status).toBe(list.body.data.data[0].custody_status);
      return detail.body.data.custody_status as string | null;
    };
    expect(await shown()).toBe('IN_CUSTODY');
    // A change to custody that leaves the status as it was writes no new version of the cheque.
    const version = async () =>
      (await s.db.query<{ ctid: string }>(`select ctid::text from echeqs where id = $1`, [echeq.id])).rows[0]!.ctid;
    const before = await version();
    await s.db.query(`update custody set custody_date = custody_date + interval '1 minute' where id = $1`, [
      custody.id,
    ]);
    expect(await version()).toBe(before);
    expect(await shown()).toBe('IN_CUSTODY');
    const released = await s.req('PUT', `/api/echeqs/custody/${custody.id}/release`, {
      token: emisor,
      body: { reason: 'Retiro' },
    });
    expect(released.status).toBe(200);
    expect(await shown()).toBe('RELEASED');
    // A later record decides; removing it gives the earlier one's back; without records there is none.
    const later = await s.db.query<{ id: string }>(
      `insert into custody (tenant_id, company_id, echeq_id, presentation_deadline, custody_date)
       select tenant_id, company_id, echeq_id, presentation_deadline, custody_date + interval '1 day'
       from custody where id = $1 returning id`,
      [custody.id],
    );
    expect(await shown()).toBe('IN_CUSTODY');
    await s.db.query(`update custody set status = 'CANCELLED' where id = $1`, [later.rows[0]!.id]);
    expect(await shown()).toBe('CANCELLED');
    await s.db.query(`update custody set custody_date = custody_date - interval '2 days' where id = $1`, [
      later.rows[0]!.id,
    ]);
    expect(await shown()).toBe('RELEASED');
    await s.db.query(`delete from custody where echeq_id = $1`, [echeq.id]);
    expect(await shown()).toBeNull();
    expect(await custodyStatusDrift(s.db)).toBe(0);
  });

  // Once APPROVED, for ever: discounted-cheque.test.ts.
  it('release is refused while a PENDING discount exists, allowed once it is rejected', async () => {
    for (const status of ['PENDING']) {
      const { custody, echeq } = (await s.req('POST', '/api/echeqs/custody', { token: emisor, body: deposit() })).body
        .data;
      await s.db.query(
        `insert into discounts (tenant_id, company_id, echeq_id, custody_id, requested_amount, status)
         select tenant_id, company_id, echeq_id, id, 1000, $2 from custody where id = $1`,
        [custody.id, status],
      );
      const r = await s.req('PUT', `/api/echeqs/custody/${custody.id}/release`, {
        token: emisor,
        body: { reason: 'x' },
      });
      expect(r.status, status).toBe(409);
      expect(r.body.code).toBe('INVALID_TRANSITION');
      await s.db.query(`update discounts set status = 'REJECTED' where echeq_id = $1`, [echeq.id]);
      const after = await s.req('PUT', `/api/echeqs/custody/${custody.id}/release`, {
        token: emisor,
        body: { reason: 'x' },
      });
      expect(after.status).toBe(200);
    }
  });

  it('two simultaneous releases: exactly one 200, one 409, one audit record', async () => {
    for (let round = 0; round < 3; round++) {
      const { custody } = (await s.req('POST', '/api/echeqs/custody', { token: emisor, body: deposit() })).body.data;
      const rs = await Promise.all([
        s.req('PUT', `/api/echeqs/custody/${custody.id}/release`, { token: emisor, body: { reason: 'Primero' } }),
        s.req('PUT', `/api/echeqs/custody/${custody.id}/release`, { token: admin, body: { reason: 'Segundo' } }),
      ]);
      expect(rs.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(
        await n(s, `select count(*)::int as n from audit_log where action = 'custody.release' and entity_id = $1`, [
          custody.id,
        ]),
      ).toBe(1);
    }
  });
});

describe('custody expiry job', () => {
  let s: TestServer;
  const clock = fixedClock(new Date());
  beforeAll(async () => {
    s = await build({ clock });
  });
  afterAll(() => s.close());

  it('expires custody (and the cheque) once due date + 30 days is over, once, audited and notified', async () => {
    let emisor = await s.login('emisor@empresa.example');
    const due = addDays(today, 5);
    const { custody, echeq } = (
      await s.req('POST', '/api/echeqs/custody', { token: emisor, body: deposit({ due_date: due }) })
    ).body.data;
    const deps = { db: s.db, clock };

    // On the last day of the presentation period it is still in custody.
    clock.set(`${addDays(due, 30)}T23:30:00-03:00`);
    const openBefore = await n(
      s,
      `select count(*)::int as n from custody where status = 'IN_CUSTODY' and presentation_deadline < $1`,
      [buenosAiresDate(clock.now())],
    );
    expect(await expireCustodyOnce({ deps })).toBe(openBefore);
    emisor = await s.login('emisor@empresa.example'); // the clock moved past the first session's expiry
    expect((await s.req('GET', `/api/echeqs/custody/${custody.id}`, { token: emisor })).body.data.status).toBe(
      'IN_CUSTODY',
    );

    // The next day in Buenos Aires (03:00 UTC is still the previous evening there; 04:00 is not).
    clock.set(`${addDays(due, 31)}T02:59:00Z`);
    expect(buenosAiresDate(clock.now())).toBe(addDays(due, 30));
    clock.set(`${addDays(due, 31)}T03:01:00Z`);
    const expected = await n(
      s,
      `select count(*)::int as n from custody where status = 'IN_CUSTODY' and presentation_deadline < $1`,
      [buenosAiresDate(clock.now())],
    );
    expect(expected).toBeGreaterThanOrEqual(1);
    const [a, b] = await Promise.all([expireCustodyOnce({ deps }), expireCustodyOnce({ deps })]);
    const third = await expireCustodyOnce({ deps });
    expect(a + b + third).toBe(expected);
    expect(await expireCustodyOnce({ deps })).toBe(0);

    const after = (await s.req('GET', `/api/echeqs/custody/${custody.id}`, { token: emisor })).body.data;
    expect(after.status).toBe('EXPIRED');
    expect(after.echeq.status).toBe('EXPIRED');
    const cheque = (await s.req('GET', `/api/echeqs/${echeq.id}`, { token: emisor })).body.data;
    expect(cheque).toMatchObject({ status: 'EXPIRED', custody_status: 'EXPIRED' });
    expect(
      await n(s, `select count(*)::int as n from audit_log where action = 'custody.expire' and entity_id = $1`, [
        custody.id,
      ]),
    ).toBe(1);
    expect(
      await n(
        s,
        `select count(*)::int as n from clearing_outbox where operation = 'CUSTODY_EXPIRE' and entity_id = $1`,
        [custody.id],
      ),
    ).toBe(1);
    const release = await s.req('PUT', `/api/echeqs/custody/${custody.id}/release`, {
      token: emisor,
      body: { reason: 'Tarde' },
    });
    expect(release.status).toBe(409);
  });
});
