import TextField from '@mui/material/TextField';

/** 'Nombre' of a bank, required; `error` is its message. */
export function NombreField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  return (
    <TextField
      label="Nombre"
      required
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error}
      slotProps={{ htmlInput: { maxLength: 120 } }}
    />
  );
}

/** 'Código': unique, upper case as typed; locked once the bank exists. */
export function CodigoField({
  value,
  onChange,
  error,
  locked = false,
}: {
  value: string;
  onChange?: (value: string) => void;
  error?: string | undefined;
  locked?: boolean;
}) {
  return (
    <TextField
      label="Código"
      required={!locked}
      disabled={locked}
      value={value}
      onChange={(e) => onChange?.(e.target.value.toUpperCase())}
      error={Boolean(error)}
      helperText={error ?? (locked ? undefined : 'Único. Letras, números, guion o guion bajo (p. ej. BNORTE)')}
      slotProps={{ htmlInput: { maxLength: 20 } }}
    />
  );
}
