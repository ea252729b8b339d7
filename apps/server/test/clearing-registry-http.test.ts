import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClearingPort, RegistryOperateRequest } from '../src/modules/clearing';
import { createBreaker } from '../src/modules/clearing/adapters/breaker';
import { httpAdapter } from '../src/modules/clearing/adapters/http';
import { HEADER, signRequest } from '../src/modules/clearing/adapters/protocol';
import { ClearingRejectedError } from '../src/modules/clearing/clearing.errors';
import { type CoelsaSimulator, startCoelsaSimulator } from '../src/modules/clearing/simulator/server';
import {
  at,
  BENEF,
  EMPRESA,
  ISSUED,
  issueRequest,
  NORTE,
  NORTE_BANK,
  newKey,
  nextNumber,
  ok,
  PAYMENT,
  PLATFORM_BANK,
  refused,
} from './registry/fixtures';

const KEY = 'banco-registro-key';
const SECRET = 'banco-registro-secret-0123456789';

let clock = new Date(at(ISSUED));
let sim: CoelsaSimulator;
let port: ClearingPort;

beforeAll(async () => {
  sim = await startCoelsaSimulator({ credentials: { [KEY]: SECRET }, now: () => new Date(clock) });
  // EMPRESA, NORTE and BENEF and their banks are on the platform; everyone else is played by the registry.
  sim.registryParticipants({ cuits: [EMPRESA, NORTE, BENEF], bankCodes: [PLATFORM_BANK, NORTE_BANK] });
  port = httpAdapter({
    baseUrl: sim.url,
    egress: { allowedHosts: ['127.0.0.1'], requireHttps: false },
    apiKey: KEY,
    apiSecret: SECRET,
    timeoutMs: 20_000,
    maxRetries: 0,
    breaker: createBreaker({ threshold: 100 }),
    now: () => clock.getTime(),
  });
  // Two banks of the registry's own: one whose clients are NORTE and BENEF (777), one with BENEF alone (778).
  expect(await port.registryAdhere({ bankCode: '777', cuits: [NORTE, BENEF] })).toEqual({ adhered: 2 });
  expect(await port.registryAdhere({ bankCode: '778', cuits: [BENEF] })).toEqual({ adhered: 1 });
});
afterAll(() => sim.close());

const op = (chequeId: string, o: { type: string; [field: string]: unknown }, key = newKey(o.type)) =>
  ({ key, cheque_id: chequeId, ...o }) as RegistryOperateRequest;

