import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { amountRangeProblem, RangeFilters, type RangeValues } from './range-filters';

/** The filters under a parent that keeps what they hand over, as a list's address does. */
function Harness({ seen }: { seen: Partial<RangeValues>[] }) {
  const [value, setValue] = useState<RangeValues>({ date_from: '', date_to: '', amount_min: '', amount_max: '' });
  return (
    <RangeFilters
      value={value}
      dateLabel="Vencimiento"
      onChange={(changes) => {
        seen.push(changes);
        setValue((v) => ({ ...v, ...changes }));
      }}
    />
  );
}

/**
 * A parent whose value follows the handed-over changes only when told (`land`), as an address does when its new
 * value renders as a transition that typing in the next field keeps interrupting.
 */
function LaggingHarness({ seen, land }: { seen: Partial<RangeValues>[]; land: { current: () => void } }) {
  const [value, setValue] = useState<RangeValues>({ date_from: '', date_to: '', amount_min: '', amount_max: '' });
  const [pending, setPending] = useState<Partial<RangeValues>[]>([]);
  land.current = () => {
    setValue((v) => Object.assign({ ...v }, ...pending));
    setPending([]);
  };
  return (
    <RangeFilters
      value={value}
      dateLabel="Vencimiento"
      onChange={(changes) => {
        seen.push(changes);
        setPending((p) => [...p, changes]);
      }}
    />
  );
}

async function typeDate(user: ReturnType<typeof userEvent.setup>, label: string, digits: string) {
  const group = screen.getByRole('group', { name: label });
  await user.click(within(group).getAllByRole('spinbutton')[0]!);
  await user.keyboard(digits);
  return within(group)
    .getAllByRole('spinbutton')
    .map((s) => s.textContent)
    .join('/');
}

describe('the date range', () => {
  it("'Hasta' typed before the address has taken 'Desde' keeps 'Desde' (both reach the list)", async () => {
    const seen: Partial<RangeValues>[] = [];
    const land = { current: () => {} };
    const user = userEvent.setup();
    render(<LaggingHarness seen={seen} land={land} />);
    expect(await typeDate(user, 'Desde', '01122026')).toBe('01/12/2026');
    expect(seen).toEqual([{ date_from: '2026-12-01', date_to: '' }]);

    // The address has not changed yet: 'Desde' still shows what was typed, and 'Hasta' hands over both ends.
    expect(await typeDate(user, 'Hasta', '15122026')).toBe('15/12/2026');
    expect(seen.at(-1)).toEqual({ date_from: '2026-12-01', date_to: '2026-12-15' });
    act(() => land.current());
    const desde = within(screen.getByRole('group', { name: 'Desde' })).getAllByRole('spinbutton');
    expect(desde.map((s) => s.textContent).join('/')).toBe('01/12/2026');
    expect(seen).toHaveLength(2);
  });

  it('a range from elsewhere (back, a link) replaces what was typed', async () => {
    const seen: Partial<RangeValues>[] = [];
    const user = userEvent.setup();
    const { rerender } = render(
      <RangeFilters
        value={{ date_from: '', date_to: '', amount_min: '', amount_max: '' }}
        dateLabel="Vencimiento"
        onChange={(c) => seen.push(c)}
      />,
    );
    expect(await typeDate(user, 'Desde', '0112')).toBe('01/12/AAAA');
    rerender(
      <RangeFilters
        value={{ date_from: '2026-11-03', date_to: '', amount_min: '', amount_max: '' }}
        dateLabel="Vencimiento"
        onChange={(c) => seen.push(c)}
      />,
    );
    const desde = within(screen.getByRole('group', { name: 'Desde' })).getAllByRole('spinbutton');
    expect(desde.map((s) => s.textContent).join('/')).toBe('03/11/2026');
    expect(seen).toEqual([]);
  });
});

describe('the amount range', () => {
  it('a maximum under the minimum says why on the maximum and reaches nothing until it is corrected', async () => {
    const seen: Partial<RangeValues>[] = [];
    const user = userEvent.setup();
    render(<Harness seen={seen} />);
    const min = screen.getByRole('textbox', { name: 'Monto mínimo' });
    const max = screen.getByRole('textbox', { name: 'Monto máximo' });
    await user.type(min, '1.500,50{Enter}');
    expect(seen).toEqual([{ amount_min: '1500.50' }]);

    await user.type(max, '20');
    await user.tab();
    expect(max).toHaveAccessibleDescription('No puede ser menor que el monto mínimo');
    expect(max).toHaveAttribute('aria-invalid', 'true');
    expect(min).toHaveAttribute('aria-invalid', 'false');
    expect(seen).toHaveLength(1);

    // Lowering the minimum makes the range possible: both values reach the list at once.
    await user.clear(min);
    await user.type(min, '10{Enter}');
    expect(seen.at(-1)).toEqual({ amount_min: '10', amount_max: '20' });
    expect(max).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText('No puede ser menor que el monto mínimo')).toBeNull();
  });

  it("names each field's own problem", () => {
    expect(amountRangeProblem('500', '20')).toEqual({ max: 'No puede ser menor que el monto mínimo' });
    expect(amountRangeProblem(null, '20')).toEqual({ min: 'Importe inválido (ej. 1.500,50)' });
    expect(amountRangeProblem('20', '20')).toBeNull();
    expect(amountRangeProblem('', '20')).toBeNull();
    expect(amountRangeProblem('100', '')).toBeNull();
  });
});
