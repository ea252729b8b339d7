import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { messageOf } from '../lib/api-error';
import { downloadFile } from '../lib/download';

/**
 * Downloads a record's printable receipt (comprobante, PDF) from `path` with the session's token: a labelled button
 * in a details dialog, an icon with a tooltip in a table row. A refusal is shown in a snackbar.
 */
export function ReceiptButton({
  path,
  fallbackName,
  subject,
  variant = 'button',
  label = 'Comprobante (PDF)',
}: {
  path: string;
  fallbackName: string;
  /** What the receipt is of, for the icon's accessible name ("descuento 3f2a9c4e"). */
  subject: string;
  variant?: 'button' | 'icon';
  /** The button's text (the icon's tooltip stays 'Descargar comprobante (PDF)'). */
  label?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadFile(path, fallbackName);
    } catch (e) {
      setError(messageOf(e, 'No se pudo descargar el comprobante'));
    } finally {
      setBusy(false);
    }
  };
  const icon = busy ? (
    <CircularProgress size={16} color="inherit" aria-hidden />
  ) : (
    <ReceiptLongOutlined fontSize="small" />
  );
  return (
    <>
      {variant === 'icon' ? (
        <Tooltip title="Descargar comprobante (PDF)">
          <IconButton
            size="small"
            onClick={() => void download()}
            disabled={busy}
            aria-label={`Descargar comprobante de ${subject}`}
          >
            {icon}
          </IconButton>
        </Tooltip>
      ) : (
        <Button size="small" variant="outlined" startIcon={icon} onClick={() => void download()} disabled={busy}>
          {label}
        </Button>
      )}
      <Snackbar open={error !== null} autoHideDuration={6000} onClose={() => setError(null)}>
        <Alert severity="error" onClose={() => setError(null)} variant="filled">
          {error}
        </Alert>
      </Snackbar>
    </>
  );
}
