/**
 * Issue 20, items 2–4: what the bank priced is frozen, validation is not carried across a change, and a cheque carries
 * only dates and names a real one can.
 */
import { makeCuit } from '@echeq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, buenosAiresDate, fixedClock } from '../src/platform/clock';
import { build, type Res, type TestServer } from './helpers';

let seq = 0;
function cheque(today: string, overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    number: `65${process.pid % 1000}${seq}${String(Math.random()).slice(2, 8)}`,
    amount: 250000,
    currency: 'ARS',
    issue_date: addDays(today, -5),
    due_date: addDays(today, 45),
    issuer: 'Alimentos La Pampa S.A.',
    issuer_cuit: '30-71234567-1',
    beneficiary: 'Empresa Demo S.A.',
    ...overrides,
  };
}

function refused(r: Res, label: string, pattern: RegExp): void {
  expect(r.status, `${label}: ${JSON.stringify(r.body)}`).toBe(409);
  expect(r.body.code, label).toBe('INVALID_TRANSITION');
  expect(r.body.message, label).toMatch(pattern);
}

const FACE: Record<string, (today: string) => unknown> = {
  issuer: () => 'Emisor Corregido S.A.',
  issuer_cuit: () => makeCuit('30', '71234599'),
  beneficiary: () => 'Otro Beneficiario S.R.L.',
  beneficiary_cuit: () => makeCuit('30', '72345699'),
  issue_date: (t) => addDays(t, -6),
  due_date: (t) => addDays(t, 46),
  amount: () => 249999.99,
  currency: () => 'USD',
};

