import { describe, expect, it } from 'vitest';
import type { RegistryCheque } from './cheque';
import { registryChequeSchema } from './cheque';
import { type ApplyResult, apply, type LifecycleOperation } from './machine';
import type { Caller } from './positions';
import { specStatusOf } from './states';
import { BENEFICIARY, chequeIn, draftFor, ENDORSEE, HOLDER, ISSUER, ISSUER_ACCOUNT, OTHER } from './test-fixtures';
import { isPending, trayOf } from './trays';

/** Whole stories through `apply`, as the registry would run them, checking each step's cheque. */
const BA = (date: string, time: string) => `${date}T${time}:00-03:00`;

function run(start: RegistryCheque | null, steps: [LifecycleOperation['type'], Caller, string, object?][]) {
  let cheque = start;
  const states: string[] = [];
  for (const [type, caller, at, extra] of steps) {
    const result: ApplyResult = apply(cheque, { type, caller, at, ...extra } as LifecycleOperation);
    if (!result.ok) throw new Error(`${type}: ${result.message}`);
    cheque = registryChequeSchema.parse(result.cheque);
    states.push(cheque.state);
  }
  return { cheque: cheque as RegistryCheque, states };
}

const newDraft = () => draftFor('2026-03-02', '2026-04-10'); // payable on a Friday
const account = ISSUER_ACCOUNT;

