/** The cheque list as a file: the list itself (filters, sort, scope) read by cursor in batches (see sendExport). */
import { ECHEQ_STATUS_LABELS, type Echeq, type ListEcheqsQuery, VALIDATION_STATUS_LABELS } from '@echeq/contract';
import { type Ctx, scopeOf } from '../../platform/auth/actor';
import { cursorBatches, EXPORT_BATCH_ROWS } from '../../platform/db/export-batches';
import { listFilter } from '../../platform/db/range-filter';
import type { Deps } from '../../platform/deps';
import type { ExportColumn, ExportFormat } from '../../platform/http/export-stream';
import { exportList } from '../../platform/http/list-export';
import { countEcheqsUpTo } from './echeqs.list';
import { listEcheqs } from './echeqs.service';

/** The screen's columns, then what a spreadsheet needs besides (currency, CUITs, company). */
const ECHEQ_EXPORT_COLUMNS: ExportColumn<Echeq>[] = [
  { header: 'Número', kind: 'text', value: (e) => e.number },
  { header: 'Monto', kind: 'money', value: (e) => e.amount },
  { header: 'Moneda', kind: 'text', width: 8, value: (e) => e.currency },
  { header: 'Emisor', kind: 'text', value: (e) => e.issuer },
  { header: 'CUIT del emisor', kind: 'text', value: (e) => e.issuer_cuit },
  { header: 'Beneficiario', kind: 'text', value: (e) => e.beneficiary },
  { header: 'CUIT del beneficiario', kind: 'text', value: (e) => e.beneficiary_cuit },
  { header: 'Fecha Emisión', kind: 'date', value: (e) => e.issue_date },
  { header: 'Fecha Vencimiento', kind: 'date', value: (e) => e.due_date },
  { header: 'Estado', kind: 'text', value: (e) => ECHEQ_STATUS_LABELS[e.status] ?? e.status },
  { header: 'Validación', kind: 'text', value: (e) => VALIDATION_STATUS_LABELS[e.validation_status] ?? '' },
  { header: 'Empresa', kind: 'text', value: (e) => e.company_name },
  { header: 'Fecha de alta', kind: 'datetime', value: (e) => e.created_at },
];

/** The export of the list the query describes (see exportList). */
export function exportEcheqs(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  ctx: Ctx,
  query: ListEcheqsQuery,
  format: ExportFormat,
) {
  const filter = listFilter(query);
  return exportList(deps, format, {
    name: 'echeqs',
    sheet: 'ECHEQs',
    columns: ECHEQ_EXPORT_COLUMNS,
    count: (cap) => countEcheqsUpTo(deps.db, scopeOf(ctx.actor), filter, cap),
    batches: cursorBatches<Echeq>((cursor) =>
      listEcheqs({ deps, ctx, query: { ...query, page: 1, limit: EXPORT_BATCH_ROWS, cursor } }),
    ),
  });
}