describe('the registry through the HTTP adapter and the standalone simulator', () => {
  let id = '';

  it('takes a cheque from issue to payment over HTTP, the simulator presenting the deposit at once', async () => {
    const issued = ok(
      await port.registryIssue(issueRequest({ number: nextNumber(), issueDate: ISSUED, paymentDate: PAYMENT })),
    );
    expect(issued.state).toBe('EMITIDO-PENDIENTE');
    id = issued.cheque_id;
    const steps = [
      ['2026-04-06', { type: 'ACCEPT', caller: { cuit: NORTE } }, 'ACTIVO'],
      ['2026-04-07', { type: 'ENDORSE', caller: { cuit: NORTE }, endorsee_cuit: BENEF }, 'ACTIVO-PENDIENTE'],
      ['2026-04-08', { type: 'ACCEPT_ENDORSEMENT', caller: { cuit: BENEF } }, 'ACTIVO'],
      [PAYMENT, { type: 'DEPOSIT', caller: { cuit: BENEF } }, 'DEPOSITADO'],
    ] as const;
    for (const [day, o, state] of steps) {
      clock = new Date(at(day, '10:00'));
      expect(ok(await port.registryOperate(op(id, o))).state).toBe(state);
    }
    const presented = await port.registryEvents({ cursor: '0', bankCode: PLATFORM_BANK, limit: 100 });
    expect(presented.events.at(-1)).toMatchObject({ cheque_id: id, operation: 'PRESENT', state: 'PRESENTADO' });
    clock = new Date(at(PAYMENT, '15:00'));
    const paid = ok(await port.registryOperate(op(id, { type: 'PAY', caller: { payingBank: true } })));
    expect(paid.state).toBe('PAGADO');
    expect(sim.requests.filter((r) => r.path === '/v1/registry/operations').every((r) => r.key !== null)).toBe(true);
  });

  it('returns a refusal as the outcome with its Spanish message, and a replay answers the same', async () => {
    const annul = op(id, { type: 'ANNUL', caller: { cuit: EMPRESA }, motivo: 'Error de carga' });
    const refusal = refused(await port.registryOperate(annul));
    expect(refusal).toMatchObject({ code: 'INVALID_TRANSITION', replayed: false });
    expect(refusal.message).toMatch(/PAGADO|estado/i);
    expect(await port.registryOperate(annul)).toEqual({ ...refusal, replayed: true });
    // The same key with another body is the registry's own refusal, not an error.
    const other = refused(await port.registryOperate({ ...annul, motivo: 'Otro motivo' } as RegistryOperateRequest));
    expect(other.code).toBe('IDEMPOTENCY_MISMATCH');
    expect(other.message).toMatch(/clave/i);
    // A cheque the registry does not know, or an input it rejects: refusals too.
    const garbage = { key: newKey('garbage'), caller: { cuit: EMPRESA }, cheque: { amount: 'mucho' } };
    const invalid = refused(
      await port.registryIssue(garbage as unknown as Parameters<ClearingPort['registryIssue']>[0]),
    );
    expect(invalid.code).toBe('VALIDATION_ERROR');
    const unknown = refused(
      await port.registryOperate(op('AAAAAAAAAAAAAAA', { type: 'ACCEPT', caller: { cuit: NORTE } })),
    );
    expect(unknown.message.length).toBeGreaterThan(0);
  });

  it('replays a successful operation with the same answer and the simulator applies it once', async () => {
    clock = new Date(at(ISSUED, '11:00'));
    const req = issueRequest({ number: nextNumber(), issueDate: ISSUED, paymentDate: PAYMENT, beneficiary: BENEF });
    const first = await port.registryIssue(req);
    const again = await port.registryIssue(req);
    expect(again).toEqual({ ...first, replayed: true });
    const all = await port.registryEvents({ cursor: '0', bankCode: '778', limit: 5000 });
    expect(all.events.filter((e) => e.cheque_id === ok(first).cheque_id && e.operation === 'ISSUE')).toHaveLength(1);
  });

  it('pages the events by cursor and refuses a bad page request', async () => {
    const all = await port.registryEvents({ cursor: '0', bankCode: '777', limit: 5000 });
    expect(all.events.map((e) => e.operation).slice(0, 7)).toEqual([
      'ISSUE',
      'ACCEPT',
      'ENDORSE',
      'ACCEPT_ENDORSEMENT',
      'DEPOSIT',
      'PRESENT',
      'PAY',
    ]);
    const seen: string[] = [];
    let cursor = '0';
    for (let page = await port.registryEvents({ cursor, bankCode: '777', limit: 3 }); ; ) {
      if (page.events.length === 0) break;
      seen.push(...page.events.map((e) => e.id));
      cursor = page.cursor;
      page = await port.registryEvents({ cursor, bankCode: '777', limit: 3 });
    }
    expect(seen).toEqual(all.events.map((e) => e.id));
    expect(cursor).toBe(all.cursor);
    const bad = port.registryEvents({ cursor: 'x', bankCode: '777', limit: 3 });
    await expect(bad).rejects.toBeInstanceOf(ClearingRejectedError);
    await expect(bad).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/Cursor/) });
    const noBank = port.registryEvents({ cursor: '0', bankCode: '', limit: 3 });
    await expect(noBank).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/Código de banco/) });
  });

  it('adheres over HTTP: idempotent, per bank, and a late adherent’s bank gets its past events', async () => {
    const benefOnly = (await port.registryEvents({ cursor: '0', bankCode: '778', limit: 5000 })).events;
    expect(benefOnly.length).toBeGreaterThan(0);
    expect(benefOnly.every((e) => e.cuits.includes(BENEF))).toBe(true);
    // A third bank knows nothing until BENEF adheres through it too; then it has BENEF's events, past ones included.
    expect((await port.registryEvents({ cursor: '0', bankCode: '779', limit: 5000 })).events).toEqual([]);
    expect(await port.registryAdhere({ bankCode: '779', cuits: [BENEF, BENEF] })).toEqual({ adhered: 1 });
    expect(await port.registryAdhere({ bankCode: '779', cuits: [BENEF] })).toEqual({ adhered: 0 });
    const late = (await port.registryEvents({ cursor: '0', bankCode: '779', limit: 5000 })).events;
    expect(late.map((e) => e.id)).toEqual(benefOnly.map((e) => e.id));
    // Bank 778 is unchanged by another bank's adhesion.
    expect((await port.registryEvents({ cursor: '0', bankCode: '778', limit: 5000 })).events).toEqual(benefOnly);
    const bad = port.registryAdhere({ bankCode: '779', cuits: ['2011111111'] });
    await expect(bad).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/CUITs inválidas/) });
  });

  it('answers the registry’s routes only to signed requests whose idempotency header matches the body’s key', async () => {
    const unsigned = await fetch(`${sim.url}/v1/registry/events?cursor=0&bank_code=777&limit=5`);
    expect(unsigned.status).toBe(401);
    const body = JSON.stringify(issueRequest({ number: nextNumber(), issueDate: ISSUED, paymentDate: PAYMENT }, 'k-1'));
    const timestamp = String(clock.getTime());
    const path = '/v1/registry/issue';
    const res = await fetch(`${sim.url}${path}`, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        [HEADER.key]: KEY,
        [HEADER.timestamp]: timestamp,
        [HEADER.signature]: signRequest(SECRET, { method: 'POST', path, timestamp, body }),
        [HEADER.idempotency]: 'k-2',
      },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/clave de idempotencia/);
  });
});
