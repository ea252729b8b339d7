import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

/** What an action's outcome says: a text (a success) or a text with its severity. */
export type Notice = string | { severity: 'success' | 'info' | 'error'; text: string };

/**
 * The outcome of an action ('ECHEQ N° 123 creado', 'Prueba de conexión: …'), at the bottom of the screen, until it
 * is closed or `duration` passes. Bottom left, clear of a floating add button.
 */
export function NoticeSnackbar({
  notice,
  onClose,
  duration = 5000,
}: {
  notice: Notice | null;
  onClose: () => void;
  duration?: number;
}) {
  const { severity, text } =
    typeof notice === 'string' ? { severity: 'success' as const, text: notice } : (notice ?? {});
  return (
    <Snackbar
      open={notice !== null}
      autoHideDuration={duration}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
    >
      <Alert severity={severity ?? 'info'} variant="filled" role="alert" onClose={onClose} sx={{ width: '100%' }}>
        {text}
      </Alert>
    </Snackbar>
  );
}
