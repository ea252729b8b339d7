import type { Tenant } from '@echeq/contract';
import EditOutlined from '@mui/icons-material/EditOutlined';
import NetworkCheck from '@mui/icons-material/NetworkCheck';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { StatusChip } from '../../components/status-chip';
import { formatCount, formatDate, formatDateTime, formatRate } from '../../lib/format';
import { TENANT_STATUS_MAP, TEST_STATUS_MAP, tenantTypeLabel } from './tenant-format';

export type TenantAction = 'configure' | 'test' | 'edit';

function CoelsaCell({ tenant }: { tenant: Tenant }) {
  const c = tenant.coelsaConfig;
  if (!c)
    return (
      <Typography variant="body2" color="text.secondary">
        No configurado
      </Typography>
    );
  const test = TEST_STATUS_MAP[c.test_status];
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Chip size="small" variant="outlined" label={c.environment.toUpperCase()} />
      <Tooltip
        title={c.tested_at ? `${formatDateTime(c.tested_at)}${c.test_message ? ` · ${c.test_message}` : ''}` : ''}
      >
        <Chip size="small" color={test.color} label={test.label} />
      </Tooltip>
    </Stack>
  );
}

/** Tenant (name and creation date), Código, Estado, COELSA, Usuarios and the actions (configure, test, edit). */
export function TenantsTable({
  rows,
  testingId,
  onAction,
}: {
  rows: Tenant[];
  testingId: string | null;
  onAction: (action: TenantAction, t: Tenant) => void;
}) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Entidades">
        <TableHead>
          <TableRow>
            <TableCell>Tenant</TableCell>
            <TableCell>Código</TableCell>
            <TableCell>Estado</TableCell>
            <TableCell>COELSA</TableCell>
            <TableCell align="right">Usuarios</TableCell>
            <TableCell align="right">Tasa</TableCell>
            <TableCell>Acciones</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((t) => (
            <TableRow key={t.id} hover>
              <TableCell sx={{ minWidth: 180 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {t.nombre}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {tenantTypeLabel(t.tipo)} · Creado el {formatDate(t.created_at)}
                </Typography>
              </TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{t.codigo}</TableCell>
              <TableCell>
                <StatusChip status={t.estado} map={TENANT_STATUS_MAP} />
              </TableCell>
              <TableCell>
                <CoelsaCell tenant={t} />
              </TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {t.users_count}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatRate(t.discount_rate)}
              </TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', gap: 0.5 }}>
                  <Tooltip title="Configurar COELSA">
                    <IconButton
                      size="small"
                      aria-label={`Configurar COELSA de ${t.nombre}`}
                      onClick={() => onAction('configure', t)}
                    >
                      <SettingsOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t.coelsaConfig ? 'Probar conexión' : 'Configure COELSA primero'}>
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`Probar conexión de ${t.nombre}`}
                        disabled={!t.coelsaConfig || testingId !== null}
                        onClick={() => onAction('test', t)}
                      >
                        {testingId === t.id ? (
                          <CircularProgress size={18} aria-hidden />
                        ) : (
                          <NetworkCheck fontSize="small" />
                        )}
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title="Editar entidad">
                    <IconButton size="small" aria-label={`Editar ${t.nombre}`} onClick={() => onAction('edit', t)}>
                      <EditOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Box>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The tenants on phones: one block per tenant with the same data and actions as the table. */
export function TenantCards({
  rows,
  testingId,
  onAction,
}: {
  rows: Tenant[];
  testingId: string | null;
  onAction: (action: TenantAction, t: Tenant) => void;
}) {
  return (
    <Box component="ul" aria-label="Entidades" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((t) => (
        <Box component="li" key={t.id} sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider' }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>{t.nombre}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t.codigo} · {tenantTypeLabel(t.tipo)} · Creado el {formatDate(t.created_at)}
              </Typography>
            </Box>
            <StatusChip status={t.estado} map={TENANT_STATUS_MAP} />
          </Box>
          <Box sx={{ display: 'flex', gap: 2, mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <CoelsaCell tenant={t} />
            <Typography variant="body2">
              {formatCount(t.users_count, 'usuario', 'usuarios')} · Tasa {formatRate(t.discount_rate)}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
            <Button size="small" startIcon={<SettingsOutlined />} onClick={() => onAction('configure', t)}>
              Configurar
            </Button>
            <Button
              size="small"
              startIcon={testingId === t.id ? <CircularProgress size={16} aria-hidden /> : <NetworkCheck />}
              disabled={!t.coelsaConfig || testingId !== null}
              onClick={() => onAction('test', t)}
            >
              Probar conexión
            </Button>
            <Button size="small" startIcon={<EditOutlined />} onClick={() => onAction('edit', t)}>
              Editar
            </Button>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
