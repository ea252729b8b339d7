import { DesktopDatePicker } from '@mui/x-date-pickers/DesktopDatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';

const ISO = 'YYYY-MM-DD';

/**
 * The value a picked date stands for: 'YYYY-MM-DD', '' when empty, and 'invalid' while it is not a whole date (a
 * section still empty, or a year still being typed: the field holds year 0002 after the first digit of 2026).
 */
function isoOf(d: Dayjs | null): string {
  if (!d) return '';
  return d.isValid() && d.year() >= 1000 ? d.format(ISO) : 'invalid';
}

const parse = (value: string) => (value && value !== 'invalid' ? dayjs(value) : null);

/**
 * A date typed (digits only: `01122026` is 01/12/2026) or picked as DD/MM/AAAA; `value` is 'YYYY-MM-DD', '' when
 * empty and 'invalid' while incomplete. Inside `DateLocalization`.
 *
 * The field keeps the date object it is typing into: handing it a new one on every keystroke would rebuild its
 * sections from that date and lose the year being typed. A new `value` from outside (a preset, a reset) replaces it.
 */
export function DateInput({
  label,
  value,
  onChange,
  error,
  helperText,
  required,
  disabled,
  name,
  size,
  clearable,
  sx,
  invalidMessage,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: boolean;
  helperText?: string | null;
  required?: boolean;
  disabled?: boolean;
  name?: string;
  size?: 'small' | 'medium';
  clearable?: boolean;
  sx?: object;
  /** Said under the field when it is left holding something that is not a whole date (not while typing it). */
  invalidMessage?: string;
}) {
  const [focused, setFocused] = useState(false);
  const showInvalid = Boolean(invalidMessage) && value === 'invalid' && !focused;
  // `prop`: the value last received; `picked`: the date the field is typing into.
  const [held, setHeld] = useState(() => ({ prop: value, picked: parse(value) }));
  if (held.prop !== value) {
    // An answer to our own change keeps the date being typed; anything else comes from outside and replaces it.
    setHeld({ prop: value, picked: value === isoOf(held.picked) ? held.picked : parse(value) });
  }
  return (
    <DesktopDatePicker
      label={label}
      value={held.picked}
      format="DD/MM/YYYY"
      disabled={disabled}
      onChange={(d: Dayjs | null) => {
        const next = isoOf(d);
        setHeld((h) => ({ ...h, picked: d }));
        if (next !== value) onChange(next);
      }}
      slotProps={{
        textField: {
          required,
          error: error || showInvalid,
          helperText: (showInvalid ? invalidMessage : helperText) ?? undefined,
          onFocus: () => setFocused(true),
          onBlur: () => setFocused(false),
          name,
          size,
          fullWidth: !sx,
          sx,
        },
        field: clearable ? { clearable: true } : undefined,
      }}
    />
  );
}
