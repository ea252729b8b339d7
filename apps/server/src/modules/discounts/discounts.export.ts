/** The discount list as a file: the list itself (filters, sort, scope) read by cursor in batches (see sendExport). */
import { DISCOUNT_STATUS_LABELS, type Discount, type listDiscountsQuerySchema } from '@echeq/contract';
import type { z } from 'zod';
import { type Ctx, scopeOf } from '../../platform/auth/actor';
import { buenosAiresDate } from '../../platform/clock';
import { checkExportSize, cursorBatches, EXPORT_BATCH_ROWS } from '../../platform/db/export-batches';
import type { Deps } from '../../platform/deps';
import type { ExportColumn, ExportFormat, ExportSpec } from '../../platform/http/export-stream';
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

/** The export of the list the query describes, refused (400) past deps.config.exportMaxRows rows. */
export async function exportDiscounts(opts: {
  deps: Pick<Deps, 'db' | 'clock' | 'config'>;
  ctx: Ctx;
  query: z.output<typeof listDiscountsQuerySchema>;
  format: ExportFormat;
}): Promise<ExportSpec<Discount>> {
  const { deps, ctx, query, format } = opts;
  const scope = scopeOf(ctx.actor);
  const { page: _p, limit: _l, cursor: _c, sort, search, ...rest } = query;
  const filter = { ...rest, search: search || undefined };
  const rows = await checkExportSize(
    (cap) => countDiscountsUpTo(deps.db, scope, filter, cap),
    deps.config.exportMaxRows,
  );
  return {
    format,
    rows,
    filename: `descuentos-${buenosAiresDate(deps.clock.now())}`,
    sheet: 'Descuentos',
    columns: DISCOUNT_EXPORT_COLUMNS,
    // The default order named, so that the list pages by cursor (its default page is by number).
    batches: cursorBatches<Discount>((cursor) =>
      listDiscounts({
        deps,
        ctx,
        query: { ...query, sort: sort ?? '-requested_at', page: 1, limit: EXPORT_BATCH_ROWS, cursor },
      }),
    ),
  };
}
