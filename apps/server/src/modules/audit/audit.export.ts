/** The audit trail as a file: the list itself (filters, sort, scope) read page after page (see exportList). */
import {
  ACTION_LABELS,
  type AuditEntry,
  ENTITY_LABELS,
  type ListAuditQuery,
  ROLE_LABELS,
  type Role,
} from '@echeq/contract';
import type { Ctx } from '../../platform/auth/actor';
import { pageBatches } from '../../platform/db/export-batches';
import type { Deps } from '../../platform/deps';
import type { ExportColumn, ExportFormat } from '../../platform/http/export-stream';
import { exportList } from '../../platform/http/list-export';
import { listAuditPage } from './audit.list';

/** The screen's columns, then the record's ids and the request it came from. */
const AUDIT_EXPORT_COLUMNS: ExportColumn<AuditEntry>[] = [
  { header: 'Fecha', kind: 'datetime', value: (a) => a.at },
  { header: 'Usuario', kind: 'text', value: (a) => a.actor_email },
  {
    header: 'Rol',
    kind: 'text',
    value: (a) => (a.actor_role ? (ROLE_LABELS[a.actor_role as Role] ?? a.actor_role) : ''),
  },
  { header: 'Acción', kind: 'text', value: (a) => ACTION_LABELS[a.action] ?? a.action },
  { header: 'Entidad', kind: 'text', value: (a) => ENTITY_LABELS[a.entity] ?? a.entity },
  { header: 'Identificador', kind: 'text', value: (a) => a.entity_id },
  { header: 'N° de registro', kind: 'text', value: (a) => a.id },
  { header: 'Solicitud', kind: 'text', value: (a) => a.request_id },
];

/** The export of the trail the query describes, page after page in its order (the trail pages by number). */
export function exportAudit(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  ctx: Ctx,
  query: ListAuditQuery,
  format: ExportFormat,
) {
  const page = (n: number, limit: number) => listAuditPage({ deps, ctx, query: { ...query, page: n, limit } });
  return exportList(deps, format, {
    name: 'auditoria',
    sheet: 'Auditoría',
    columns: AUDIT_EXPORT_COLUMNS,
    count: async (cap) => Math.min((await page(1, 1)).total, cap),
    batches: pageBatches(page),
  });
}
