import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { apiDownloadStream, type DownloadProgress, type QueryParams } from '../lib/api-client';
import { messageOf } from '../lib/api-error';
import { saveBlob } from '../lib/download';
import { formatNumber } from '../lib/format';

type Format = 'csv' | 'xlsx';
const FORMATS: { format: Format; label: string }[] = [
  { format: 'csv', label: 'CSV (separado por ;)' },
  { format: 'xlsx', label: 'Excel (XLSX)' },
];

const kb = (bytes: number) => `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} KB`;

/** What the progress dialog says: rows of the total (CSV) or the total alone (XLSX), and the bytes received. */
function progressText(p: DownloadProgress): string {
  const total = p.totalRows !== null ? formatNumber(p.totalRows) : null;
  const rows =
    p.rows !== null && total !== null
      ? `${formatNumber(Math.min(p.rows, p.totalRows ?? p.rows))} de ${total} filas`
      : total !== null
        ? `${total} filas`
        : null;
  return [rows, `${kb(p.bytes)} recibidos`].filter(Boolean).join(' · ');
}

/**
 * "Exportar": the list on screen (its filters, search and order: `query`) as CSV or XLSX, every row, not only the
 * page. The file is read as it arrives, with its progress and a cancel button.
 */
export function ListExport({ path, query, name }: { path: string; query: QueryParams; name: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const abort = useRef<AbortController | null>(null);

  const start = async (format: Format) => {
    setAnchor(null);
    const controller = new AbortController();
    abort.current = controller;
    setError(null);
    setProgress({ bytes: 0, rows: null, totalRows: null });
    setOpen(true);
    // The page and its size are the screen's, not the export's: every row is exported.
    const { page: _page, limit: _limit, cursor: _cursor, ...filters } = query;
    try {
      const { blob, filename } = await apiDownloadStream(`${path}/export.${format}`, {
        query: filters,
        signal: controller.signal,
        onProgress: setProgress,
      });
      saveBlob(blob, filename ?? `${name}.${format}`);
      setOpen(false);
    } catch (e) {
      if (controller.signal.aborted) setOpen(false);
      else setError(messageOf(e, 'No se pudo exportar la lista'));
    } finally {
      abort.current = null;
    }
  };

  const cancel = () => {
    abort.current?.abort();
    setOpen(false);
  };
  const determinate = progress?.rows !== null && progress?.rows !== undefined && !!progress.totalRows;

  return (
    <>
      <Button
        variant="outlined"
        size="small"
        startIcon={<FileDownloadOutlined />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
      >
        Exportar
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {FORMATS.map((f) => (
          <MenuItem key={f.format} onClick={() => void start(f.format)}>
            {f.label}
          </MenuItem>
        ))}
      </Menu>
      <Dialog open={open} onClose={cancel} fullWidth maxWidth="xs" aria-labelledby="list-export-title">
        <DialogTitle id="list-export-title">Exportando {name}</DialogTitle>
        <DialogContent>
          {error ? (
            <Alert severity="error">{error}</Alert>
          ) : (
            <>
              <LinearProgress
                variant={determinate ? 'determinate' : 'indeterminate'}
                value={determinate ? Math.min(100, (100 * (progress?.rows ?? 0)) / (progress?.totalRows ?? 1)) : 0}
                aria-label="Progreso de la exportación"
              />
              <Typography variant="body2" sx={{ mt: 1.5 }} aria-live="polite">
                {progress ? progressText(progress) : ''}
              </Typography>
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={cancel}>{error ? 'Cerrar' : 'Cancelar exportación'}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
