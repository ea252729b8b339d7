import Search from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/** The search box of a list's toolbar ('Buscar' with a magnifier; 100 characters at most). */
export function SearchField({
  value,
  onChange,
  placeholder,
  label = 'Buscar',
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  label?: string;
}) {
  return (
    <TextField
      size="small"
      label={label}
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ flex: '1 1 260px', minWidth: 0 }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          ),
        },
        htmlInput: { maxLength: 100 },
      }}
    />
  );
}

export type FilterOption<T extends string> = { value: T | ''; label: string };

/** 'Todos' and one option per value, labelled by `labelOf`. */
export function filterOptions<T extends string>(
  values: readonly T[],
  labelOf: (v: T) => string,
  allLabel = 'Todos',
): FilterOption<T>[] {
  return [{ value: '', label: allLabel }, ...values.map((v) => ({ value: v, label: labelOf(v) }))];
}

/** A select of a list's toolbar whose empty value reads as its first option ('Todos'). */
export function SelectFilter<T extends string>({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: T | '';
  onChange: (value: T | '') => void;
  options: readonly FilterOption<T>[];
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as T | '')}
      sx={{ flex: '0 1 180px', minWidth: 150 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      {options.map((o) => (
        <MenuItem key={o.value || 'all'} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
