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

const SECRET = 'banco-registro-secret-0123456789';
/** One participant per bank: the clearing house knows the bank by the api key (decision 042). */
const BANKS = [PLATFORM_BANK, NORTE_BANK, '777', '778', '779'] as const;
const keyOf = (bankCode: string) => `banco-${bankCode}-key`;
/** A key of the first operations only, with no bank of the registry. */
const PLAIN_KEY = 'sin-banco-key';

let clock = new Date(at(ISSUED));
let sim: CoelsaSimulator;
const ports = new Map<string, ClearingPort>();
/** The HTTP adapter of the bank `bankCode`, with its own key. */
const portOf = (bankCode: string) => ports.get(bankCode)!;

function adapter(apiKey: string): ClearingPort {
  return httpAdapter({
    baseUrl: sim.url,
    egress: { allowedHosts: ['127.0.0.1'], requireHttps: false },
    apiKey,
    apiSecret: SECRET,
    timeoutMs: 20_000,
    maxRetries: 0,
    breaker: createBreaker({ threshold: 100 }),
    now: () => clock.getTime(),
  });
}

beforeAll(async () => {
  const credentials = Object.fromEntries(BANKS.map((b) => [keyOf(b), { secret: SECRET, bankCode: b }]));
  sim = await startCoelsaSimulator({
    credentials: { ...credentials, [PLAIN_KEY]: SECRET },
    now: () => new Date(clock),
  });
  // EMPRESA, NORTE and BENEF and their banks are on the platform; everyone else is played by the registry.
  sim.registryParticipants({ cuits: [EMPRESA, NORTE, BENEF], bankCodes: [PLATFORM_BANK, NORTE_BANK] });
  for (const b of BANKS) ports.set(b, adapter(keyOf(b)));
  // Each bank tells the registry its clients: EMPRESA and BENEF are 285's, NORTE 319's; and two banks of the
  // registry's own: one whose clients are NORTE and BENEF (777), one with BENEF alone (778).
  expect(await portOf(PLATFORM_BANK).registryAdhere({ bankCode: PLATFORM_BANK, cuits: [EMPRESA, BENEF] })).toEqual({
    adhered: 2,
  });
  expect(await portOf(NORTE_BANK).registryAdhere({ bankCode: NORTE_BANK, cuits: [NORTE] })).toEqual({ adhered: 1 });
  expect(await portOf('777').registryAdhere({ bankCode: '777', cuits: [NORTE, BENEF] })).toEqual({ adhered: 2 });
  expect(await portOf('778').registryAdhere({ bankCode: '778', cuits: [BENEF] })).toEqual({ adhered: 1 });
});
afterAll(() => sim.close());

const op = (chequeId: string, o: { type: string; [field: string]: unknown }, key = newKey(o.type)) =>
  ({ key, cheque_id: chequeId, ...o }) as RegistryOperateRequest;

