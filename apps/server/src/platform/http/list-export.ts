/**
 * A list exported as a file (decision 034), the same for every list: its two routes (`…/export.csv`,
 * `…/export.xlsx`) with the list's own query and permission, the size check before anything is written, the dated
 * file name. A module gives only its columns, its count and its rows (see sendExport for the writing).
 */
import type { Permission } from '@echeq/contract';
import type { z } from 'zod';
import type { Ctx } from '../auth/actor';
import { ctxOf } from '../auth/authenticate';
import { buenosAiresDate } from '../clock';
import { checkExportSize } from '../db/export-batches';
import type { Deps } from '../deps';
import type { App } from './app-type';
import { type ExportColumn, type ExportFormat, type ExportSpec, exportResponses, sendExport } from './export-stream';

export type ListExport<Row> = {
  /** The file's name before its date: 'echeqs' → 'echeqs-2026-11-25.csv'. */
  name: string;
  sheet: string;
  /** The screen's columns, then what a spreadsheet needs besides. */
  columns: ExportColumn<Row>[];
  /** How many rows the list holds, counted no further than `cap`. */
  count: (cap: number) => Promise<number>;
  /** The list's rows in its order, in bounded batches read only as they are written (e.g. cursorBatches). */
  batches: AsyncIterable<Row[]>;
};

/** The export of a list, refused (400) past deps.config.exportMaxRows rows before anything is read or written. */
export async function exportList<Row>(
  deps: Pick<Deps, 'clock' | 'config'>,
  format: ExportFormat,
  list: ListExport<Row>,
): Promise<ExportSpec<Row>> {
  const rows = await checkExportSize(list.count, deps.config.exportMaxRows);
  const { name, sheet, columns, batches } = list;
  return { format, rows, filename: `${name}-${buenosAiresDate(deps.clock.now())}`, sheet, columns, batches };
}

/**
 * `GET {path}.csv` and `GET {path}.xlsx`: the list as a file, with the list's query (filters, search, sort), its
 * permission and its scope, every row, streamed.
 */
export function listExportRoutes<Q extends z.ZodType, Row>(
  app: App,
  opts: {
    path: string;
    access: Permission;
    tags: string[];
    /** 'La lista de ECHEQs con sus filtros' (the format follows). */
    summary: string;
    querystring: Q;
    exportOf: (ctx: Ctx, query: z.output<Q>, format: ExportFormat) => Promise<ExportSpec<Row>>;
  },
): void {
  for (const format of ['csv', 'xlsx'] as const) {
    app.get(
      `${opts.path}.${format}`,
      {
        config: { access: opts.access },
        schema: {
          tags: opts.tags,
          summary: `${opts.summary}, completa, en ${format.toUpperCase()}`,
          querystring: opts.querystring,
          response: exportResponses(format),
        },
      },
      async (req, reply) => sendExport(reply, await opts.exportOf(ctxOf(req), req.query as z.output<Q>, format)),
    );
  }
}
