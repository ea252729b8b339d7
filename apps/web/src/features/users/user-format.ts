import { ROLE_LABELS, type Role, USER_STATUS_LABELS, type UserStatus } from '@echeq/contract';
import type { StatusMap } from '../../components/status-chip';
import { formatCuit } from '../../lib/format';

export const USER_STATUS_MAP: StatusMap<UserStatus> = {
  ACTIVE: { label: USER_STATUS_LABELS.ACTIVE, color: 'success' },
  INACTIVE: { label: USER_STATUS_LABELS.INACTIVE, color: 'default' },
  SUSPENDED: { label: USER_STATUS_LABELS.SUSPENDED, color: 'error' },
};

export const USER_ERRORS = {
  load: 'Error al cargar la lista de usuarios',
  create: 'Error al crear usuario',
  process: 'Error al procesar usuario',
} as const;

export const roleLabel = (role: Role) => ROLE_LABELS[role] ?? role;

/** 'Activado' / 'Desactivado' (specification: MFA column). */
export const mfaLabel = (enabled: boolean) => (enabled ? 'Activado' : 'Desactivado');

/** While typing: keeps digits and hyphens, at most the 13 characters of '30-12345678-9'. */
export function cuitInput(value: string): string {
  return value.replace(/[^\d-]/g, '').slice(0, 13);
}

export { formatCuit };

/** zod issues → the first message per top-level field. */
export function issuesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !(key in out)) out[key] = issue.message;
  }
  return out;
}
