import { DesktopDatePicker } from '@mui/x-date-pickers/DesktopDatePicker';
import dayjs, { type Dayjs } from 'dayjs';

/** A date typed or picked as DD/MM/AAAA; `value` is 'YYYY-MM-DD', '' when empty and 'invalid' while incomplete. */
export function DateInput({
  label,
  value,
  onChange,
  error,
  helperText,
  required,
  disabled,
  name,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: boolean;
  helperText?: string | null;
  required?: boolean;
  disabled?: boolean;
  name?: string;
}) {
  const parsed = value && value !== 'invalid' ? dayjs(value) : null;
  return (
    <DesktopDatePicker
      label={label}
      value={parsed}
      format="DD/MM/YYYY"
      disabled={disabled}
      onChange={(d: Dayjs | null) => {
        if (!d) onChange('');
        else onChange(d.isValid() ? d.format('YYYY-MM-DD') : 'invalid');
      }}
      slotProps={{
        textField: {
          required,
          error,
          helperText: helperText ?? undefined,
          name,
          fullWidth: true,
        },
      }}
    />
  );
}
