/** The custody list as a file: the list itself (filters, sort, scope) read by cursor in batches (see sendExport). */
import { CUSTODY_STATUS_LABELS, type Custody, type listCustodyQuerySchema } from '@echeq/contract';
import type { z } from 'zod';
import { type Ctx, scopeOf } from '../../platform/auth/actor';
import { buenosAiresDate } from '../../platform/clock';
import { checkExportSize, countUpTo, cursorBatches, EXPORT_BATCH_ROWS } from '../../platform/db/export-batches';
import { SqlParams } from '../../platform/db/sql';
import type { Deps } from '../../platform/deps';
import type { ExportColumn, ExportFormat, ExportSpec } from '../../platform/http/export-stream';
import { custodyListFrom } from './custody.queries';
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

/** The export of the list the query describes, refused (400) past deps.config.exportMaxRows rows. */
export async function exportCustody(opts: {
  deps: Pick<Deps, 'db' | 'clock' | 'config'>;
  ctx: Ctx;
  query: z.output<typeof listCustodyQuerySchema>;
  format: ExportFormat;
}): Promise<ExportSpec<Custody>> {
  const { deps, ctx, query, format } = opts;
  const scope = scopeOf(ctx.actor);
  const { page: _p, limit: _l, cursor: _c, sort: _s, search, ...rest } = query;
  const filter = { ...rest, search: search || undefined };
  const count = (cap: number) => {
    const p = new SqlParams();
    return countUpTo(deps.db, { from: custodyListFrom(p, scope, filter), params: p.values, cap });
  };
  const rows = await checkExportSize(count, deps.config.exportMaxRows);
  return {
    format,
    rows,
    filename: `custodia-${buenosAiresDate(deps.clock.now())}`,
    sheet: 'Custodia',
    columns: CUSTODY_EXPORT_COLUMNS,
    batches: cursorBatches<Custody>((cursor) =>
      listCustody({ deps, ctx, query: { ...query, page: 1, limit: EXPORT_BATCH_ROWS, cursor } }),
    ),
  };
}