describe('the registry through the HTTP adapter and the standalone simulator', () => {
  let id = '';

  it('takes a cheque from issue to payment over HTTP, the simulator presenting the deposit at once', async () => {
    const issued = ok(
      await portOf(PLATFORM_BANK).registryIssue(
        issueRequest({ number: nextNumber(), issueDate: ISSUED, paymentDate: PAYMENT }),
      ),
    );
    expect(issued.state).toBe('EMITIDO-PENDIENTE');
    id = issued.cheque_id;
    // Each step sent by the bank of its caller.
    const steps = [
      ['2026-04-06', NORTE_BANK, { type: 'ACCEPT', caller: { cuit: NORTE } }, 'ACTIVO'],
      [
        '2026-04-07',
        NORTE_BANK,
        { type: 'ENDORSE', caller: { cuit: NORTE }, endorsee_cuit: BENEF },
        'ACTIVO-PENDIENTE',
      ],
      ['2026-04-08', PLATFORM_BANK, { type: 'ACCEPT_ENDORSEMENT', caller: { cuit: BENEF } }, 'ACTIVO'],
      [PAYMENT, PLATFORM_BANK, { type: 'DEPOSIT', caller: { cuit: BENEF } }, 'DEPOSITADO'],
    ] as const;
    for (const [day, bank, o, state] of steps) {
      clock = new Date(at(day, '10:00'));
      expect(ok(await portOf(bank).registryOperate(op(id, o))).state).toBe(state);
    }
    const presented = await portOf(PLATFORM_BANK).registryEvents({ cursor: '0', bankCode: PLATFORM_BANK, limit: 100 });
    expect(presented.events.at(-1)).toMatchObject({ cheque_id: id, operation: 'PRESENT', state: 'PRESENTADO' });
    clock = new Date(at(PAYMENT, '15:00'));
    const pay = op(id, { type: 'PAY', caller: { payingBank: true } });
    // Only the bank it is drawn on pays it: another bank's key is refused (403), and nothing changed.
    const notTheirs = refused(await portOf(NORTE_BANK).registryOperate(pay));
    expect(notTheirs).toMatchObject({ code: 'FORBIDDEN', reason: 'REQUESTER', replayed: false });
    expect(notTheirs.message).toMatch(/no está librado contra el banco 319/);
    expect(sim.requests.at(-1)).toMatchObject({ path: '/v1/registry/operations', status: 403 });
    const paid = ok(await portOf(PLATFORM_BANK).registryOperate(pay));
    expect(paid.state).toBe('PAGADO');
    expect(sim.requests.filter((r) => r.path === '/v1/registry/operations').every((r) => r.key !== null)).toBe(true);
  });

  it('returns a refusal as the outcome with its Spanish message, and a replay answers the same', async () => {
    const annul = op(id, { type: 'ANNUL', caller: { cuit: EMPRESA }, motivo: 'Error de carga' });
    const port = portOf(PLATFORM_BANK);
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
      await portOf(NORTE_BANK).registryOperate(op('AAAAAAAAAAAAAAA', { type: 'ACCEPT', caller: { cuit: NORTE } })),
    );
    expect(unknown.message.length).toBeGreaterThan(0);
  });

  it('replays a successful operation with the same answer and the simulator applies it once', async () => {
    clock = new Date(at(ISSUED, '11:00'));
    const req = issueRequest({ number: nextNumber(), issueDate: ISSUED, paymentDate: PAYMENT, beneficiary: BENEF });
    const first = await portOf(PLATFORM_BANK).registryIssue(req);
    const again = await portOf(PLATFORM_BANK).registryIssue(req);
    expect(again).toEqual({ ...first, replayed: true });
    const all = await portOf('778').registryEvents({ cursor: '0', bankCode: '778', limit: 5000 });
    expect(all.events.filter((e) => e.cheque_id === ok(first).cheque_id && e.operation === 'ISSUE')).toHaveLength(1);
  });

  it('pages the events by cursor and refuses a bad page request', async () => {
    const port = portOf('777');
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
    const benefOnly = (await portOf('778').registryEvents({ cursor: '0', bankCode: '778', limit: 5000 })).events;
    expect(benefOnly.length).toBeGreaterThan(0);
    expect(benefOnly.every((e) => e.cuits.includes(BENEF))).toBe(true);
    // A third bank knows nothing until BENEF adheres through it too; then it has BENEF's events, past ones included.
    const port = portOf('779');
    expect((await port.registryEvents({ cursor: '0', bankCode: '779', limit: 5000 })).events).toEqual([]);
    expect(await port.registryAdhere({ bankCode: '779', cuits: [BENEF, BENEF] })).toEqual({ adhered: 1 });
    expect(await port.registryAdhere({ bankCode: '779', cuits: [BENEF] })).toEqual({ adhered: 0 });
    const late = (await port.registryEvents({ cursor: '0', bankCode: '779', limit: 5000 })).events;
    expect(late.map((e) => e.id)).toEqual(benefOnly.map((e) => e.id));
    // Bank 778 is unchanged by another bank's adhesion.
    expect((await portOf('778').registryEvents({ cursor: '0', bankCode: '778', limit: 5000 })).events).toEqual(
      benefOnly,
    );
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
        [HEADER.key]: keyOf(PLATFORM_BANK),
        [HEADER.timestamp]: timestamp,
        [HEADER.signature]: signRequest(SECRET, { method: 'POST', path, timestamp, body }),
        [HEADER.idempotency]: 'k-2',
      },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/clave de idempotencia/);
  });

  it('knows the bank by its key: another bank code is a 403 on events and adhesions, and changes nothing', async () => {
    const norte = portOf(NORTE_BANK);
    const peek = norte.registryEvents({ cursor: '0', bankCode: PLATFORM_BANK, limit: 10 });
    await expect(peek).rejects.toBeInstanceOf(ClearingRejectedError);
    await expect(peek).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN', message: /banco 319/ });
    const claim = norte.registryAdhere({ bankCode: '778', cuits: [NORTE] });
    await expect(claim).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
    // A company the bank has not adhered: its operation is refused, the key not kept (the right bank can use it).
    const issued = ok(
      await portOf(PLATFORM_BANK).registryIssue(
        issueRequest({ number: nextNumber(), issueDate: ISSUED, paymentDate: PAYMENT }),
      ),
    );
    const accept = op(issued.cheque_id, { type: 'ACCEPT', caller: { cuit: NORTE } });
    const refusal = refused(await portOf('778').registryOperate(accept));
    expect(refusal).toMatchObject({ code: 'FORBIDDEN', field: 'caller' });
    expect(refusal.message).toBe(`La CUIT ${NORTE} no está adherida a ECHEQ a través del banco 778`);
    expect(ok(await norte.registryOperate(accept)).state).toBe('ACTIVO');
    // NORTE did not adhere through 778: the cheque between EMPRESA and NORTE is none of 778's events.
    const of778 = (await portOf('778').registryEvents({ cursor: '0', bankCode: '778', limit: 5000 })).events;
    expect(of778.length).toBeGreaterThan(0);
    expect(of778.filter((e) => e.cheque_id === issued.cheque_id)).toEqual([]);
    const of319 = (await norte.registryEvents({ cursor: '0', bankCode: NORTE_BANK, limit: 5000 })).events;
    expect(of319.filter((e) => e.cheque_id === issued.cheque_id)).toHaveLength(2);
  });

  it('answers a key of no participant bank the first operations but nothing of the registry', async () => {
    const plain = adapter(PLAIN_KEY);
    await expect(plain.health()).resolves.toMatchObject({ latencyMs: expect.any(Number) });
    await expect(plain.registryEvents({ cursor: '0', bankCode: PLATFORM_BANK, limit: 10 })).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
      message: /no identifican a un banco/,
    });
    const req = issueRequest({ number: nextNumber(), issueDate: ISSUED, paymentDate: PAYMENT });
    expect(refused(await plain.registryIssue(req))).toMatchObject({ code: 'FORBIDDEN', reason: 'REQUESTER' });
  });
});
