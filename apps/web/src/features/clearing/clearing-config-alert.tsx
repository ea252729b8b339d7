import type { CoelsaConfigCheck } from '@echeq/contract';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { CONNECTION_ERROR, coelsaConfigCheckQuery } from './api';
import { alertKindOf, type ClearingAlertKind, connectionLabel } from './clearing-state';

type View = {
  kind: ClearingAlertKind;
  severity: AlertColor;
  title: string;
  text: ReactNode;
  sandbox?: boolean;
  retry?: boolean;
};

function viewOf(check: CoelsaConfigCheck): View {
  const kind = alertKindOf(check);
  const { connection, recommendations } = check;
  switch (kind) {
    case 'connected': {
      const label = connectionLabel(connection.status, connection.connected);
      return check.config.isSandbox
        ? { kind, severity: 'success', title: label.title, text: label.caption, sandbox: true }
        : {
            kind,
            severity: 'success',
            title: 'Integración COELSA configurada',
            text: `${label.title}. ${recommendations.message}`,
          };
    }
    case 'disconnected':
      return {
        kind,
        severity: 'warning',
        title: 'Sin conexión con COELSA',
        text: connection.error ?? recommendations.message,
        retry: true,
      };
    case 'needs-config':
      return { kind, severity: 'error', title: 'Configuración requerida', text: recommendations.message };
    default:
      return { kind, severity: 'warning', title: 'Configuración incompleta', text: recommendations.message };
  }
}

function Detail({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box component="div" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, py: 0.25 }}>
      <Typography component="dt" variant="body2" sx={{ fontWeight: 600, minWidth: 150 }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

function Details({ check }: { check: CoelsaConfigCheck }) {
  const { config, connection, recommendations } = check;
  const label = connectionLabel(connection.status, connection.connected);
  return (
    <Box component="dl" sx={{ m: 0, mt: 1 }}>
      <Detail
        label="Entorno"
        value={config.isSandbox ? 'Sandbox (simulación)' : config.hasUrl ? 'COELSA (HTTP)' : '—'}
      />
      {!config.isSandbox ? <Detail label="URL base" value={config.baseUrl ?? 'No configurada'} /> : null}
      {!config.isSandbox ? (
        <Detail label="API key" value={config.hasApiKey ? 'Configurada' : 'No configurada'} />
      ) : null}
      <Detail label="Conexión" value={`${label.title} (${connection.status})`} />
      {connection.error ? <Detail label="Error" value={connection.error} /> : null}
      <Detail label="Recomendación" value={recommendations.message} />
    </Box>
  );
}

/**
 * The clearing-integration configuration alert (specification §2): verifying (info), error with a retry button,
 * configured and connected (success, with a SANDBOX chip on the sandbox), needs configuration (error), incomplete
 * (warning); the details expand and collapse. `tenantId` lets the system administrator look at one bank.
 */
export function ClearingConfigAlert({ tenantId }: { tenantId?: string }) {
  const query = useQuery(coelsaConfigCheckQuery(tenantId));
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const retry = () => void query.refetch();

  let content: ReactNode;
  if (query.isPending || (query.isFetching && query.isError)) {
    content = (
      <Alert severity="info" icon={<CircularProgress size={20} aria-hidden />} role="status">
        Verificando configuración de COELSA...
      </Alert>
    );
  } else if (query.isError) {
    content = (
      <Alert
        severity="error"
        role="alert"
        action={
          <Button color="inherit" size="small" onClick={retry}>
            Reintentar
          </Button>
        }
      >
        <AlertTitle>Integración COELSA</AlertTitle>
        {query.error.message || CONNECTION_ERROR}
      </Alert>
    );
  } else {
    const view = viewOf(query.data);
    content = (
      <Alert
        severity={view.severity}
        role={view.severity === 'success' ? 'status' : 'alert'}
        data-state={view.kind}
        action={
          view.sandbox || view.retry ? (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
              {view.sandbox ? <Chip label="SANDBOX" size="small" color="info" sx={{ fontWeight: 700 }} /> : null}
              {view.retry ? (
                <Button color="inherit" size="small" onClick={retry}>
                  Reintentar
                </Button>
              ) : null}
            </Box>
          ) : undefined
        }
        sx={{
          '& .MuiAlert-action': { alignItems: 'flex-start', pt: 0.5 },
          '& .MuiAlert-message': { flex: 1, minWidth: 0 },
        }}
      >
        <AlertTitle>{view.title}</AlertTitle>
        <Box>{view.text}</Box>
        <Button
          color="inherit"
          size="small"
          aria-expanded={open}
          aria-controls={detailsId}
          endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          onClick={() => setOpen((o) => !o)}
          sx={{ mt: 0.5, ml: -0.75, textTransform: 'none' }}
        >
          {open ? 'Ocultar detalles' : 'Ver detalles'}
        </Button>
        <Collapse in={open} id={detailsId} unmountOnExit>
          <Details check={query.data} />
        </Collapse>
      </Alert>
    );
  }

  return (
    <Box component="section" aria-label="Integración COELSA" sx={{ mb: 3 }}>
      {content}
    </Box>
  );
}
