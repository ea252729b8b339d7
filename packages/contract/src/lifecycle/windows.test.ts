import { describe, expect, it } from 'vitest';
import { addDays } from './dates';
import { allowedActions, apply, isDueToExpire, type LifecycleOperation } from './machine';
import type { OperationType } from './operations';
import type { Caller } from './positions';
import type { ChequeState } from './states';
import { BENEFICIARY, chequeIn, ENDORSEE, HOLDER, ISSUER, noon, OTHER, PAYMENT_DATE } from './test-fixtures';

/** The date edges of every window: the day before, the day of and the day after each limit (LIFECYCLE §3). */
const P = PAYMENT_DATE; // 2026-05-20, a Wednesday
const E = addDays(P, 30); // 2026-06-19, the presentation window's last day

function attempt(state: ChequeState, type: OperationType, caller: Caller, today: string, options = {}) {
  const base = { type, caller, at: noon(today) };
  const op = (
    type === 'ENDORSE'
      ? { ...base, endorsee_cuit: OTHER }
      : type.includes('REPUDIATE') || type === 'ANNUL'
        ? { ...base, motivo: 'x' }
        : base
  ) as LifecycleOperation;
  const result = apply(chequeIn(state), op, options);
  return result.ok ? 'ok' : result.message;
}

const holder = { cuit: HOLDER };
const registry = { registry: true };

