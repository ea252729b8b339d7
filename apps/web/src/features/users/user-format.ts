import { ROLE_LABELS, type Role, USER_STATUS_LABELS, type UserStatus } from '@echeq/contract';
import { statusMap } from '../../components/status-chip';
import { formatCuit } from '../../lib/format';

export const USER_STATUS_MAP = statusMap<UserStatus>(USER_STATUS_LABELS, {
  ACTIVE: 'success',
  INACTIVE: 'default',
  SUSPENDED: 'error',
});

export const USER_ERRORS = {
  load: 'Error al cargar la lista de usuarios',
  create: 'Error al crear usuario',
  process: 'Error al procesar usuario',
} as const;

export const roleLabel = (role: Role) => ROLE_LABELS[role] ?? role;

/** 'Activado' / 'Desactivado' (specification: MFA column). */
export const mfaLabel = (enabled: boolean) => (enabled ? 'Activado' : 'Desactivado');

export { formatCuit };
