import { describe, expect, it } from 'vitest';
import { addDays } from './dates';
import { allowedActions, apply, type LifecycleOperation } from './machine';
import { OPERATION_TYPES, type OperationType } from './operations';
import type { Caller } from './positions';
import { CHEQUE_STATES, type ChequeState } from './states';
import { BENEFICIARY, chequeIn, ENDORSEE, HOLDER, ISSUER, noon, OTHER, PAYMENT_DATE, STRANGER } from './test-fixtures';

/**
 * Every (state, operation, party) combination, on three days: before the payment date, inside the presentation
 * window, and the day after it. The expected outcome is written here by hand, from LIFECYCLE §3, not computed.
 * Columns, one character per caller: I issuer, B beneficiary, H holder (the endorser while an endorsement is
 * pending), E endorsee, P paying bank, R registry and its jobs, X a company with no position.
 * '+' allowed; refused because of: 's' the state, 'p' the party, 'w' the window, 'n' not available yet (part 2).
 */
const CALLERS: Record<string, Caller> = {
  I: { cuit: ISSUER },
  B: { cuit: BENEFICIARY },
  H: { cuit: HOLDER },
  E: { cuit: ENDORSEE },
  P: { payingBank: true },
  R: { registry: true },
  X: { cuit: STRANGER },
};
const COLUMNS = Object.keys(CALLERS);
const DAYS = { before: addDays(PAYMENT_DATE, -5), within: addDays(PAYMENT_DATE, 5), after: addDays(PAYMENT_DATE, 31) };

type Row = readonly [before: string, within: string, after: string];
const same = (cells: string): Row => [cells, cells, cells];
const EXPIRE: Row = ['pppppwp', 'pppppwp', 'ppppp+p'];

/** Operations not listed for a state are refused for its state by every caller on every day ('sssssss'). */
const EXPECTED: Record<ChequeState, Partial<Record<OperationType, Row>>> = {
  'EMITIDO-PENDIENTE': {
    ACCEPT: ['p+ppppp', 'pwppppp', 'pwppppp'],
    REPUDIATE: ['p+ppppp', 'pwppppp', 'pwppppp'],
    ANNUL: ['+pppppp', '+pppppp', 'wpppppp'],
    EXPIRE,
  },
  ACTIVO: {
    ENDORSE: ['pp+pppp', 'pp+pppp', 'ppwpppp'],
    CUSTODY: ['pp+pppp', 'ppwpppp', 'ppwpppp'],
    DEPOSIT: ['ppwpppp', 'pp+pppp', 'ppwpppp'],
    EXPIRE,
  },
  'ACTIVO-PENDIENTE': {
    ACCEPT_ENDORSEMENT: ['ppp+ppp', 'ppp+ppp', 'pppwppp'],
    REPUDIATE_ENDORSEMENT: ['ppp+ppp', 'ppp+ppp', 'pppwppp'],
    ANNUL_ENDORSEMENT: ['pp+pppp', 'pp+pppp', 'ppwpppp'],
    EXPIRE,
  },
  CUSTODIA: {
    RESCUE: ['pp+pppp', 'ppwpppp', 'ppwpppp'],
    AUTO_DEPOSIT: ['pppppwp', 'ppppp+p', 'ppppp+p'],
  },
  DEPOSITADO: { PRESENT: same('ppppp+p') },
  PRESENTADO: { PAY: same('pppp+pp'), REJECT: same('pppp+pp') },
  PAGADO: {},
  RECHAZADO: {},
  REPUDIADO: {},
  ANULADO: {},
  CADUCADO: {},
  'DEVOLUCION-PENDIENTE': { EXPIRE },
  'AVAL-PENDIENTE': {},
  'CESION-PENDIENTE': {},
};
/** Part 2's operations are refused as not available, whatever the state, the caller or the day. */
const PART_2: Row = same('nnnnnnn');
const PART_2_OPS: readonly OperationType[] = ['REQUEST_RETURN', 'ACCEPT_RETURN', 'REPUDIATE_RETURN', 'ANNUL_RETURN'];