describe('a cheque from issue to payment', () => {
  it('issue → accept → endorse → accept the endorsement → deposit after the cut-off → present → pay', () => {
    const { cheque, states } = run(null, [
      ['ISSUE', { cuit: ISSUER }, BA('2026-03-02', '10:00'), { cheque: newDraft(), account }],
      ['ACCEPT', { cuit: BENEFICIARY }, BA('2026-03-03', '09:00')],
      [
        'ENDORSE',
        { cuit: BENEFICIARY },
        BA('2026-03-04', '11:00'),
        { endorsee_cuit: HOLDER, endorsee_name: 'Tenedor' },
      ],
      ['ACCEPT_ENDORSEMENT', { cuit: HOLDER }, BA('2026-03-05', '11:00')],
      ['DEPOSIT', { cuit: HOLDER }, BA('2026-04-10', '20:15')],
      ['PRESENT', { registry: true }, BA('2026-04-10', '20:15')],
      ['PAY', { payingBank: true }, BA('2026-04-13', '15:00')],
    ]);
    expect(states).toEqual([
      'EMITIDO-PENDIENTE',
      'ACTIVO',
      'ACTIVO-PENDIENTE',
      'ACTIVO',
      'DEPOSITADO',
      'PRESENTADO',
      'PAGADO',
    ]);
    expect(cheque.holder_cuit).toBe(HOLDER);
    expect(cheque.endorsements).toEqual([
      {
        from_cuit: BENEFICIARY,
        to_cuit: HOLDER,
        to_name: 'Tenedor',
        at: BA('2026-03-04', '11:00'),
        status: 'ACCEPTED',
        motivo: null,
      },
    ]);
    // Deposited on Friday after 20:00: it clears on Monday.
    expect(cheque.deposit).toEqual({ at: BA('2026-04-10', '20:15'), automatic: false, clearing_date: '2026-04-13' });
    expect(cheque.paid_at).toBe(BA('2026-04-13', '15:00'));
    expect(specStatusOf(cheque.state)).toBe('PAID');
    for (const cuit of [ISSUER, BENEFICIARY, HOLDER]) expect(trayOf(cheque, cuit)).toBe('historial');
  });

  it("each step puts the cheque in each company's tray, pending for whoever must answer", () => {
    const steps: [LifecycleOperation['type'], Caller, string, object?][] = [
      ['ISSUE', { cuit: ISSUER }, BA('2026-03-02', '10:00'), { cheque: newDraft(), account }],
    ];
    let { cheque } = run(null, steps);
    const today = '2026-03-02';
    expect([trayOf(cheque, ISSUER), trayOf(cheque, BENEFICIARY), trayOf(cheque, HOLDER)]).toEqual([
      'emitidos',
      'recibidos',
      null,
    ]);
    expect(isPending(cheque, { cuit: BENEFICIARY }, today)).toBe(true);
    expect(isPending(cheque, { cuit: ISSUER }, today)).toBe(false);

    ({ cheque } = run(cheque, [
      ['ACCEPT', { cuit: BENEFICIARY }, BA(today, '11:00')],
      ['ENDORSE', { cuit: BENEFICIARY }, BA(today, '12:00'), { endorsee_cuit: HOLDER }],
    ]));
    expect([trayOf(cheque, BENEFICIARY), trayOf(cheque, HOLDER)]).toEqual(['endosados', 'recibidos']);
    expect(isPending(cheque, { cuit: HOLDER }, today)).toBe(true);

    ({ cheque } = run(cheque, [
      ['REPUDIATE_ENDORSEMENT', { cuit: HOLDER }, BA(today, '13:00'), { motivo: 'No corresponde' }],
    ]));
    expect(cheque.holder_cuit).toBe(BENEFICIARY);
    expect(cheque.endorsements.at(-1)).toMatchObject({ status: 'REPUDIATED', motivo: 'No corresponde' });
    expect([trayOf(cheque, BENEFICIARY), trayOf(cheque, HOLDER)]).toEqual(['recibidos', 'historial']);

    ({ cheque } = run(cheque, [
      ['ENDORSE', { cuit: BENEFICIARY }, BA(today, '14:00'), { endorsee_cuit: ENDORSEE }],
      ['ANNUL_ENDORSEMENT', { cuit: BENEFICIARY }, BA(today, '15:00')],
      ['CUSTODY', { cuit: BENEFICIARY }, BA(today, '16:00')],
    ]));
    expect(cheque.endorsements.map((e) => e.status)).toEqual(['REPUDIATED', 'ANNULLED']);
    expect(trayOf(cheque, BENEFICIARY)).toBe('custodia');
    expect(isPending(cheque, { cuit: BENEFICIARY }, today)).toBe(false);

    // The custody bank deposits it on the payment date (a Friday), before the cut-off: it clears that day.
    ({ cheque } = run(cheque, [['AUTO_DEPOSIT', { registry: true }, BA('2026-04-10', '00:05')]]));
    expect(cheque.deposit).toEqual({ at: BA('2026-04-10', '00:05'), automatic: true, clearing_date: '2026-04-10' });
    expect(trayOf(cheque, BENEFICIARY)).toBe('depositados');

    ({ cheque } = run(cheque, [['PRESENT', { registry: true }, BA('2026-04-10', '00:06')]]));
    expect(isPending(cheque, { payingBank: true }, '2026-04-10')).toBe(true);
    ({ cheque } = run(cheque, [
      ['REJECT', { payingBank: true }, BA('2026-04-10', '18:00'), { motivo: 'Sin fondos suficientes' }],
    ]));
    expect(cheque.rejection).toEqual({ motivo: 'Sin fondos suficientes', at: BA('2026-04-10', '18:00') });
    expect(specStatusOf(cheque.state)).toBe('CANCELLED');
    expect(trayOf(cheque, BENEFICIARY)).toBe('historial');
  });

  it('an endorsement still pending when the cheque expires is marked expired', () => {
    const { cheque } = run(chequeIn('ACTIVO-PENDIENTE'), [['EXPIRE', { registry: true }, BA('2026-06-20', '00:10')]]);
    expect(cheque.state).toBe('CADUCADO');
    expect(cheque.expired_at).toBe(BA('2026-06-20', '00:10'));
    expect(cheque.endorsements.map((e) => e.status)).toEqual(['ACCEPTED', 'EXPIRED']);
    expect(specStatusOf(cheque.state)).toBe('EXPIRED');
    expect(trayOf(cheque, ENDORSEE)).toBe('historial');
    expect(trayOf(cheque, OTHER)).toBeNull();
  });
});
