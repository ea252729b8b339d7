import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { messageOf } from '../lib/api-error';

/**
 * A dialog around a form: title, the fields, 'Cancelar' and the submit button (with a spinner while `pending`,
 * when neither button nor Escape closes it). `error` (a failed request) shows under `lead` as `errorTitle` with
 * the server's message. `grid` lays the fields one under the other; without it the fields bring their own layout.
 */
export function FormDialog({
  open = true,
  title,
  submitLabel,
  pending,
  onSubmit,
  onClose,
  error,
  errorTitle,
  lead,
  grid = true,
  maxWidth = 'sm',
  children,
}: {
  open?: boolean;
  title: ReactNode;
  submitLabel: string;
  pending: boolean;
  onSubmit: () => void;
  onClose: () => void;
  error?: unknown;
  errorTitle?: string;
  lead?: ReactNode;
  grid?: boolean;
  maxWidth?: DialogProps['maxWidth'];
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} aria-labelledby={titleId} maxWidth={maxWidth} fullWidth>
      <Box
        component="form"
        noValidate
        aria-labelledby={titleId}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent sx={grid ? { display: 'grid', gap: 2, pt: '8px !important' } : undefined}>
          {lead}
          {error ? (
            <Alert severity="error" role="alert">
              {errorTitle ? <AlertTitle>{errorTitle}</AlertTitle> : null}
              {messageOf(error, 'No se pudo conectar con el servidor.')}
            </Alert>
          ) : null}
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            Cancelar
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={pending}
            startIcon={pending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
