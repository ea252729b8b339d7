import type { ExportFormat, ReportKind, ReportRange } from '@echeq/contract';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import CircularProgress from '@mui/material/CircularProgress';
import Snackbar from '@mui/material/Snackbar';
import { useState } from 'react';
import { messageOf } from '../../lib/api-error';
import { downloadReport } from './api';

const NAMES: Record<ReportKind, string> = {
  custody: 'custodia',
  discounts: 'descuentos',
  performance: 'rendimiento',
};

/** 'CSV' and 'XLSX' downloads of one report, with the current range. */
export function ExportButtons({ kind, range }: { kind: ReportKind; range: ReportRange }) {
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async (format: ExportFormat) => {
    setBusy(format);
    setError(null);
    try {
      await downloadReport(kind, format, range);
    } catch (e) {
      setError(messageOf(e, 'No se pudo descargar el reporte'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <ButtonGroup size="small" variant="outlined" aria-label={`Exportar reporte de ${NAMES[kind]}`}>
        {(['csv', 'xlsx'] as const).map((format) => (
          <Button
            key={format}
            onClick={() => void download(format)}
            disabled={busy !== null}
            startIcon={
              busy === format ? <CircularProgress size={14} color="inherit" aria-hidden /> : <FileDownloadOutlined />
            }
            aria-label={`Descargar ${NAMES[kind]} en ${format.toUpperCase()}`}
          >
            {format.toUpperCase()}
          </Button>
        ))}
      </ButtonGroup>
      <Snackbar open={error !== null} autoHideDuration={6000} onClose={() => setError(null)}>
        <Alert severity="error" onClose={() => setError(null)} variant="filled">
          {error}
        </Alert>
      </Snackbar>
    </>
  );
}
