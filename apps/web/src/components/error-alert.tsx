import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

type ErrorAlertProps = {
  /** The error's message is shown when `message` is not given. */
  error?: unknown;
  message?: ReactNode;
  title?: ReactNode;
  onRetry?: () => void;
  onClose?: () => void;
};

function messageOfError(error: unknown): string | undefined {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string') return error;
  return undefined;
}

/** An error message with an optional title, retry button ('Reintentar') and close button. */
export function ErrorAlert({ error, message, title, onRetry, onClose }: ErrorAlertProps) {
  const text = message ?? messageOfError(error) ?? 'Ocurrió un error inesperado.';
  return (
    <Alert
      severity="error"
      role="alert"
      onClose={onClose}
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            Reintentar
          </Button>
        ) : undefined
      }
    >
      {title ? <AlertTitle>{title}</AlertTitle> : null}
      {text}
    </Alert>
  );
}
