/** The cheque list as a file: the list itself (filters, sort, scope) read by cursor in batches (see sendExport). */
import { ECHEQ_STATUS_LABELS, type Echeq, type listEcheqsQuerySchema, VALIDATION_STATUS_LABELS } from '@echeq/contract';
import type { z } from 'zod';
import { type Ctx, scopeOf } from '../../platform/auth/actor';
import { buenosAiresDate } from '../../platform/clock';
import { checkExportSize, cursorBatches, EXPORT_BATCH_ROWS } from '../../platform/db/export-batches';
import type { Deps } from '../../platform/deps';
import type { ExportColumn, ExportFormat, ExportSpec } from '../../platform/http/export-stream';
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

/** The export of the list the query describes, refused (400) past deps.config.exportMaxRows rows. */
export async function exportEcheqs(opts: {
  deps: Pick<Deps, 'db' | 'clock' | 'config'>;
  ctx: Ctx;
  query: z.output<typeof listEcheqsQuerySchema>;
  format: ExportFormat;
}): Promise<ExportSpec<Echeq>> {
  const { deps, ctx, query, format } = opts;
  const scope = scopeOf(ctx.actor);
  const { page: _p, limit: _l, cursor: _c, sort: _s, search, ...rest } = query;
  const filter = { ...rest, search: search || undefined };
  const rows = await checkExportSize((cap) => countEcheqsUpTo(deps.db, scope, filter, cap), deps.config.exportMaxRows);
  return {
    format,
    rows,
    filename: `echeqs-${buenosAiresDate(deps.clock.now())}`,
    sheet: 'ECHEQs',
    columns: ECHEQ_EXPORT_COLUMNS,
    batches: cursorBatches<Echeq>((cursor) =>
      listEcheqs({ deps, ctx, query: { ...query, page: 1, limit: EXPORT_BATCH_ROWS, cursor } }),
    ),
  };
}
