import Box from '@mui/material/Box';
import { DateInput } from './date-input';

export type DateRangeValue = { from: string; to: string };

const INVALID = 'Fecha incompleta o inexistente (DD/MM/AAAA)';

/**
 * Whether a range can be applied: both ends whole dates or empty, and 'Hasta' not before 'Desde' (said under
 * 'Hasta'; an incomplete date is said by its field once left).
 */
export function rangeProblem(range: DateRangeValue): { to?: string } | null {
  if (range.from === 'invalid' || range.to === 'invalid') return {};
  if (range.from && range.to && range.from > range.to) return { to: 'No puede ser anterior a "Desde"' };
  return null;
}

/**
 * 'Desde' and 'Hasta' typed or picked as DD/MM/AAAA (inside `DateLocalization`); each says under it why the range
 * cannot be applied. Values are 'YYYY-MM-DD', '' when empty, 'invalid' while incomplete.
 */
export function DateRangeFields({
  value,
  onChange,
  size = 'small',
}: {
  value: DateRangeValue;
  onChange: (value: DateRangeValue) => void;
  size?: 'small' | 'medium';
}) {
  const problem = rangeProblem(value);
  const field = { flex: '1 1 150px', maxWidth: 220, minWidth: 140 };
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <DateInput
        label="Desde"
        name="from"
        size={size}
        clearable
        sx={field}
        value={value.from}
        onChange={(from) => onChange({ ...value, from })}
        invalidMessage={INVALID}
      />
      <DateInput
        label="Hasta"
        name="to"
        size={size}
        clearable
        sx={field}
        value={value.to}
        onChange={(to) => onChange({ ...value, to })}
        invalidMessage={INVALID}
        error={Boolean(problem?.to)}
        helperText={problem?.to}
      />
    </Box>
  );
}
