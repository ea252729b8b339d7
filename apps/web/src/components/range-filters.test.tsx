import { render, screen } from '@testing-library/react';
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
