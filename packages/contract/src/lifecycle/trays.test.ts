import { describe, expect, it } from 'vitest';
import { addDays } from './dates';
import { isPartyTo, partyCuitsOf } from './positions';
import { CHEQUE_STATES, type ChequeState, specStatusOf } from './states';
import { BENEFICIARY, chequeIn, ENDORSEE, HOLDER, ISSUER, PAYMENT_DATE, STRANGER } from './test-fixtures';
import { isPending, type Tray, trayOf } from './trays';

/** The cast of `chequeIn`: ISSUER drew to BENEFICIARY, who endorsed to HOLDER; ACTIVO-PENDIENTE: HOLDER → ENDORSEE. */
const COMPANIES = [ISSUER, BENEFICIARY, HOLDER, ENDORSEE, STRANGER];
type Row = [issuer: Tray | null, beneficiary: Tray | null, holder: Tray | null, endorsee: Tray | null, other: null];
const held = (holderTray: Tray): Row => ['emitidos', 'endosados', holderTray, null, null];
const closed: Row = ['historial', 'historial', 'historial', null, null];
const neverAccepted: Row = ['historial', 'historial', null, null, null];

const EXPECTED_TRAYS: Record<ChequeState, Row> = {
  'EMITIDO-PENDIENTE': ['emitidos', 'recibidos', null, null, null],
  ACTIVO: held('recibidos'),
  'ACTIVO-PENDIENTE': ['emitidos', 'endosados', 'endosados', 'recibidos', null],
  CUSTODIA: held('custodia'),
  DEPOSITADO: held('depositados'),
  PRESENTADO: held('depositados'),
  PAGADO: closed,
  RECHAZADO: closed,
  REPUDIADO: neverAccepted,
  ANULADO: neverAccepted,
  CADUCADO: closed,
  'DEVOLUCION-PENDIENTE': held('recibidos'),
  'AVAL-PENDIENTE': held('recibidos'),
  'CESION-PENDIENTE': held('recibidos'),
};

describe('trays', () => {
  for (const state of CHEQUE_STATES) {
    it(`${state}: each company's tray`, () => {
      const cheque = chequeIn(state);
      expect(COMPANIES.map((cuit) => trayOf(cheque, cuit))).toEqual(EXPECTED_TRAYS[state]);
    });
  }

  it('the issuer holding its own cheque sees it as received, and an endorsee who refused sees it in history', () => {
    const back = chequeIn('ACTIVO', { holder_cuit: ISSUER });
    expect(trayOf(back, ISSUER)).toBe('recibidos');
    const refused = chequeIn('ACTIVO', {
      endorsements: [
        ...chequeIn('ACTIVO').endorsements,
        { ...chequeIn('ACTIVO-PENDIENTE').endorsements[1]!, status: 'REPUDIATED' },
      ],
    });
    expect(trayOf(refused, ENDORSEE)).toBe('historial');
    expect(isPartyTo(refused, ENDORSEE)).toBe(true);
    expect(partyCuitsOf(refused).sort()).toEqual([ISSUER, BENEFICIARY, HOLDER, ENDORSEE].sort());
    expect(isPartyTo(refused, STRANGER)).toBe(false);
  });
});

describe('pending: the cheque awaits this caller', () => {
  const before = addDays(PAYMENT_DATE, -5);
  const within = addDays(PAYMENT_DATE, 5);
  const pendingFor = (state: ChequeState, today: string) =>
    [...COMPANIES.map((cuit) => ({ cuit })), { payingBank: true }]
      .filter((caller) => isPending(chequeIn(state), caller, today))
      .map((caller) => ('cuit' in caller ? caller.cuit : 'BANK'));

  it('before the payment date: the beneficiary to accept, the endorsee to answer, the bank to pay', () => {
    expect(pendingFor('EMITIDO-PENDIENTE', before)).toEqual([BENEFICIARY]);
    expect(pendingFor('ACTIVO-PENDIENTE', before)).toEqual([ENDORSEE]);
    expect(pendingFor('ACTIVO', before)).toEqual([]);
    expect(pendingFor('CUSTODIA', before)).toEqual([]);
    expect(pendingFor('PRESENTADO', before)).toEqual(['BANK']);
  });

  it('in the presentation window: the holder to deposit; an emission no longer accepted awaits no one', () => {
    expect(pendingFor('ACTIVO', within)).toEqual([HOLDER]);
    expect(pendingFor('EMITIDO-PENDIENTE', within)).toEqual([]);
    expect(pendingFor('ACTIVO-PENDIENTE', within)).toEqual([ENDORSEE]);
    expect(pendingFor('PAGADO', within)).toEqual([]);
  });

  it('nothing is pending while the cheque syncs', () => {
    expect(isPending({ ...chequeIn('EMITIDO-PENDIENTE'), syncing: true }, { cuit: BENEFICIARY }, before)).toBe(false);
  });
});

describe('the specification status of a registry cheque (LIFECYCLE §5)', () => {
  it('derives ACTIVE, PAID, CANCELLED or EXPIRED from the state', () => {
    const expected: Record<ChequeState, string> = {
      'EMITIDO-PENDIENTE': 'ACTIVE',
      ACTIVO: 'ACTIVE',
      'ACTIVO-PENDIENTE': 'ACTIVE',
      CUSTODIA: 'ACTIVE',
      DEPOSITADO: 'ACTIVE',
      PRESENTADO: 'ACTIVE',
      'DEVOLUCION-PENDIENTE': 'ACTIVE',
      'AVAL-PENDIENTE': 'ACTIVE',
      'CESION-PENDIENTE': 'ACTIVE',
      PAGADO: 'PAID',
      ANULADO: 'CANCELLED',
      REPUDIADO: 'CANCELLED',
      RECHAZADO: 'CANCELLED',
      CADUCADO: 'EXPIRED',
    };
    for (const state of CHEQUE_STATES) expect(specStatusOf(state), state).toBe(expected[state]);
  });
});
