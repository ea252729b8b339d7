import type { Tenant } from '@echeq/contract';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import Add from '@mui/icons-material/Add';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import HubOutlined from '@mui/icons-material/HubOutlined';
import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingState } from '../../components/loading-state';
import { type Notice, NoticeSnackbar } from '../../components/notice-snackbar';
import { PageHeader } from '../../components/page-header';
import { StatCard } from '../../components/stat-card';
import { useOpenRecord } from '../../components/use-open-record';
import { messageOf } from '../../lib/api-error';
import { formatNumber } from '../../lib/format';
import { useListParams, uuid } from '../../lib/use-list-params';
import { adminDashboardQuery, tenantsQuery, useTestCoelsa } from './api';
import { CoelsaConfigDialog } from './coelsa-config-dialog';
import { CreateTenantDialog } from './create-tenant-dialog';
import { EditTenantDialog } from './edit-tenant-dialog';
import { ADMIN_ERRORS } from './tenant-format';
import { type TenantAction, TenantCards, TenantsTable } from './tenants-table';

/**
 * 'Panel de Administración ECHEQ' (SYSTEM_ADMIN): stat cards, tenants with their clearing-house link, create a
 * tenant, configure and test COELSA, edit name, state and discount rate. The open dialog (a tenant's edition or its
 * COELSA configuration) lives in the address.
 */
export function AdminView() {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [stats, tenants] = useQueries({ queries: [adminDashboardQuery(), tenantsQuery()] });
  const [creating, setCreating] = useState(false);
  const url = useListParams({ filters: {}, extras: { edit: uuid, coelsa: uuid } });
  const rows = tenants.data;
  const configuring = useOpenRecord({ id: url.extras.coelsa, rows, onMissing: () => url.drop('coelsa') }).record;
  const editing = useOpenRecord({ id: url.extras.edit, rows, onMissing: () => url.drop('edit') }).record;
  const [notice, setNotice] = useState<Notice | null>(null);
  const [testError, setTestError] = useState<string | null>(null);
  const test = useTestCoelsa();
  const testingId = test.isPending ? (test.variables ?? null) : null;

  function onAction(action: TenantAction, t: Tenant) {
    setTestError(null);
    if (action === 'configure') url.open('coelsa', t.id);
    else if (action === 'edit') url.open('edit', t.id);
    else {
      test.mutate(t.id, {
        onSuccess: (res) =>
          setNotice({
            severity: res.data.success ? 'success' : 'error',
            text: `Prueba de conexión: ${res.message ?? res.data.message}`,
          }),
        onError: (error) => setTestError(messageOf(error, 'No se pudo conectar con el servidor.')),
      });
    }
  }

  const refresh = () => Promise.all([stats.refetch(), tenants.refetch()]);
  const loadError = stats.isError || tenants.isError;
  const s = stats.data;
  const count = (n: number | undefined) => (n === undefined ? '-' : formatNumber(n));

  return (
    <>
      <PageHeader
        title="Panel de Administración ECHEQ"
        subtitle="Entidades, sus usuarios y su conexión con COELSA"
        actions={
          <>
            <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
              Crear Nuevo Tenant
            </Button>
            <Button
              variant="outlined"
              startIcon={<Refresh />}
              onClick={refresh}
              disabled={stats.isFetching || tenants.isFetching}
            >
              Actualizar
            </Button>
          </>
        }
      />

      {loadError ? (
        <Box sx={{ mb: 2 }}>
          <ErrorAlert
            title={ADMIN_ERRORS.load}
            message={messageOf(stats.error ?? tenants.error, 'No se pudo conectar con el servidor.')}
            onRetry={refresh}
          />
        </Box>
      ) : null}
      {testError ? (
        <Alert severity="error" role="alert" onClose={() => setTestError(null)} sx={{ mb: 2 }}>
          <AlertTitle>{ADMIN_ERRORS.test}</AlertTitle>
          {testError}
        </Alert>
      ) : null}

      <Box sx={{ display: 'grid', gap: 2, mb: 3, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
        <StatCard title="Total de Entidades" value={count(s?.totalTenants)} icon={<AccountBalanceOutlined />} />
        <StatCard title="Entidades Activas" value={count(s?.activeTenants)} icon={<CheckCircleOutlined />} />
        <StatCard title="Total Usuarios" value={count(s?.totalUsers)} icon={<GroupOutlined />} />
        <StatCard title="Configuraciones COELSA" value={count(s?.coelsaConfigs)} icon={<HubOutlined />} />
      </Box>

      <Paper variant="outlined">
        <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2, pb: 1 }}>
          Entidades
        </Typography>
        {tenants.isFetching && tenants.data ? <LinearProgress aria-label="Actualizando" /> : null}
        {tenants.isPending ? (
          <LoadingState />
        ) : tenants.isError ? null : tenants.data.length === 0 ? (
          <EmptyState message="No hay entidades" />
        ) : narrow ? (
          <TenantCards rows={tenants.data} testingId={testingId} onAction={onAction} />
        ) : (
          <TenantsTable rows={tenants.data} testingId={testingId} onAction={onAction} />
        )}
      </Paper>

      <CreateTenantDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(nombre) => {
          setCreating(false);
          setNotice({ severity: 'success', text: `Entidad ${nombre} creada` });
        }}
      />
      {configuring ? (
        <CoelsaConfigDialog
          tenant={configuring}
          onClose={() => url.close('coelsa')}
          onSaved={() => {
            setNotice({ severity: 'success', text: `Configuración de COELSA guardada para ${configuring.nombre}` });
            url.close('coelsa');
          }}
        />
      ) : null}
      {editing ? (
        <EditTenantDialog
          tenant={editing}
          onClose={() => url.close('edit')}
          onSaved={(t) => {
            url.close('edit');
            setNotice({ severity: 'success', text: `Entidad ${t.nombre} actualizada` });
          }}
        />
      ) : null}
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} duration={8000} />
    </>
  );
}
