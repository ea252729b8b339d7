import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/platform/clock';
import { addDays, chequeInCustody } from './discounts.fixtures';
import { build, type TestServer } from './helpers';
import { pdfLines, pdfText } from './pdf-text';

// 12:00 in Buenos Aires on 2026-03-10 (UTC−3).
const T0 = '2026-03-10T15:00:00.000Z';
const TODAY = '2026-03-10';

describe('receipts (comprobantes) of custody deposits and discounts', () => {
  let s: TestServer;
  const tok: Record<string, string> = {};

  beforeAll(async () => {
    s = await build({ clock: fixedClock(T0) });
    for (const [k, email] of Object.entries({
      empresa: 'emisor@empresa.example',
      admin: 'admin@banco.example',
      auditor: 'auditor@banco.example',
      beneficiario: 'beneficiario@beneficiario.example',
      adminSur: 'admin@bancosur.example',
      sur: 'empresa@sur.example',
      superadmin: 'superadmin@plataforma.example',
    })) {
      tok[k] = await s.login(email);
    }
  });
  afterAll(() => s.close());

  async function download(path: string, token?: string) {
    const res = await fetch(`${s.url}${path}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
    const body = Buffer.from(await res.arrayBuffer());
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      disposition: res.headers.get('content-disposition'),
      body,
    };
  }

  it('a custody deposit: the bank, the company, the cheque and its dates, state, instant and verification id', async () => {
    const ch = await chequeInCustody(s.db, { amount: '15000.00', due: '2026-04-20', issue: '2026-03-01' });
    const r = await download(`/api/echeqs/custody/${ch.custodyId}/receipt.pdf`, tok.empresa);
    expect(r.status).toBe(200);
    expect(r.type).toBe('application/pdf');
    expect(r.disposition).toBe(`attachment; filename="comprobante-custodia-${ch.number}.pdf"`);
    expect(r.body.subarray(0, 5).toString()).toBe('%PDF-');
    const lines = await pdfLines(r.body);
    expect(lines[0]).toBe('Banco Demo');
    expect(lines).toContain('Comprobante de depósito en custodia');
    expect(lines).toContain('En Custodia');
    for (const text of [
      ch.custodyId,
      'Empresa Demo S.A.',
      ch.number,
      '$ 15.000,00',
      'Librador Test S.A.',
      'Empresa Tenedora',
      '01/03/2026',
      '20/04/2026',
      '20/05/2026',
    ]) {
      expect(lines, text).toContain(text);
    }
    const text = await pdfText(r.body);
    expect(text).toContain('Emitido el 10/03/2026 12:00:00 (hora de Buenos Aires)');
    const code = /Código de verificación: ([0-9A-F]{4}(?:-[0-9A-F]{4}){4})/.exec(text)?.[1];
    expect(code).toBeTruthy();
    // The same record in the same state gives the same code; a change of state gives another.
    const again = await pdfText((await download(`/api/echeqs/custody/${ch.custodyId}/receipt.pdf`, tok.admin)).body);
    expect(again).toContain(code);
    await s.db.query(
      `update custody set status = 'RELEASED', version = version + 1, release_date = now(),
      release_reason = 'Devuelto a la empresa' where id = $1`,
      [ch.custodyId],
    );
    const released = await pdfText((await download(`/api/echeqs/custody/${ch.custodyId}/receipt.pdf`, tok.admin)).body);
    expect(released).toContain('Liberado');
    expect(released).toContain('Devuelto a la empresa');
    expect(released).not.toContain(code);
  });

  it('writes dollars as Argentina does: US$ 2.500,50', async () => {
    const ch = await chequeInCustody(s.db, { amount: '2500.50', due: addDays(TODAY, 20), currency: 'USD' });
    const lines = await pdfLines((await download(`/api/echeqs/custody/${ch.custodyId}/receipt.pdf`, tok.empresa)).body);
    expect(lines).toContain('US$ 2.500,50');
    expect(lines).toContain('Dólares estadounidenses (USD)');
  });

  it('a discount: requested, rate, days, discount and net once approved; the reason once rejected', async () => {
    const ch = await chequeInCustody(s.db, { amount: '100000.00', due: addDays(TODAY, 30) });
    const req = await s.req('POST', '/api/discounts', {
      token: tok.empresa!,
      body: { echeq_id: ch.echeqId, requested_amount: 100000 },
    });
    const id = req.body.data.id as string;
    const pending = await pdfLines((await download(`/api/discounts/${id}/receipt.pdf`, tok.empresa)).body);
    expect(pending).toContain('Pendiente');
    expect(pending).not.toContain('TNA aplicada');
    expect((await s.req('PUT', `/api/discounts/${id}/approve`, { token: tok.admin! })).status).toBe(200);
    const r = await download(`/api/discounts/${id}/receipt.pdf`, tok.empresa);
    expect(r.status).toBe(200);
    expect(r.disposition).toBe(`attachment; filename="comprobante-descuento-${id.slice(0, 8)}.pdf"`);
    const lines = await pdfLines(r.body);
    expect(lines[0]).toBe('Banco Demo');
    expect(lines).toContain('Comprobante de descuento de ECHEQ');
    expect(lines).toContain('Aprobado');
    const after = (label: string) => lines[lines.indexOf(label) + 1];
    expect(after('Monto solicitado')).toBe('$ 100.000,00');
    expect(after('TNA aplicada')).toBe('45,00 %');
    expect(after('Días hasta el vencimiento')).toBe('30');
    expect(after('Descuento')).toBe('$ 3.698,63');
    expect(after('Monto neto')).toBe('$ 96.301,37');
    expect(after('Fecha de pago')).toBe('09/04/2026');
    expect(lines).toContain('Empresa Demo S.A.');

    const ch2 = await chequeInCustody(s.db, { amount: '5000.00', due: addDays(TODAY, 15) });
    const d2 = await s.req('POST', '/api/discounts', {
      token: tok.empresa!,
      body: { echeq_id: ch2.echeqId, requested_amount: 5000 },
    });
    await s.req('PUT', `/api/discounts/${d2.body.data.id}/reject`, {
      token: tok.admin!,
      body: { rejection_reason: 'Documentación incompleta o inconsistente' },
    });
    const rejected = await pdfLines(
      (await download(`/api/discounts/${d2.body.data.id}/receipt.pdf`, tok.empresa)).body,
    );
    expect(rejected).toContain('Rechazado');
    expect(rejected[rejected.indexOf('Motivo de rechazo') + 1]).toBe('Documentación incompleta o inconsistente');
  });

  it('has the detail’s scope: another bank or company gets 404; a missing id 404, a bad one 400, no token 401', async () => {
    const ch = await chequeInCustody(s.db, { due: addDays(TODAY, 25) });
    const d = await s.req('POST', '/api/discounts', {
      token: tok.empresa!,
      body: { echeq_id: ch.echeqId, requested_amount: 100 },
    });
    const paths = [`/api/echeqs/custody/${ch.custodyId}/receipt.pdf`, `/api/discounts/${d.body.data.id}/receipt.pdf`];
    for (const path of paths) {
      for (const who of ['adminSur', 'sur', 'beneficiario']) {
        const r = await download(path, tok[who]);
        expect(r.status, `${who} ${path}`).toBe(404);
        expect(JSON.parse(r.body.toString()).code).toBe('NOT_FOUND');
      }
      for (const who of ['empresa', 'admin', 'auditor', 'superadmin']) {
        expect((await download(path, tok[who])).status, `${who} ${path}`).toBe(200);
      }
      expect((await download(path)).status).toBe(401);
    }
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await download(`/api/echeqs/custody/${missing}/receipt.pdf`, tok.admin)).status).toBe(404);
    expect((await download(`/api/discounts/${missing}/receipt.pdf`, tok.admin)).status).toBe(404);
    expect((await download('/api/discounts/nada/receipt.pdf', tok.admin)).status).toBe(400);
  });
});
