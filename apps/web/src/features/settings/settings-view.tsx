import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingState } from '../../components/loading-state';
import { PageHeader } from '../../components/page-header';
import { messageOf } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { settingsQuery } from './api';
import { DiscountRatesForm } from './discount-rates-form';
import { PlatformSettingsForm } from './platform-settings-form';

/** 'Configuración' (SYSTEM_ADMIN): session lifetime, sign-in throttling and each bank's discount rate. */
export function SettingsView() {
  const q = useQuery(settingsQuery());
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <>
      <PageHeader
        title="Configuración"
        subtitle={q.data?.updated_at ? `Última modificación: ${formatDateTime(q.data.updated_at)}` : undefined}
      />
      {q.isPending ? (
        <LoadingState />
      ) : q.isError ? (
        <ErrorAlert
          title="Error al cargar la configuración"
          message={messageOf(q.error, 'No se pudo conectar con el servidor.')}
          onRetry={() => q.refetch()}
        />
      ) : (
        <Stack spacing={3}>
          <PlatformSettingsForm key={JSON.stringify(q.data.platform)} settings={q.data.platform} onSaved={setNotice} />
          <DiscountRatesForm
            key={q.data.discount_rates.map((b) => `${b.tenant_id}:${b.discount_rate}`).join()}
            banks={q.data.discount_rates}
            onSaved={setNotice}
          />
        </Stack>
      )}
      <Snackbar
        open={notice !== null}
        autoHideDuration={4000}
        onClose={() => setNotice(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity="success" variant="filled" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      </Snackbar>
    </>
  );
}
