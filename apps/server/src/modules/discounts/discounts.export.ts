/** The discount list as a file: the list itself (filters, sort, scope) read by cursor in batches (see sendExport). */
import { DISCOUNT_STATUS_LABELS, type Discount, type ListDiscountsQuery } from '@echeq/contract';
import { type Ctx, scopeOf } from '../../platform/auth/actor';
import { cursorBatches, EXPORT_BATCH_ROWS } from '../../platform/db/export-batches';
import { listFilter } from '../../platform/db/range-filter';
import type { Deps } from '../../platform/deps';
import type { ExportColumn, ExportFormat } from '../../platform/http/export-stream';
import { exportList } from '../../platform/http/list-export';
import { countDiscountsUpTo } from './discounts.list';
import { listDiscounts } from './discounts.service';

/** The screen's columns (the whole id instead of its short form), then what a spreadsheet needs besides. */
const DISCOUNT_EXPORT_COLUMNS: ExportColumn<Discount>[] = [
  { header: 'ID', kind: 'text', width: 38, value: (d) => d.id },
  { header: 'ECHEQ', kind: 'text', value: (d) => d.echeq?.number },
  { header: 'Empresa', kind: 'text', value: (d) => d.company_name },
  { header: 'Monto Solicitado', kind: 'money', value: (d) => d.requested_amount },
  { header: 'Monto Aprobado', kind: 'money', value: (d) => d.approved_amount },
  { header: 'Moneda', kind: 'text', width: 8, value: (d) => d.echeq?.currency },
  { header: 'TNA aplicada (%)', kind: 'money', value: (d) => d.rate },
  { header: 'Días', kind: 'int', width: 8, value: (d) => d.days },
  { header: 'Estado', kind: 'text', value: (d) => DISCOUNT_STATUS_LABELS[d.status] ?? d.status },
  { header: 'Fecha Solicitud', kind: 'datetime', value: (d) => d.requested_at },
  { header: 'Fecha Vencimiento del ECHEQ', kind: 'date', value: (d) => d.echeq?.due_date },
  { header: 'Motivo de rechazo', kind: 'text', value: (d) => d.rejection_reason },
  { header: 'Notas', kind: 'text', value: (d) => d.notes },
];

/** The export of the list the query describes (see exportList). */
export function exportDiscounts(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  ctx: Ctx,
  query: ListDiscountsQuery,
  format: ExportFormat,
) {
  return exportList(deps, format, {
    name: 'descuentos',
    sheet: 'Descuentos',
    columns: DISCOUNT_EXPORT_COLUMNS,
    count: (cap) => countDiscountsUpTo(deps.db, scopeOf(ctx.actor), listFilter(query), cap),
    // The default order named, so that the list pages by cursor (its default page is by number).
    batches: cursorBatches<Discount>((cursor) =>
      listDiscounts({
        deps,
        ctx,
        query: { ...query, sort: query.sort ?? '-requested_at', page: 1, limit: EXPORT_BATCH_ROWS, cursor },
      }),
    ),
  });
}
