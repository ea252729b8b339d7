import {
  CHEQUE_STATE_LABELS,
  CHEQUE_STATES,
  type ChequeState,
  ECHEQ_STATUS_LABELS,
  type Echeq,
  SYNCING_LABEL,
  specStatusOf,
} from '@echeq/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubPhone } from '../../test/media';
import { type EcheqRowRules, EcheqsTable } from './echeqs-table';
import { registryCheque } from './test/lifecycle-fixtures';

const RULES: EcheqRowRules = { canUpdate: false, blockedReason: () => null };

/** A registry copy in `state`, with the status the server derives from it (LIFECYCLE §5). */
function copyIn(state: ChequeState, overrides: Partial<Echeq> = {}): Echeq {
  return registryCheque({ state, status: specStatusOf(state), actions: [], ...overrides });
}

/** The list's one row (desktop) or card (phone) for the cheque. */
function renderRow(e: Echeq, phone: boolean): HTMLElement {
  render(<EcheqsTable rows={[e]} rules={RULES} showCompany={false} onAction={() => {}} />);
  return phone
    ? within(screen.getByRole('list', { name: 'ECHEQs' })).getByRole('listitem')
    : within(screen.getByRole('table', { name: 'ECHEQs' })).getAllByRole('row')[1]!;
}

/** How many times `text` is the whole text of an element of the row (a chip's label, a note). */
function times(row: HTMLElement, text: string): number {
  return within(row).queryAllByText(text, { exact: true }).length;
}

/** How many times `text` is read anywhere in the row (a phone's card says custody inside its dates' line). */
function mentions(row: HTMLElement, text: string): number {
  return (row.textContent ?? '').split(text).length - 1;
}

describe.each([
  ['desktop', false],
  ['390 px', true],
])('ECHEQs list (%s): a registry cheque says its status and its state once each', (_, phone) => {
  it.each(CHEQUE_STATES.map((s) => [s]))('%s', (state) => {
    if (phone) stubPhone();
    const row = renderRow(copyIn(state), phone);
    const status = ECHEQ_STATUS_LABELS[specStatusOf(state)];
    const label = CHEQUE_STATE_LABELS[state];
    expect(times(row, status)).toBe(1);
    // The state's chip only when it says something the status does not (Endoso pendiente de aceptación, Activo).
    expect(times(row, label)).toBe(1);
  });

  it('a paid cheque reads Pagado once; an active one Activo once; an endorsement awaiting acceptance both', () => {
    if (phone) stubPhone();
    expect(times(renderRow(copyIn('PAGADO'), phone), 'Pagado')).toBe(1);
    cleanup();
    expect(times(renderRow(copyIn('ACTIVO'), phone), 'Activo')).toBe(1);
    cleanup();
    const endorsed = renderRow(copyIn('ACTIVO-PENDIENTE'), phone);
    expect(times(endorsed, 'Activo')).toBe(1);
    expect(times(endorsed, 'Endoso pendiente de aceptación')).toBe(1);
  });

  it('while the registry has not answered: the status and Actualizando', () => {
    if (phone) stubPhone();
    const row = renderRow(copyIn('PAGADO', { syncing: true }), phone);
    expect(times(row, 'Pagado')).toBe(1);
    expect(times(row, SYNCING_LABEL)).toBe(1);
  });

  it('in custody: En custodia once, on the state chip; a hand-registered cheque in custody keeps its note', () => {
    if (phone) stubPhone();
    const row = renderRow(copyIn('CUSTODIA', { custody_status: 'IN_CUSTODY' }), phone);
    expect(times(row, 'Activo')).toBe(1);
    expect(mentions(row, 'En custodia')).toBe(1);
    cleanup();
    const own = copyIn('ACTIVO', {
      origin: 'MANUAL',
      cheque_id: null,
      state: null,
      custody_status: 'IN_CUSTODY',
    } as Partial<Echeq>);
    const ownRow = renderRow(own, phone);
    expect(times(ownRow, 'Activo')).toBe(1);
    expect(mentions(ownRow, 'En custodia')).toBe(1);
  });
});

describe('ECHEQs list: a long registry state fits its column', () => {
  it('wraps "Emitido, pendiente de aceptación" in the Estado column instead of running under Acciones', () => {
    const row = renderRow(copyIn('EMITIDO-PENDIENTE'), false);
    const label = within(row).getByText(CHEQUE_STATE_LABELS['EMITIDO-PENDIENTE'], { exact: true });
    // The specification's text whole, on up to two lines inside the chip, the chip no wider than its cell.
    expect(getComputedStyle(label).whiteSpace).toBe('normal');
    const chip = label.closest('.MuiChip-root') as HTMLElement;
    expect(getComputedStyle(chip).height).toBe('auto');
    expect(getComputedStyle(chip).maxWidth).toBe('100%');
    const cell = chip.closest('td') as HTMLElement;
    expect(getComputedStyle(cell).width).toBe('150px');
    // Its neighbours keep their one-line chips ('Activo', 'Validado').
    const status = within(row).getByText(ECHEQ_STATUS_LABELS.ACTIVE, { exact: true });
    expect(getComputedStyle(status).whiteSpace).not.toBe('normal');
  });

  it('wraps on a phone’s card too, where the chip may not be wider than the card', () => {
    stubPhone();
    const card = renderRow(copyIn('ACTIVO-PENDIENTE'), true);
    const label = within(card).getByText(CHEQUE_STATE_LABELS['ACTIVO-PENDIENTE'], { exact: true });
    expect(getComputedStyle(label).whiteSpace).toBe('normal');
  });
});