/** Where each allowed operation leads. */
const TARGET: Partial<Record<OperationType, ChequeState>> = {
  ACCEPT: 'ACTIVO',
  REPUDIATE: 'REPUDIADO',
  ANNUL: 'ANULADO',
  ENDORSE: 'ACTIVO-PENDIENTE',
  ACCEPT_ENDORSEMENT: 'ACTIVO',
  REPUDIATE_ENDORSEMENT: 'ACTIVO',
  ANNUL_ENDORSEMENT: 'ACTIVO',
  CUSTODY: 'CUSTODIA',
  RESCUE: 'ACTIVO',
  DEPOSIT: 'DEPOSITADO',
  AUTO_DEPOSIT: 'DEPOSITADO',
  PRESENT: 'PRESENTADO',
  PAY: 'PAGADO',
  REJECT: 'RECHAZADO',
  EXPIRE: 'CADUCADO',
};

const REASON = { s: 'STATE', p: 'PARTY', w: 'WINDOW', n: 'NOT_AVAILABLE' } as const;

function operation(type: OperationType, caller: Caller, at: string): LifecycleOperation {
  switch (type) {
    case 'ISSUE':
      return { type, caller, at, cheque: chequeIn('ACTIVO'), account: { cbu: '', currency: 'ARS', active: true } };
    case 'REJECT':
      return { type, caller, at, motivo: 'Sin fondos suficientes' };
    case 'REPUDIATE':
    case 'ANNUL':
    case 'REPUDIATE_ENDORSEMENT':
    case 'REQUEST_RETURN':
      return { type, caller, at, motivo: 'No corresponde' };
    case 'ENDORSE':
      return { type, caller, at, endorsee_cuit: OTHER };
    default:
      return { type, caller, at };
  }
}

function expectedRow(state: ChequeState, op: OperationType): Row {
  if (PART_2_OPS.includes(op)) return PART_2;
  return EXPECTED[state][op] ?? same('sssssss');
}

describe('the state machine, every (state, operation, party) combination', () => {
  it('the expected table names every state and only operations that exist', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...CHEQUE_STATES].sort());
    for (const ops of Object.values(EXPECTED)) {
      for (const op of Object.keys(ops)) expect(OPERATION_TYPES).toContain(op);
    }
  });

  for (const state of CHEQUE_STATES) {
    for (const [dayName, today] of Object.entries(DAYS)) {
      const dayIndex = Object.keys(DAYS).indexOf(dayName);
      it(`${state}, ${dayName} the payment date window (${today})`, () => {
        const cheque = chequeIn(state);
        for (const op of OPERATION_TYPES) {
          const cells = expectedRow(state, op)[dayIndex] as string;
          COLUMNS.forEach((column, i) => {
            const cell = cells[i] as string;
            const where = `${state} ${op} by ${column} on ${today}`;
            const result = apply(cheque, operation(op, CALLERS[column] as Caller, noon(today)));
            if (cell === '+') {
              expect(result.ok, where).toBe(true);
              if (result.ok) expect(result.cheque.state, where).toBe(TARGET[op]);
              return;
            }
            expect(result.ok, where).toBe(false);
            if (result.ok) return;
            expect(result.code, where).toBe('INVALID_TRANSITION');
            const reason = op === 'ISSUE' && cell === 's' ? 'STATE' : REASON[cell as keyof typeof REASON];
            expect(result.reason, `${where}: ${result.message}`).toBe(reason);
            if (op === 'ISSUE') expect(result.message).toBe('El ECHEQ ya fue emitido');
            else if (cell === 's')
              expect(result.message, where).toMatch(new RegExp(`^El ECHEQ está en estado ${state}: no `));
            else if (cell === 'p') expect(result.message, where).toMatch(/^Solo (el|la) /);
            else if (cell === 'w') expect(result.message, where).toMatch(/\d{2}\/\d{2}\/\d{4}/);
            else expect(result.message, where).toMatch(/todavía no está disponible$/);
          });
        }
      });

      it(`${state}, ${dayName}: allowedActions lists exactly the allowed cells of each caller`, () => {
        const cheque = chequeIn(state);
        COLUMNS.forEach((column, i) => {
          const expected = OPERATION_TYPES.filter((op) => expectedRow(state, op)[dayIndex]?.[i] === '+');
          expect(allowedActions(cheque, CALLERS[column] as Caller, today), `${state} ${column}`).toEqual(expected);
        });
      });
    }
  }
});
