import { addDays, buenosAiresDateOf, formatCuit } from '@echeq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/platform/clock';
import { build, type TestServer } from '../helpers';
import { pdfText } from '../pdf-text';
import { actors, arsAccount, company, copyOf, historyOf, issueBody } from './support';

/** The ECHEQ's comprobante and "Simular ECHEQ recibido" (issue 22, LIFECYCLE §6 and §8). */
let s: TestServer;
const as = actors(() => s);
const PAYMENT = addDays(buenosAiresDateOf(new Date()), 25);
const CUIT: Record<string, string> = {};

beforeAll(async () => {
  s = await build({ clock: systemClock });
  await as.login();
  for (const name of ['Empresa Demo S.A.', 'Distribuidora Norte S.A.', 'Beneficiario Demo S.R.L.']) {
    CUIT[name] = (await company(s, name)).cuit;
  }
});
afterAll(() => s?.close());

async function download(path: string, token: string) {
  const res = await fetch(`${s.url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
}

describe('GET /api/echeqs/:id/receipt.pdf', () => {
  it('writes the cheque with its CMC7, parties, endorsement chain and state; another bank gets 404', async () => {
    const issued = await as.post(
      'empresa',
      '/echeqs/issue',
      issueBody({
        account_id: await arsAccount(s, as.token('empresa')),
        beneficiary_cuit: CUIT['Distribuidora Norte S.A.']!,
        beneficiary_name: 'Distribuidora Norte S.A.',
        amount: 15000.5,
        concepto: 'HON',
        payment_date: PAYMENT,
        motivo: 'Honorarios de mayo',
      }),
    );
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    const chequeId: string = issued.body.data.cheque_id;
    const norteCopy = await copyOf(s, 'Distribuidora Norte S.A.', chequeId);
    expect((await as.post('norte', `/echeqs/${norteCopy}/accept`)).status).toBe(200);
    const endorse = await as.post('norte', `/echeqs/${norteCopy}/endorse`, {
      endorsee_cuit: CUIT['Beneficiario Demo S.R.L.'],
    });
    expect(endorse.status).toBe(200);
    const benefCopy = await copyOf(s, 'Beneficiario Demo S.R.L.', chequeId);
    expect((await as.post('benef', `/echeqs/${benefCopy}/endorsement/accept`)).status).toBe(200);
    const registry = await s.db.query<{ cmc7: string; number: string }>(
      `select cheque->>'cmc7' as cmc7, number from registry_cheques where cheque_id = $1`,
      [chequeId],
    );
    const { cmc7, number } = registry.rows[0]!;
    expect(cmc7).toMatch(/^\d{29}$/);

    const r = await download(`/echeqs/${benefCopy}/receipt.pdf`, as.token('benef'));
    expect(r.status).toBe(200);
    expect(r.type).toBe('application/pdf');
    const text = await pdfText(r.body);
    const party = (name: string) => `${name} (CUIT ${formatCuit(CUIT[name]!)})`;
    for (const expected of [
      'Banco Demo',
      'Comprobante de ECHEQ',
      cmc7,
      `${cmc7.slice(0, 3)} ${cmc7.slice(3, 6)} ${cmc7.slice(6, 10)} ${cmc7.slice(10, 18)} ${cmc7.slice(18)}`,
      chequeId,
      number,
      'De pago diferido',
      'A la orden',
      'Honorarios (HON)',
      '$ 15.000,50',
      'Honorarios de mayo',
      PAYMENT.split('-').reverse().join('/'),
      party('Empresa Demo S.A.'),
      party('Distribuidora Norte S.A.'),
      party('Beneficiario Demo S.R.L.'),
      'Endoso 1: endosante',
      'Endoso 1: endosatario',
      'Aceptado',
      'Activo (ACTIVO)',
      'hora de Buenos Aires',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // The holder is the endorsee: its line follows the holder's label.
    expect(text).toMatch(new RegExp(`Tenedor actual\\n${party('Beneficiario Demo S.R.L.').replace(/[.()]/g, '\\$&')}`));

    // Another bank's users, and another company of the same bank, do not find it.
    for (const who of ['surAdmin', 'norteAdmin', 'sur', 'empresa'] as const) {
      expect((await download(`/echeqs/${benefCopy}/receipt.pdf`, as.token(who))).status, who).toBe(404);
    }
    // A cheque registered by hand has no registry comprobante.
    const manual = await s.db.query<{ id: string }>(
      `select e.id from echeqs e join companies co on co.id = e.company_id
       where co.name = 'Empresa Demo S.A.' and e.origin = 'MANUAL' and e.deleted_at is null limit 1`,
    );
    const refused = await as.get('empresa', `/echeqs/${manual.rows[0]!.id}/receipt.pdf`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/registrado a mano/);
  });
});

describe('POST /api/echeqs/simulate-received', () => {
  const body = (companyId: string) => ({
    company_id: companyId,
    amount: 4321.1,
    tipo: 'DIFERIDO',
    caracter: 'A_LA_ORDEN',
    concepto: 'FAC',
    payment_date: PAYMENT,
  });

  it("a bank's administrator makes an outside company issue to its client: in its list, Recibidos and history", async () => {
    const norte = await company(s, 'Distribuidora Norte S.A.');
    const r = await as.post('norteAdmin', '/echeqs/simulate-received', body(norte.id));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.data).toMatchObject({ origin: 'REGISTRY', state: 'EMITIDO-PENDIENTE', amount: 4321.1 });
    const chequeId: string = r.body.data.cheque_id;
    const copy = await s.db.query<{ id: string; tray: string; issuer: string }>(
      'select id, tray, issuer from echeqs where company_id = $1 and cheque_id = $2',
      [norte.id, chequeId],
    );
    expect(copy.rows[0]).toMatchObject({ tray: 'recibidos', issuer: 'Proveedor Externo S.A.' });
    const id = copy.rows[0]!.id;
    const list = await as.get('norte', '/echeqs?limit=100');
    expect((list.body.data.data as { id: string }[]).map((e) => e.id)).toContain(id);
    const tray = await as.get('norte', '/echeqs/trays/recibidos?limit=100');
    expect(tray.status).toBe(200);
    const inTray = (tray.body.data.data as { id: string; cheque_id: string }[]).find((e) => e.id === id);
    expect(inTray).toMatchObject({ cheque_id: chequeId });
    expect(tray.body.data.counts.recibidos.pending).toBeGreaterThanOrEqual(1);
    const detail = await as.get('norte', `/echeqs/${id}`);
    expect(detail.body.data.actions).toEqual(expect.arrayContaining(['ACCEPT', 'REPUDIATE']));
    const history = await as.get('norte', `/echeqs/${id}/history`);
    expect(history.body.data.map((h: { event: string }) => h.event)).toEqual(['ISSUE']);
    expect(await historyOf(s, norte.tenant_id, chequeId)).toEqual(['ISSUE']);
    const audit = await s.db.query<{ n: number }>(
      `select count(*)::int as n from audit_log where action = 'echeq.simulate_received' and entity_id = $1`,
      [id],
    );
    expect(audit.rows[0]!.n).toBe(1);
    // And the client accepts it like any other.
    expect((await as.post('norte', `/echeqs/${id}/accept`)).status).toBe(200);
  });

  it("refuses another bank's company (404), a bank off the sandbox (409) and bad input (400), creating nothing", async () => {
    const count = async () =>
      (await s.db.query<{ n: number }>('select count(*)::int as n from registry_cheques')).rows[0]!.n;
    const before = await count();
    const norte = await company(s, 'Distribuidora Norte S.A.');
    const other = await as.post('demoAdmin', '/echeqs/simulate-received', body(norte.id));
    expect(other.status).toBe(404);
    const surCompany = (
      await s.db.query<{ id: string }>(
        `select co.id from companies co join users u on u.company_id = co.id where u.email = 'empresa@sur.example'`,
      )
    ).rows[0]!;
    const offSandbox = await as.post('superadmin', '/echeqs/simulate-received', body(surCompany.id));
    expect(offSandbox.status).toBe(409);
    expect(offSandbox.body.message).toMatch(/sandbox/);
    expect((await as.post('surAdmin', '/echeqs/simulate-received', body(surCompany.id))).status).toBe(409);
    const bad = await as.post('norteAdmin', '/echeqs/simulate-received', { ...body(norte.id), tipo: 'OTRO' });
    expect(bad.status).toBe(400);
    expect((await as.post('norte', '/echeqs/simulate-received', body(norte.id))).status).toBe(403);
    expect(await count()).toBe(before);
    // The system's administrator may target any bank's company on the sandbox.
    expect((await as.post('superadmin', '/echeqs/simulate-received', body(norte.id))).status).toBe(201);
  });
});
