import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  registryCheque,
  registryPresentDeposited,
  registrySimulateReceived,
  type SimulateReceivedRequest,
  testAmountRejection,
} from '../../src/modules/clearing/registry';
import type { Db } from '../../src/platform/db/db';
import { freshDb } from '../helpers';
import {
  acceptedCheque,
  at,
  ctx,
  EMPRESA,
  eventsOfBanks,
  ISSUED,
  issue,
  NORTE,
  newKey,
  nextNumber,
  OUTSIDE_BANK,
  OUTSIDE_ISSUER,
  OUTSIDER,
  ok,
  operate,
  PAYMENT,
  PLATFORM_BANK,
  refused,
  snapshot,
} from './fixtures';

/** The parties the sandbox plays (LIFECYCLE §6): companies and paying banks off the platform. */
let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await freshDb());
});
afterAll(() => drop());

const received = (o: Partial<SimulateReceivedRequest> = {}): SimulateReceivedRequest => ({
  key: newKey('sim'),
  issuer: { cuit: OUTSIDE_ISSUER, name: 'Proveedor Externo S.A.', bank_code: OUTSIDE_BANK },
  beneficiary: { cuit: NORTE, name: 'Norte S.A.' },
  amount: 12345.67,
  currency: 'ARS',
  tipo: 'DIFERIDO',
  caracter: 'A_LA_ORDEN',
  concepto: 'FAC',
  payment_date: PAYMENT,
  ...o,
});

const simulate = (req: SimulateReceivedRequest, when = at(ISSUED)) =>
  db.transaction((tx) => registrySimulateReceived(tx, req, when, ctx));

async function eventsOf(id: string) {
  const events = await eventsOfBanks(db, [PLATFORM_BANK, OUTSIDE_BANK]);
  return events.filter((e) => e.cheque_id === id).map((e) => e.operation);
}

describe('outside parties', () => {
  it('a company off the platform accepts at once what is issued or endorsed to it', async () => {
    const c = ok(
      await issue(db, { number: nextNumber(), issueDate: ISSUED, paymentDate: PAYMENT, beneficiary: OUTSIDER }),
    );
    expect(c.state).toBe('ACTIVO');
    expect(c.holder_cuit).toBe(OUTSIDER);
    expect(await eventsOf(c.cheque_id)).toEqual(['ISSUE', 'ACCEPT']);

    const e = await acceptedCheque(db);
    const endorsed = ok(
      await operate(
        db,
        e.cheque_id,
        { type: 'ENDORSE', caller: { cuit: NORTE }, endorsee_cuit: OUTSIDER },
        at('2026-04-03'),
      ),
    );
    expect(endorsed.state).toBe('ACTIVO');
    expect(endorsed.holder_cuit).toBe(OUTSIDER);
    expect(endorsed.endorsements.map((x) => x.status)).toEqual(['ACCEPTED']);
    expect(await eventsOf(e.cheque_id)).toEqual(['ISSUE', 'ACCEPT', 'ENDORSE', 'ACCEPT_ENDORSEMENT']);
  });

  it('"Simular ECHEQ recibido": an outside company issues to a client, numbers following on its account', async () => {
    const first = ok(await simulate(received()));
    const second = ok(await simulate(received({ amount: 10 })));
    expect(first.state).toBe('EMITIDO-PENDIENTE');
    expect(first.issuer).toMatchObject({ cuit: OUTSIDE_ISSUER, bank_code: OUTSIDE_BANK });
    expect(first.beneficiary.cuit).toBe(NORTE);
    expect([first.number, second.number]).toEqual(['00000001', '00000002']);
    expect(first.cmc7.slice(10, 18)).toBe('00000001');
    // A replay under the same key is the first answer, not a third cheque.
    const req = received();
    const a = ok(await simulate(req));
    const before = await snapshot(db);
    const again = await simulate(req, at(ISSUED, '18:00'));
    expect(again).toMatchObject({ ok: true, replayed: true, cheque: a });
    expect(await snapshot(db)).toEqual(before);
  });

  it('refuses a simulation whose issuer or bank is on the platform, or whose beneficiary is not', async () => {
    const before = await snapshot(db);
    const known = refused(await simulate(received({ issuer: { cuit: EMPRESA, name: 'x', bank_code: OUTSIDE_BANK } })));
    expect(known.message).toBe('El librador de un ECHEQ recibido simulado debe ser una empresa fuera de la plataforma');
    const bank = refused(
      await simulate(received({ issuer: { cuit: OUTSIDE_ISSUER, name: 'x', bank_code: PLATFORM_BANK } })),
    );
    expect(bank.field).toBe('issuer.bank_code');
    const stranger = refused(await simulate(received({ beneficiary: { cuit: OUTSIDER, name: null } })));
    expect(stranger.message).toBe(
      'El beneficiario de un ECHEQ recibido simulado debe ser una empresa de la plataforma',
    );
    const comun = refused(await simulate(received({ tipo: 'COMUN' })));
    expect(comun.field).toBe('payment_date');
    expect(await snapshot(db)).toEqual(before);
  });

  it('a paying bank off the platform pays at once when presented, or rejects the test amounts with their motivo', async () => {
    const cases = [
      [500, 'PAGADO', null],
      [500.13, 'RECHAZADO', 'Sin fondos suficientes'],
      [500.14, 'RECHAZADO', 'Cuenta cerrada'],
      [500.15, 'RECHAZADO', 'Orden de no pagar'],
    ] as const;
    for (const [amount, final, motivo] of cases) {
      const c = ok(await simulate(received({ amount })));
      ok(await operate(db, c.cheque_id, { type: 'ACCEPT', caller: { cuit: NORTE } }, at('2026-04-02')));
      ok(await operate(db, c.cheque_id, { type: 'DEPOSIT', caller: { cuit: NORTE } }, at(PAYMENT, '09:00')));
      const run = await registryPresentDeposited(db, { at: at(PAYMENT, '09:01'), ctx });
      expect(run.applied).toContain(c.cheque_id);
      const stored = (await registryCheque(db, c.cheque_id))!;
      expect(stored.state, String(amount)).toBe(final);
      expect(stored.rejection?.motivo ?? null).toBe(motivo);
      expect((await eventsOf(c.cheque_id)).slice(-2)).toEqual(['PRESENT', final === 'PAGADO' ? 'PAY' : 'REJECT']);
    }
  });

  it('reads the test amounts by their cents', () => {
    expect(testAmountRejection(0.13)).toBe('Sin fondos suficientes');
    expect(testAmountRejection('1000000.14')).toBe('Cuenta cerrada');
    expect(testAmountRejection(99.15)).toBe('Orden de no pagar');
    expect(testAmountRejection(13)).toBeNull();
    expect(testAmountRejection(1.31)).toBeNull();
  });
});
