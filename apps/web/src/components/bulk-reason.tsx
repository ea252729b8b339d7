import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { messageOf } from '../lib/api-error';

/** The reason a bulk action asks for (a release, a rejection), the same for every record. */
export function BulkReason({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      required
      fullWidth
      multiline
      sx={{ mt: 2 }}
      slotProps={{ htmlInput: { maxLength: 500 } }}
    />
  );
}

/** Why a bulk request as a whole failed (each record's own outcome is the result dialog's). */
export function BulkFailure({
  request,
  fallback,
}: {
  request: { isError: boolean; error: unknown };
  fallback: string;
}) {
  return request.isError ? (
    <Alert severity="error" role="alert" sx={{ mt: 2 }}>
      {messageOf(request.error, fallback)}
    </Alert>
  ) : null;
}