describe('windows', () => {
  it('the beneficiary accepts or repudiates until the payment date, that day included', () => {
    for (const op of ['ACCEPT', 'REPUDIATE'] as const) {
      expect(attempt('EMITIDO-PENDIENTE', op, { cuit: BENEFICIARY }, addDays(P, -1))).toBe('ok');
      expect(attempt('EMITIDO-PENDIENTE', op, { cuit: BENEFICIARY }, P)).toBe('ok');
    }
    expect(attempt('EMITIDO-PENDIENTE', 'ACCEPT', { cuit: BENEFICIARY }, addDays(P, 1))).toBe(
      'El plazo para aceptar el ECHEQ venció el 20/05/2026',
    );
    expect(attempt('EMITIDO-PENDIENTE', 'REPUDIATE', { cuit: BENEFICIARY }, addDays(P, 1))).toBe(
      'El plazo para repudiar el ECHEQ venció el 20/05/2026',
    );
  });

  it('custody and rescue only before the payment date', () => {
    expect(attempt('ACTIVO', 'CUSTODY', holder, addDays(P, -1))).toBe('ok');
    expect(attempt('ACTIVO', 'CUSTODY', holder, P)).toBe(
      'El ECHEQ solo puede ponerse en custodia antes de la fecha de pago (20/05/2026)',
    );
    expect(attempt('ACTIVO', 'CUSTODY', holder, addDays(P, 1))).not.toBe('ok');
    expect(attempt('CUSTODIA', 'RESCUE', holder, addDays(P, -1))).toBe('ok');
    expect(attempt('CUSTODIA', 'RESCUE', holder, P)).toBe(
      'El ECHEQ solo puede rescatarse de la custodia antes de la fecha de pago (20/05/2026)',
    );
    expect(attempt('CUSTODIA', 'RESCUE', holder, addDays(P, 1))).not.toBe('ok');
  });

  it('deposit from the payment date to payment date + N, both included', () => {
    expect(attempt('ACTIVO', 'DEPOSIT', holder, addDays(P, -1))).toBe(
      'El ECHEQ no puede depositarse antes de la fecha de pago (20/05/2026)',
    );
    expect(attempt('ACTIVO', 'DEPOSIT', holder, P)).toBe('ok');
    expect(attempt('ACTIVO', 'DEPOSIT', holder, addDays(P, 1))).toBe('ok');
    expect(attempt('ACTIVO', 'DEPOSIT', holder, addDays(E, -1))).toBe('ok');
    expect(attempt('ACTIVO', 'DEPOSIT', holder, E)).toBe('ok');
    expect(attempt('ACTIVO', 'DEPOSIT', holder, addDays(E, 1))).toBe('El plazo de presentación venció el 19/06/2026');
  });

  it('endorsing, annulling and answering an endorsement end with the presentation window', () => {
    const cases: [ChequeState, OperationType, Caller][] = [
      ['ACTIVO', 'ENDORSE', holder],
      ['EMITIDO-PENDIENTE', 'ANNUL', { cuit: ISSUER }],
      ['ACTIVO-PENDIENTE', 'ACCEPT_ENDORSEMENT', { cuit: ENDORSEE }],
      ['ACTIVO-PENDIENTE', 'REPUDIATE_ENDORSEMENT', { cuit: ENDORSEE }],
      ['ACTIVO-PENDIENTE', 'ANNUL_ENDORSEMENT', holder],
    ];
    for (const [state, op, caller] of cases) {
      expect(attempt(state, op, caller, addDays(E, -1)), op).toBe('ok');
      expect(attempt(state, op, caller, E), op).toBe('ok');
      expect(attempt(state, op, caller, addDays(E, 1)), op).toBe('El plazo de presentación venció el 19/06/2026');
    }
  });

  it('a cheque expires from the day after the window, not on its last day', () => {
    for (const state of ['EMITIDO-PENDIENTE', 'ACTIVO', 'ACTIVO-PENDIENTE', 'DEVOLUCION-PENDIENTE'] as const) {
      expect(attempt(state, 'EXPIRE', registry, addDays(E, -1))).not.toBe('ok');
      expect(attempt(state, 'EXPIRE', registry, E)).toBe(
        'El plazo de presentación vence el 19/06/2026: el ECHEQ todavía no caduca',
      );
      expect(attempt(state, 'EXPIRE', registry, addDays(E, 1))).toBe('ok');
      expect(isDueToExpire(chequeIn(state), E)).toBe(false);
      expect(isDueToExpire(chequeIn(state), addDays(E, 1))).toBe(true);
    }
    for (const state of ['CUSTODIA', 'DEPOSITADO', 'PRESENTADO', 'PAGADO', 'CADUCADO'] as const) {
      expect(isDueToExpire(chequeIn(state), addDays(E, 100)), state).toBe(false);
    }
  });

  it('the custody bank deposits automatically from the payment date on', () => {
    expect(attempt('CUSTODIA', 'AUTO_DEPOSIT', registry, addDays(P, -1))).toBe(
      'El ECHEQ no puede depositarse automáticamente antes de la fecha de pago (20/05/2026)',
    );
    expect(attempt('CUSTODIA', 'AUTO_DEPOSIT', registry, P)).toBe('ok');
    expect(attempt('CUSTODIA', 'AUTO_DEPOSIT', registry, addDays(P, 1))).toBe('ok');
    expect(attempt('CUSTODIA', 'AUTO_DEPOSIT', registry, addDays(E, 10))).toBe('ok');
  });

  it('N is a setting: with 10 days the window ends 10 days after the payment date', () => {
    const options = { presentationDays: 10 };
    expect(attempt('ACTIVO', 'DEPOSIT', holder, addDays(P, 10), options)).toBe('ok');
    expect(attempt('ACTIVO', 'DEPOSIT', holder, addDays(P, 11), options)).toBe(
      'El plazo de presentación venció el 30/05/2026',
    );
    expect(allowedActions(chequeIn('ACTIVO'), { registry: true }, addDays(P, 11), options)).toEqual(['EXPIRE']);
  });

  it('"today" is the Buenos Aires date of the operation, not the UTC one', () => {
    const cheque = chequeIn('EMITIDO-PENDIENTE');
    const caller = { cuit: BENEFICIARY };
    // 23:59 in Buenos Aires on the payment date is already the next day in UTC.
    expect(apply(cheque, { type: 'ACCEPT', caller, at: '2026-05-21T02:59:00Z' }).ok).toBe(true);
    expect(apply(cheque, { type: 'ACCEPT', caller, at: '2026-05-21T03:00:00Z' }).ok).toBe(false);
  });
});
