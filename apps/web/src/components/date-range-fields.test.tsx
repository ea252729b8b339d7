import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DateLocalization } from './date-localization';
import { DateRangeFields, type DateRangeValue } from './date-range-fields';

/** The fields under a parent that keeps what they hand over, as the reports and the audit trail do. */
function Harness({ seen }: { seen: DateRangeValue[] }) {
  const [value, setValue] = useState<DateRangeValue>({ from: '', to: '' });
  return (
    <DateLocalization>
      <DateRangeFields
        value={value}
        onChange={(v) => {
          seen.push(v);
          setValue(v);
        }}
      />
    </DateLocalization>
  );
}

async function typeInto(user: ReturnType<typeof userEvent.setup>, label: string, digits: string) {
  const group = screen.getByRole('group', { name: label });
  await user.click(within(group).getAllByRole('spinbutton')[0]!);
  await user.keyboard(digits);
  return group;
}

const shown = (group: HTMLElement) =>
  within(group)
    .getAllByRole('spinbutton')
    .map((s) => s.textContent)
    .join('/');

describe('typed dates', () => {
  it('01122026 is 01/12/2026, handed over only once the year is whole', async () => {
    const seen: DateRangeValue[] = [];
    const user = userEvent.setup();
    render(<Harness seen={seen} />);
    const desde = await typeInto(user, 'Desde', '01122026');
    expect(shown(desde)).toBe('01/12/2026');
    expect(seen.at(-1)).toEqual({ from: '2026-12-01', to: '' });
    // While the year was being typed (0002, 0020, 0202) nothing but 'invalid' was handed over.
    expect(seen.map((v) => v.from).filter((f) => f !== 'invalid')).toEqual(['2026-12-01']);
  });

  it("an impossible range says why under 'Hasta'", async () => {
    const user = userEvent.setup();
    render(<Harness seen={[]} />);
    await typeInto(user, 'Desde', '01122026');
    const hasta = await typeInto(user, 'Hasta', '01112026');
    expect(shown(hasta)).toBe('01/11/2026');
    expect(await screen.findByText('No puede ser anterior a "Desde"')).toBeVisible();
    await user.keyboard('{ArrowLeft}{ArrowLeft}31');
    await waitFor(() => expect(screen.queryByText('No puede ser anterior a "Desde"')).toBeNull());
  });

  it('a date left incomplete says so once the field is left, not while typing', async () => {
    const user = userEvent.setup();
    render(<Harness seen={[]} />);
    await typeInto(user, 'Desde', '0112202');
    expect(screen.queryByText(/Fecha incompleta/)).toBeNull();
    await user.click(document.body);
    expect(await screen.findByText('Fecha incompleta o inexistente (DD/MM/AAAA)')).toBeVisible();
  });
});
