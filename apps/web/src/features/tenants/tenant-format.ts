import { TENANT_STATUS_LABELS, TENANT_TYPE_LABELS, type TenantStatus, type TenantType } from '@echeq/contract';
import { type StatusMap, statusMap } from '../../components/status-chip';

export const ADMIN_ERRORS = {
  load: 'Error al cargar datos de administración',
  create: 'Error al crear tenant',
  configure: 'Error al configurar COELSA',
  test: 'Error al probar conexión COELSA',
  update: 'Error al actualizar la entidad',
} as const;

export const TENANT_STATUS_MAP = statusMap<TenantStatus>(TENANT_STATUS_LABELS, {
  ACTIVO: 'success',
  INACTIVO: 'default',
});

export const TEST_STATUS_MAP: StatusMap<'success' | 'failed' | 'untested'> = {
  success: { label: 'Conexión exitosa', color: 'success' },
  failed: { label: 'Conexión fallida', color: 'error' },
  untested: { label: 'Sin probar', color: 'warning' },
};

export const tenantTypeLabel = (t: TenantType) => TENANT_TYPE_LABELS[t] ?? t;
