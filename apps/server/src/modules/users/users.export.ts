/** The users list as a file: the list itself (filters, sort, scope) read page after page (see exportList). */
import { type ListUsersQuery, ROLE_LABELS, USER_STATUS_LABELS, type User } from '@echeq/contract';
import type { Ctx } from '../../platform/auth/actor';
import { pageBatches } from '../../platform/db/export-batches';
import type { Deps } from '../../platform/deps';
import type { ExportColumn, ExportFormat } from '../../platform/http/export-stream';
import { exportList } from '../../platform/http/list-export';
import { listUsersPage } from './users.service';

/** The screen's columns, then what a spreadsheet needs besides. */
const USER_EXPORT_COLUMNS: ExportColumn<User>[] = [
  { header: 'Email', kind: 'text', value: (u) => u.email },
  { header: 'Nombre', kind: 'text', value: (u) => u.full_name },
  { header: 'Empresa', kind: 'text', value: (u) => u.company_name },
  { header: 'CUIT', kind: 'text', value: (u) => u.cuit },
  { header: 'Rol', kind: 'text', value: (u) => ROLE_LABELS[u.role] ?? u.role },
  { header: 'Estado', kind: 'text', value: (u) => USER_STATUS_LABELS[u.status] ?? u.status },
  { header: 'MFA', kind: 'text', value: (u) => (u.mfa_enabled ? 'Activado' : 'Desactivado') },
  { header: 'Entidad', kind: 'text', value: (u) => u.tenant_nombre },
  { header: 'Último acceso', kind: 'datetime', value: (u) => u.last_login },
  { header: 'Fecha de alta', kind: 'datetime', value: (u) => u.created_at },
];

/** The export of the users the query describes, page after page in its order (the list pages by number). */
export function exportUsers(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  ctx: Ctx,
  query: ListUsersQuery,
  format: ExportFormat,
) {
  const page = (n: number, limit: number) => listUsersPage({ deps, ctx, query: { ...query, page: n, limit } });
  return exportList(deps, format, {
    name: 'usuarios',
    sheet: 'Usuarios',
    columns: USER_EXPORT_COLUMNS,
    count: async (cap) => Math.min((await page(1, 1)).total, cap),
    batches: pageBatches(page),
  });
}