describe('cheque rules (issue 20, items 2–4)', () => {
  let s: TestServer;
  const clock = fixedClock(new Date());
  const tok: Record<string, string> = {};
  const today = () => buenosAiresDate(clock.now());

  beforeAll(async () => {
    s = await build({ clock });
    [tok.empresa, tok.admin] = await Promise.all([s.login('emisor@empresa.example'), s.login('admin@banco.example')]);
  });
  afterAll(() => s.close());

  const create = async (body = cheque(today())) => {
    const r = await s.req('POST', '/api/echeqs', { token: tok.empresa, body });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };
  const deposit = async (body = cheque(today())) => {
    const r = await s.req('POST', '/api/echeqs/custody', { token: tok.empresa, body });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data as { echeq: any; custody: any };
  };
  const validate = async (id: string) => {
    const r = await s.req('GET', `/api/echeqs/validate/${id}`, { token: tok.empresa });
    expect(r.body.data?.validation_status, JSON.stringify(r.body)).toBe('VALIDATED');
    return r.body.data.echeq;
  };

  describe('item 2: no edits of what the bank priced; custody changes only through operations', () => {
    it('a cheque in custody is not edited through the edit form, by the company or the bank', async () => {
      const { echeq } = await deposit();
      for (const [who, token] of [
        ['empresa', tok.empresa],
        ['banco', tok.admin],
      ] as const) {
        for (const body of [
          { issuer: 'Nombre Corregido S.A.' },
          { due_date: addDays(today(), 90) },
          { status: 'PAID' },
        ]) {
          refused(
            await s.req('PUT', `/api/echeqs/${echeq.id}`, { token, body }),
            `${who} ${JSON.stringify(body)}`,
            /custodia.*operaciones/i,
          );
        }
      }
      const still = (await s.req('GET', `/api/echeqs/${echeq.id}`, { token: tok.empresa })).body.data;
      expect(still).toMatchObject({ issuer: echeq.issuer, due_date: echeq.due_date, status: 'ACTIVE', version: 1 });
    });

    it('while a discount is PENDING: issuer, CUITs, beneficiary, dates and amount are locked', async () => {
      const { echeq, custody } = await deposit();
      await validate(echeq.id);
      const d = await s.req('POST', '/api/discounts', {
        token: tok.empresa,
        body: { echeq_id: echeq.id, requested_amount: 1000 },
      });
      expect(d.status, JSON.stringify(d.body)).toBe(200);
      // Out of custody with the request still PENDING (its presentation period ran out): still locked.
      await s.db.query(`update custody set status = 'EXPIRED', expired_at = now() where id = $1`, [custody.id]);
      for (const [field, value] of Object.entries(FACE)) {
        refused(
          await s.req('PUT', `/api/echeqs/${echeq.id}`, { token: tok.admin, body: { [field]: value(today()) } }),
          field,
          /descuento pendiente/i,
        );
      }
      const row = (await s.req('GET', `/api/echeqs/${echeq.id}`, { token: tok.empresa })).body.data;
      expect(row).toMatchObject({ issuer: echeq.issuer, amount: echeq.amount, validation_status: 'VALIDATED' });
    });
  });

  describe('item 3: validation is not carried across a change', () => {
    it('a VALIDATED cheque whose face changes goes back to PENDING; a status change keeps it', async () => {
      for (const [field, value] of Object.entries(FACE)) {
        const e = await create();
        const v = await validate(e.id);
        const r = await s.req('PUT', `/api/echeqs/${e.id}`, { token: tok.empresa, body: { [field]: value(today()) } });
        expect(r.status, `${field}: ${JSON.stringify(r.body)}`).toBe(200);
        expect(r.body.data, field).toMatchObject({ validation_status: 'PENDING', validated_at: null });
        expect(v.validation_status).toBe('VALIDATED');
        const audit = await s.db.query<{ after: any }>(
          `select after from audit_log where action = 'echeq.update' and entity_id = $1`,
          [e.id],
        );
        expect(audit.rows[0]!.after.validation_status).toBe('PENDING');
        // Validated again as it is now.
        expect((await validate(e.id)).validation_status).toBe('VALIDATED');
      }
      const e = await create();
      await validate(e.id);
      const same = await s.req('PUT', `/api/echeqs/${e.id}`, {
        token: tok.empresa,
        body: { status: 'CANCELLED', issuer: e.issuer, amount: e.amount },
      });
      expect(same.body.data).toMatchObject({ status: 'CANCELLED', validation_status: 'VALIDATED' });
    });

    it('a discount needs a cheque validated as it is now, at request and at approval', async () => {
      const { echeq } = await deposit();
      const body = { echeq_id: echeq.id, requested_amount: 1000 };
      const unvalidated = await s.req('POST', '/api/discounts', { token: tok.empresa, body });
      expect(unvalidated.status).toBe(409);
      expect(unvalidated.body.message).toMatch(/validado/i);
      await validate(echeq.id);
      const d = await s.req('POST', '/api/discounts', { token: tok.empresa, body });
      expect(d.status, JSON.stringify(d.body)).toBe(200);
      // The validation no longer holds (the clearing house is asked again and has not answered).
      await s.db.query(`update echeqs set validation_status = 'PENDING', validated_at = null where id = $1`, [
        echeq.id,
      ]);
      const approve = await s.req('PUT', `/api/discounts/${d.body.data.id}/approve`, { token: tok.admin });
      expect(approve.status).toBe(409);
      expect(approve.body.message).toMatch(/validado/i);
      await validate(echeq.id);
      expect((await s.req('PUT', `/api/discounts/${d.body.data.id}/approve`, { token: tok.admin })).status).toBe(200);
    });
  });

  describe('item 4: dates and names a real cheque can carry', () => {
    it('issue dates from 2019-01-01 to today in Buenos Aires, by the server’s clock', async () => {
      // 23:30 in Buenos Aires on 10 March (02:30 UTC on the 11th): "today" is the 10th.
      clock.set('2025-03-11T02:30:00Z');
      try {
        const tomorrow = await s.req('POST', '/api/echeqs', {
          token: tok.empresa,
          body: cheque('2025-03-10', { issue_date: '2025-03-11', due_date: '2025-04-30' }),
        });
        expect(tomorrow.status).toBe(400);
        expect(tomorrow.body.errors[0]).toMatchObject({ path: 'issue_date' });
        const custody = await s.req('POST', '/api/echeqs/custody', {
          token: tok.empresa,
          body: cheque('2025-03-10', { issue_date: '2025-03-11', due_date: '2025-04-30' }),
        });
        expect(custody.status).toBe(400);
        const ok = await s.req('POST', '/api/echeqs', {
          token: tok.empresa,
          body: cheque('2025-03-10', { issue_date: '2025-03-10', due_date: '2025-04-30' }),
        });
        expect(ok.status, JSON.stringify(ok.body)).toBe(200);
        const moved = await s.req('PUT', `/api/echeqs/${ok.body.data.id}`, {
          token: tok.empresa,
          body: { issue_date: '2025-03-11' },
        });
        expect(moved.status).toBe(400);
        clock.set('2025-03-11T03:30:00Z');
        const later = await s.req('PUT', `/api/echeqs/${ok.body.data.id}`, {
          token: tok.empresa,
          body: { issue_date: '2025-03-11' },
        });
        expect(later.status, JSON.stringify(later.body)).toBe(200);
      } finally {
        clock.set(new Date());
      }
      for (const [issue, due, status] of [
        ['2018-12-31', '2019-03-01', 400],
        ['1900-01-01', '1900-02-01', 400],
        ['2019-01-01', '2019-12-27', 200],
        ['2019-01-01', '2019-12-28', 400],
      ] as const) {
        const r = await s.req('POST', '/api/echeqs', {
          token: tok.empresa,
          body: cheque(today(), { issue_date: issue, due_date: due }),
        });
        expect(r.status, `${issue} → ${due}: ${JSON.stringify(r.body)}`).toBe(status);
      }
    });

    it('custody only until the due date’s presentation period ends (due date + 30 days)', async () => {
      const t = today();
      const last = await s.req('POST', '/api/echeqs/custody', {
        token: tok.empresa,
        body: cheque(t, { issue_date: addDays(t, -60), due_date: addDays(t, -30) }),
      });
      expect(last.status, JSON.stringify(last.body)).toBe(200);
      expect(last.body.data.custody.presentation_deadline).toBe(t);
      const over = await s.req('POST', '/api/echeqs/custody', {
        token: tok.empresa,
        body: cheque(t, { issue_date: addDays(t, -60), due_date: addDays(t, -31) }),
      });
      expect(over.status).toBe(400);
      expect(over.body.errors[0].path).toBe('due_date');
    });

    it('a new cheque cannot be created already PAID or EXPIRED', async () => {
      for (const status of ['PAID', 'EXPIRED']) {
        const r = await s.req('POST', '/api/echeqs', { token: tok.empresa, body: cheque(today(), { status }) });
        expect(r.status, status).toBe(400);
        expect(r.body.errors[0].path).toBe('status');
      }
      for (const status of ['ACTIVE', 'CANCELLED']) {
        const r = await s.req('POST', '/api/echeqs', { token: tok.empresa, body: cheque(today(), { status }) });
        expect(r.status, status).toBe(200);
      }
    });

    it('names and reasons refuse control and bidirectional characters; notes keep their line breaks', async () => {
      const count = async () => (await s.db.query('select count(*)::int as n from echeqs')).rows[0]!.n as number;
      const before = await count();
      for (const bad of [
        'Empresa \u202Egnp.exe\u202C S.A.',
        'Banco\u2066 Falso\u2069',
        'Nombre\u0000',
        'Tab\tS.A.',
        'A\u200FB',
        'x\u0085y',
      ]) {
        for (const field of ['issuer', 'beneficiary']) {
          for (const path of ['/api/echeqs', '/api/echeqs/custody']) {
            const r = await s.req('POST', path, { token: tok.empresa, body: cheque(today(), { [field]: bad }) });
            expect(r.status, `${path} ${field} ${JSON.stringify(bad)}`).toBe(400);
            expect(r.body.errors.map((e: { path: string }) => e.path)).toContain(field);
          }
        }
      }
      expect(await count()).toBe(before);
      const e = await create();
      const put = await s.req('PUT', `/api/echeqs/${e.id}`, { token: tok.empresa, body: { issuer: 'X\u202Ey' } });
      expect(put.status).toBe(400);
      const notes = await s.req('POST', '/api/echeqs/custody', {
        token: tok.empresa,
        body: { ...cheque(today()), notes: 'Primera línea\nSegunda línea' },
      });
      expect(notes.status, JSON.stringify(notes.body)).toBe(200);
      const badNotes = await s.req('POST', '/api/echeqs/custody', {
        token: tok.empresa,
        body: { ...cheque(today()), notes: 'Nota \u202Eoculta' },
      });
      expect(badNotes.status).toBe(400);
      const release = await s.req('PUT', `/api/echeqs/custody/${notes.body.data.custody.id}/release`, {
        token: tok.empresa,
        body: { reason: 'Motivo\u0007' },
      });
      expect(release.status).toBe(400);
    });
  });
});
