import TextField from '@mui/material/TextField';

/** While typing: keeps digits and hyphens, at most the 13 characters of '30-12345678-9'. */
function cuitInput(value: string): string {
  return value.replace(/[^\d-]/g, '').slice(0, 13);
}

/** A required 'CUIT' field that keeps only digits and hyphens as they are typed. */
export function CuitField({
  value,
  onChange,
  error,
  helperText,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  helperText?: string;
}) {
  return (
    <TextField
      label="CUIT"
      required
      placeholder="30-12345678-9"
      value={value}
      onChange={(e) => onChange(cuitInput(e.target.value))}
      error={Boolean(error)}
      helperText={error ?? helperText}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />
  );
}
