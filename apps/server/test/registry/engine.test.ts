import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registryCheque, registryEventsAfter, registryPresentDeposited } from '../../src/modules/clearing/registry';
import type { Db } from '../../src/platform/db/db';
import { freshDb } from '../helpers';
import {
  acceptedCheque,
  adhere,
  at,
  BENEF,
  ctx,
  EMPRESA,
  ISSUED,
  issue,
  NORTE,
  nextNumber,
  ok,
  operate,
  PAYMENT,
  PLATFORM_BANK,
  refused,
  snapshot,
} from './fixtures';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await freshDb());
  // BENEF's bank (777 here, alone with it) and a bank none of whose clients is on these cheques (778).
  await adhere(db, '777', [BENEF]);
  await adhere(db, '778', ['20111111112']);
});
afterAll(() => drop());

const accepted = (o: Parameters<typeof acceptedCheque>[1] = {}) => acceptedCheque(db, o);

describe('the registry engine', () => {
  it('takes a cheque through issue → accept → endorse → accept endorsement → deposit → present → pay', async () => {
    const issued = ok(await issue(db, { number: nextNumber(), issueDate: ISSUED, paymentDate: PAYMENT }));
    expect(issued.state).toBe('EMITIDO-PENDIENTE');
    expect(issued.cheque_id).toMatch(/^[A-Z0-9]{15}$/);
    const id = issued.cheque_id;
    const steps = [
      [{ type: 'ACCEPT', caller: { cuit: NORTE } }, at('2026-04-02'), 'ACTIVO'],
      [{ type: 'ENDORSE', caller: { cuit: NORTE }, endorsee_cuit: BENEF }, at('2026-04-03'), 'ACTIVO-PENDIENTE'],
      [{ type: 'ACCEPT_ENDORSEMENT', caller: { cuit: BENEF } }, at('2026-04-04'), 'ACTIVO'],
      [{ type: 'DEPOSIT', caller: { cuit: BENEF } }, at(PAYMENT, '10:00'), 'DEPOSITADO'],
    ] as const;
    for (const [op, when, state] of steps) expect(ok(await operate(db, id, op, when)).state).toBe(state);
    const deposited = (await registryCheque(db, id))!;
    expect(deposited.holder_cuit).toBe(BENEF);
    expect(deposited.deposit).toEqual({ at: at(PAYMENT, '10:00'), automatic: false, clearing_date: PAYMENT });

    const presented = await registryPresentDeposited(db, { at: at(PAYMENT, '10:05'), ctx });
    expect(presented.applied).toContain(id);
    // The paying bank (285) is on the platform: it answers from its queue.
    expect((await registryCheque(db, id))!.state).toBe('PRESENTADO');
    const paid = ok(await operate(db, id, { type: 'PAY', caller: { payingBank: true } }, at(PAYMENT, '15:00')));
    expect(paid.state).toBe('PAGADO');
    expect(paid.paid_at).toBe(at(PAYMENT, '15:00'));

    // The history in order; each bank pulls what concerns it.
    const all = await registryEventsAfter(db, { cursor: 0, bankCode: PLATFORM_BANK, limit: 5000 });
    const mine = all.filter((e) => e.cheque_id === id);
    expect(mine.map((e) => e.operation)).toEqual([
      'ISSUE',
      'ACCEPT',
      'ENDORSE',
      'ACCEPT_ENDORSEMENT',
      'DEPOSIT',
      'PRESENT',
      'PAY',
    ]);
    expect(mine.map((e) => e.state).at(-1)).toBe('PAGADO');
    expect(mine.at(-1)!.payload.cheque.state).toBe('PAGADO');
    const ids = mine.map((e) => BigInt(e.id));
    expect([...ids].sort((a, b) => (a < b ? -1 : 1))).toEqual(ids);
    // BENEF's bank learns of the cheque from the endorsement to it on, with the whole cheque in each event.
    const benef = await registryEventsAfter(db, { cursor: 0, bankCode: '777' });
    expect(benef.filter((e) => e.cheque_id === id).map((e) => e.operation)).toEqual(
      mine.slice(2).map((e) => e.operation),
    );
    // A bank with none of its clients on the cheque, nor the cheque drawn on it, sees none of it.
    const other = await registryEventsAfter(db, { cursor: 0, bankCode: '778' });
    expect(other.filter((e) => e.cheque_id === id)).toEqual([]);
    // The cursor moves on: nothing after the last one.
    expect(await registryEventsAfter(db, { cursor: all.at(-1)!.id, bankCode: PLATFORM_BANK })).toEqual([]);
  });

  it('records the paying bank rejection with its motivo', async () => {
    const c = await accepted({ amount: 2500.13 });
    ok(await operate(db, c.cheque_id, { type: 'DEPOSIT', caller: { cuit: NORTE } }, at(PAYMENT)));
    await registryPresentDeposited(db, { at: at(PAYMENT, '12:01'), ctx });
    const r = ok(
      await operate(
        db,
        c.cheque_id,
        { type: 'REJECT', caller: { payingBank: true }, motivo: 'Sin fondos suficientes' },
        at(PAYMENT, '16:00'),
      ),
    );
    expect(r.state).toBe('RECHAZADO');
    expect(r.rejection).toEqual({ motivo: 'Sin fondos suficientes', at: at(PAYMENT, '16:00') });
  });

  describe('refuses and changes nothing', () => {
    async function refusedWithoutChange(id: string, op: Parameters<typeof operate>[2], when: string) {
      const before = await snapshot(db, id);
      const r = refused(await operate(db, id, op, when));
      expect(await snapshot(db, id)).toEqual(before);
      return r;
    }

    it('a wrong party', async () => {
      const c = ok(await issue(db, { number: nextNumber(), issueDate: ISSUED, paymentDate: PAYMENT }));
      const r = await refusedWithoutChange(c.cheque_id, { type: 'ACCEPT', caller: { cuit: BENEF } }, at('2026-04-02'));
      expect(r).toMatchObject({
        code: 'INVALID_TRANSITION',
        reason: 'PARTY',
        message: 'Solo el beneficiario puede aceptar el ECHEQ',
      });
      const pay = await refusedWithoutChange(
        c.cheque_id,
        { type: 'ANNUL', caller: { cuit: NORTE }, motivo: 'x' },
        at('2026-04-02'),
      );
      expect(pay.message).toBe('Solo el librador puede anular el ECHEQ');
    });

    it('a wrong state', async () => {
      const c = ok(await issue(db, { number: nextNumber(), issueDate: ISSUED, paymentDate: PAYMENT }));
      const r = await refusedWithoutChange(
        c.cheque_id,
        { type: 'ENDORSE', caller: { cuit: NORTE }, endorsee_cuit: BENEF },
        at('2026-04-02'),
      );
      expect(r).toMatchObject({
        reason: 'STATE',
        message: 'El ECHEQ está en estado EMITIDO-PENDIENTE: no puede endosarse',
      });
    });

    it('outside the window', async () => {
      const c = ok(await issue(db, { number: nextNumber(), issueDate: ISSUED, paymentDate: PAYMENT }));
      const late = await refusedWithoutChange(
        c.cheque_id,
        { type: 'ACCEPT', caller: { cuit: NORTE } },
        at('2026-05-21'),
      );
      expect(late).toMatchObject({ reason: 'WINDOW', message: 'El plazo para aceptar el ECHEQ venció el 20/05/2026' });
      const active = await accepted();
      const early = await refusedWithoutChange(
        active.cheque_id,
        { type: 'DEPOSIT', caller: { cuit: NORTE } },
        at('2026-05-19'),
      );
      expect(early).toMatchObject({
        reason: 'WINDOW',
        message: 'El ECHEQ no puede depositarse antes de la fecha de pago (20/05/2026)',
      });
      const over = await refusedWithoutChange(
        active.cheque_id,
        { type: 'DEPOSIT', caller: { cuit: NORTE } },
        at('2026-06-20'),
      );
      expect(over.message).toBe('El plazo de presentación venció el 19/06/2026');
    });

    it('an endorsement of a cheque no a la orden', async () => {
      const c = await accepted({ caracter: 'NO_A_LA_ORDEN' });
      const r = await refusedWithoutChange(
        c.cheque_id,
        { type: 'ENDORSE', caller: { cuit: NORTE }, endorsee_cuit: BENEF },
        at('2026-04-03'),
      );
      expect(r).toMatchObject({ reason: 'RULE', message: 'Un ECHEQ no a la orden no puede endosarse' });
    });

    it('the 101st endorsement', async () => {
      const c = await accepted();
      let holder = NORTE;
      for (let i = 0; i < 100; i++) {
        const to = holder === NORTE ? BENEF : NORTE;
        ok(
          await operate(
            db,
            c.cheque_id,
            { type: 'ENDORSE', caller: { cuit: holder }, endorsee_cuit: to },
            at('2026-04-05'),
          ),
        );
        ok(await operate(db, c.cheque_id, { type: 'ACCEPT_ENDORSEMENT', caller: { cuit: to } }, at('2026-04-05')));
        holder = to;
      }
      const r = await refusedWithoutChange(
        c.cheque_id,
        { type: 'ENDORSE', caller: { cuit: holder }, endorsee_cuit: EMPRESA },
        at('2026-04-06'),
      );
      expect(r).toMatchObject({ reason: 'RULE', message: 'El ECHEQ ya tiene 100 endosos, el máximo permitido' });
    });

    it('malformed input and an unknown cheque', async () => {
      const c = await accepted();
      const self = await refusedWithoutChange(
        c.cheque_id,
        { type: 'ENDORSE', caller: { cuit: NORTE }, endorsee_cuit: NORTE },
        at('2026-04-03'),
      );
      expect(self.message).toBe('No puede endosar el ECHEQ a su propio CUIT');
      const bad = await refusedWithoutChange(
        c.cheque_id,
        { type: 'ENDORSE', caller: { cuit: NORTE }, endorsee_cuit: '123' },
        at('2026-04-03'),
      );
      expect(bad).toMatchObject({ code: 'VALIDATION_ERROR', field: 'endorsee_cuit' });
      const unknown = refused(
        await operate(db, 'ZZZZZZZZZZZZZZZ', { type: 'ACCEPT', caller: { cuit: NORTE } }, at('2026-04-03')),
      );
      expect(unknown.message).toBe('El ECHEQ no existe');
      const id = refused(await operate(db, 'abc', { type: 'ACCEPT', caller: { cuit: NORTE } }, at('2026-04-03')));
      expect(id).toMatchObject({ code: 'VALIDATION_ERROR', field: 'cheque_id' });
      const key = refused(
        await operate(db, c.cheque_id, { type: 'ACCEPT', caller: { cuit: NORTE } }, at('2026-04-03'), ''),
      );
      expect(key).toMatchObject({ code: 'VALIDATION_ERROR', field: 'key' });
    });

    it('an issue that breaks a rule, or of a number already used on the account', async () => {
      const before = await snapshot(db);
      const number = nextNumber();
      const toSelf = refused(
        await issue(db, { number, issueDate: ISSUED, paymentDate: PAYMENT, beneficiary: EMPRESA }),
      );
      expect(toSelf.message).toBe('No puede emitir un ECHEQ a su propio CUIT');
      const notToday = refused(await issue(db, { number, issueDate: ISSUED, paymentDate: PAYMENT }, at('2026-04-02')));
      expect(notToday.message).toBe('La fecha de emisión debe ser la de hoy (02/04/2026)');
      expect(await snapshot(db)).toEqual(before);
      ok(await issue(db, { number, issueDate: ISSUED, paymentDate: PAYMENT }));
      const mid = await snapshot(db);
      const again = refused(await issue(db, { number, issueDate: ISSUED, paymentDate: PAYMENT, beneficiary: BENEF }));
      expect(again).toMatchObject({
        code: 'DUPLICATE',
        message: `El número de cheque 000${number} ya fue usado en esta cuenta`,
      });
      expect(await snapshot(db)).toEqual(mid);
    });
  });
});
