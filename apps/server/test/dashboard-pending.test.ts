import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/platform/clock';
import { addDays, chequeInCustody } from './discounts.fixtures';
import { build, type TestServer } from './helpers';

// 12:00 in Buenos Aires on 2026-03-10 (UTC−3).
const T0 = '2026-03-10T15:00:00.000Z';
const TODAY = '2026-03-10';

type Pending = { discounts_to_approve: number | null; cheques_due: number; presentation_closing: number };

describe('dashboard: what awaits the user (GET /api/dashboard/pending)', () => {
  let s: TestServer;
  const tok: Record<string, string> = {};
  const who = {
    empresa: 'emisor@empresa.example',
    beneficiario: 'beneficiario@beneficiario.example',
    admin: 'admin@banco.example',
    operador: 'operador@banco.example',
    adminSur: 'admin@bancosur.example',
    superadmin: 'superadmin@plataforma.example',
  };

  beforeAll(async () => {
    s = await build({ clock: fixedClock(T0) });
    for (const [k, email] of Object.entries(who)) tok[k] = await s.login(email);
  });
  afterAll(() => s.close());

  const pending = async (k: keyof typeof who): Promise<Pending> => {
    const r = await s.req('GET', '/api/dashboard/pending', { token: tok[k]! });
    expect(r.status, k).toBe(200);
    expect(r.body.data).toMatchObject({ today: TODAY, days: 7, cap: 99 });
    return r.body.data;
  };
  const all = async () =>
    Object.fromEntries(await Promise.all(Object.keys(who).map(async (k) => [k, await pending(k as never)])));

  it('counts per role and scope: the company its own, the bank its tenant, the platform all', async () => {
    const before = await all();
    // Due in 3 days (in the window), due in 8 days (outside), due 27 days ago (presentation closes in 3 days).
    await chequeInCustody(s.db, { due: addDays(TODAY, 3) });
    await chequeInCustody(s.db, { due: addDays(TODAY, 8) });
    await chequeInCustody(s.db, { due: addDays(TODAY, -27) });
    await chequeInCustody(s.db, { due: addDays(TODAY, 2), custodyStatus: 'RELEASED' });
    const ch = await chequeInCustody(s.db, { due: addDays(TODAY, 40) });
    expect(
      (
        await s.req('POST', '/api/discounts', {
          token: tok.empresa!,
          body: { echeq_id: ch.echeqId, requested_amount: 100 },
        })
      ).status,
    ).toBe(200);
    const after = await all();
    const delta = (k: string, f: keyof Pending) => (after[k][f] ?? 0) - (before[k][f] ?? 0);
    for (const k of ['empresa', 'admin', 'operador', 'superadmin']) {
      expect(delta(k, 'cheques_due'), k).toBe(1);
      expect(delta(k, 'presentation_closing'), k).toBe(1);
    }
    for (const k of ['beneficiario', 'adminSur']) {
      expect(delta(k, 'cheques_due'), k).toBe(0);
      expect(delta(k, 'presentation_closing'), k).toBe(0);
    }
    // Discounts to approve: for who decides them (the bank's admin), in their scope; null for everyone else.
    expect(delta('admin', 'discounts_to_approve')).toBe(1);
    expect(after.adminSur.discounts_to_approve).toBe(before.adminSur.discounts_to_approve);
    for (const k of ['empresa', 'beneficiario', 'operador', 'superadmin'])
      expect(after[k].discounts_to_approve, k).toBeNull();
  });

  it('stops counting past the cap (the screen shows 99+)', async () => {
    const sur = await s.db.query<{ id: string; tenant_id: string }>(
      `select id, tenant_id from companies where name = 'Comercial Sur S.A.'`,
    );
    const { id: company, tenant_id: tenant } = sur.rows[0]!;
    await s.db.query(
      `with e as (
         insert into echeqs (tenant_id, company_id, number, amount, currency, issue_date, due_date, issuer, beneficiary,
           validation_status, validated_at)
         select $1, $2, '95' || lpad(g::text, 8, '0'), 1000, 'ARS', $3::date - 30, $3::date + 2, 'Librador', 'Tenedor',
           'VALIDATED', now()
         from generate_series(1, 130) g returning id)
       insert into custody (tenant_id, company_id, echeq_id, status, presentation_deadline)
       select $1, $2, e.id, 'IN_CUSTODY', $3::date + 32 from e`,
      [tenant, company, TODAY],
    );
    expect((await pending('adminSur')).cheques_due).toBe(100);
  });

  it('reads indexes: the deadline index for custody, the (tenant, status) index for discounts', async () => {
    const plan = (sql: string, params: unknown[]) =>
      s.db.transaction(async (tx) => {
        await tx.query('set local enable_seqscan = off');
        const r = await tx.query<{ 'QUERY PLAN': string }>(`explain ${sql}`, params);
        return r.rows.map((x) => x['QUERY PLAN']).join('\n');
      });
    const tenant = (await s.db.query<{ id: string }>(`select id from tenants where codigo = 'BDEMO'`)).rows[0]!.id;
    const custody = await plan(
      `select count(*) from (select 1 from custody c where c.status = 'IN_CUSTODY' and c.presentation_deadline >= $1::date
         and c.presentation_deadline < $2::date and c.tenant_id = $3 limit 100) x`,
      [TODAY, addDays(TODAY, 7), tenant],
    );
    expect(custody).toMatch(/Index.*custody_(expiry|tenant_status)_idx/);
    expect(custody).not.toMatch(/Seq Scan/);
    const discounts = await plan(
      `select count(*) from (select 1 from discounts d where d.status = 'PENDING' and d.tenant_id = $1 order by d.requested_at desc limit 100) x`,
      [tenant],
    );
    expect(discounts).toMatch(/Index.*discounts_/);
    expect(discounts).not.toMatch(/Seq Scan/);
  });

  it('needs a session', async () => {
    expect((await s.req('GET', '/api/dashboard/pending')).status).toBe(401);
    expect((await s.req('GET', '/api/dashboard/pending?x=1', { token: tok.admin! })).status).toBe(400);
  });
});
