/** The custody list as a file: the list itself (filters, sort, scope) read by cursor in batches (see sendExport). */
import { CUSTODY_STATUS_LABELS, type Custody, type ListCustodyQuery } from '@echeq/contract';
import { type Ctx, scopeOf } from '../../platform/auth/actor';
import { countUpTo, cursorBatches, EXPORT_BATCH_ROWS } from '../../platform/db/export-batches';
import { listFilter } from '../../platform/db/range-filter';
import { SqlParams } from '../../platform/db/sql';
import type { Deps } from '../../platform/deps';
import type { ExportColumn, ExportFormat } from '../../platform/http/export-stream';
import { exportList } from '../../platform/http/list-export';
import { custodyListFrom } from './custody.list';
import { listCustody } from './custody.service';

/** The screen's columns, then what a spreadsheet needs besides. */
const CUSTODY_EXPORT_COLUMNS: ExportColumn<Custody>[] = [
  { header: 'Número de ECHEQ', kind: 'text', value: (c) => c.echeq.number },
  { header: 'Monto', kind: 'money', value: (c) => c.echeq.amount },
  { header: 'Moneda', kind: 'text', width: 8, value: (c) => c.echeq.currency },
  { header: 'Fecha de Custodia', kind: 'datetime', value: (c) => c.custody_date },
  { header: 'Estado', kind: 'text', value: (c) => CUSTODY_STATUS_LABELS[c.status] ?? c.status },
  { header: 'Emisor', kind: 'text', value: (c) => c.echeq.issuer },
  { header: 'Beneficiario', kind: 'text', value: (c) => c.echeq.beneficiary },
  { header: 'Fecha Vencimiento', kind: 'date', value: (c) => c.echeq.due_date },
  { header: 'Plazo de presentación', kind: 'date', value: (c) => c.presentation_deadline },
  { header: 'Empresa', kind: 'text', value: (c) => c.company_name },
  { header: 'Fecha de liberación', kind: 'datetime', value: (c) => c.release_date },
  { header: 'Motivo de liberación', kind: 'text', value: (c) => c.release_reason },
  { header: 'Notas', kind: 'text', value: (c) => c.notes },
];

/** The export of the list the query describes (see exportList). */
export function exportCustody(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  ctx: Ctx,
  query: ListCustodyQuery,
  format: ExportFormat,
) {
  const filter = listFilter(query);
  return exportList(deps, format, {
    name: 'custodia',
    sheet: 'Custodia',
    columns: CUSTODY_EXPORT_COLUMNS,
    count: (cap) => {
      const p = new SqlParams();
      return countUpTo(deps.db, { from: custodyListFrom(p, scopeOf(ctx.actor), filter), params: p.values, cap });
    },
    batches: cursorBatches<Custody>((cursor) =>
      listCustody({ deps, ctx, query: { ...query, page: 1, limit: EXPORT_BATCH_ROWS, cursor } }),
    ),
  });
}
