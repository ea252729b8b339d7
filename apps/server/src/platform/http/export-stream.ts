/**
 * A list exported as a file while it is read: rows arrive in bounded batches (an async iterable) and are written to
 * the response as they come, as CSV (csv-stringify's stream, decision 015) or XLSX (exceljs' streaming workbook
 * writer, decision 034). Nothing holds the whole result: memory is one batch and the writers' buffers.
 */
import { PassThrough, type Writable } from 'node:stream';
import { centsToDecimal, toCents } from '@echeq/contract';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { AUTHED, responses } from './responses';

export type ExportFormat = 'csv' | 'xlsx';
/** money: numeric from the database (a JSON number with at most 2 decimals); date: 'YYYY-MM-DD'; datetime: ISO. */
type ExportKind = 'text' | 'money' | 'int' | 'date' | 'datetime';
export type ExportColumn<T> = {
  header: string;
  kind: ExportKind;
  width?: number;
  value: (row: T) => string | number | null | undefined;
};
export type ExportSpec<T> = {
  format: ExportFormat;
  /** Without the extension: 'echeqs-2026-11-25'. */
  filename: string;
  sheet: string;
  /** The rows counted before (sent as X-Export-Rows, for a progress bar). */
  rows: number;
  columns: ExportColumn<T>[];
  batches: AsyncIterable<T[]>;
};

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** An export route's responses (OpenAPI): the file, or the contract's error. */
export const exportResponses = (format: ExportFormat) =>
  responses(
    z.string().describe(format === 'csv' ? 'CSV (UTF-8 con BOM, separador ;), transmitido por partes' : 'Libro XLSX'),
    400,
    ...AUTHED,
  );

/**
 * Text a spreadsheet would run as a formula gets an apostrophe before it: at the start (=, +, -, @, tab, carriage
 * return) and after any comma, tab, semicolon or line break, where a spreadsheet that guessed another separator, or
 * read the quotes differently, would start a cell (`x,=1+1,y` is written `x,'=1+1,y`; decision 015).
 */
export function neutralised(v: string): string {
  const inner = v.replace(/([,;\t\r\n]\s*)(?=[=+\-@])/g, "$1'");
  return /^[=+\-@\t\r]/.test(inner) ? `'${inner}` : inner;
}

/** The amount through the decimal path (cents), never float arithmetic: '1234.50'. */
const decimal = (v: string | number) => centsToDecimal(toCents(v));

const BA = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Argentina/Buenos_Aires',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
/** An instant's wall time in Buenos Aires: [y, m, d, hh, mm]. */
function wall(iso: string): number[] {
  const p: Record<string, string> = {};
  for (const part of BA.formatToParts(new Date(iso))) p[part.type] = part.value;
  return [p.year, p.month, p.day, p.hour, p.minute].map(Number);
}
const two = (n: number | undefined) => String(n).padStart(2, '0');

function csvCell(kind: ExportKind, v: string | number | null | undefined): string {
  if (v === null || v === undefined || v === '') return '';
  if (kind === 'money') return decimal(v).replace('.', ',');
  if (kind === 'int') return String(v);
  if (kind === 'date') return `${String(v).slice(8, 10)}/${String(v).slice(5, 7)}/${String(v).slice(0, 4)}`;
  if (kind === 'datetime') {
    const [y, m, d, hh, mm] = wall(String(v));
    return `${two(d)}/${two(m)}/${y} ${two(hh)}:${two(mm)}`;
  }
  return neutralised(String(v));
}

/** Excel stores dates as wall time: a Date whose UTC fields are the day (and Buenos Aires' time) shown. */
function xlsxCell(kind: ExportKind, v: string | number | null | undefined): string | number | Date | null {
  if (v === null || v === undefined || v === '') return null;
  if (kind === 'money') return Number(decimal(v));
  if (kind === 'int') return Number(v);
  if (kind === 'date') return new Date(`${String(v).slice(0, 10)}T00:00:00Z`);
  if (kind === 'datetime') {
    const [y, m, d, hh, mm] = wall(String(v));
    return new Date(Date.UTC(y!, m! - 1, d, hh, mm));
  }
  return String(v);
}

const NUM_FMT: Partial<Record<ExportKind, string>> = {
  money: '#,##0.00',
  int: '0',
  date: 'dd/mm/yyyy',
  datetime: 'dd/mm/yyyy hh:mm',
};

/** Resolves when the stream can take more (backpressure), or at once. */
function drained(stream: Writable, ok: boolean): Promise<void> | undefined {
  if (ok || stream.destroyed) return undefined;
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

async function writeCsv<T>(spec: ExportSpec<T>, out: PassThrough, gone: () => boolean) {
  const csv = stringify({
    delimiter: ';',
    record_delimiter: '\r\n',
    // A field with a comma or a tab is quoted too, numbers with a decimal comma excepted (decision 015).
    quoted_match: /^(?!-?\d+(?:,\d+)?$)[\s\S]*[,\t]/,
    bom: true,
  });
  csv.pipe(out);
  await drained(csv, csv.write(spec.columns.map((c) => neutralised(c.header))));
  for await (const batch of spec.batches) {
    if (gone()) break;
    for (const row of batch) {
      const ok = csv.write(spec.columns.map((c) => csvCell(c.kind, c.value(row))));
      await drained(csv, ok);
    }
  }
  csv.end();
}

async function writeXlsx<T>(spec: ExportSpec<T>, out: PassThrough, gone: () => boolean) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = 'ECHEQ Platform';
  const ws = wb.addWorksheet(spec.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = spec.columns.map((c, i) => ({
    key: String(i),
    width: c.width ?? (c.kind === 'text' ? 24 : 16),
    ...(NUM_FMT[c.kind] ? { style: { numFmt: NUM_FMT[c.kind] } } : {}),
  }));
  const header = ws.addRow(spec.columns.map((c) => c.header));
  header.font = { bold: true };
  header.commit();
  for await (const batch of spec.batches) {
    if (gone()) break;
    for (const row of batch) {
      const r = ws.addRow(spec.columns.map((c) => xlsxCell(c.kind, c.value(row))));
      spec.columns.forEach((c, i) => {
        const fmt = NUM_FMT[c.kind];
        if (fmt) r.getCell(i + 1).numFmt = fmt;
      });
      r.commit();
    }
    await drained(out, out.writableLength < out.writableHighWaterMark);
  }
  ws.commit();
  await wb.commit();
}

/**
 * Sends the export: the headers at once, then the rows as each batch is read. A client that goes away stops the
 * reading at the next batch. A failure after the headers were sent can only cut the response (logged).
 */
export function sendExport<T>(reply: FastifyReply, spec: ExportSpec<T>): FastifyReply {
  const out = new PassThrough();
  let closed = false;
  reply.raw.on('close', () => {
    closed = true;
  });
  const gone = () => closed || out.destroyed;
  const run = spec.format === 'csv' ? writeCsv(spec, out, gone) : writeXlsx(spec, out, gone);
  run.catch((err: unknown) => {
    reply.log.error({ err }, 'export failed while streaming');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return reply
    .header('content-type', CONTENT_TYPES[spec.format])
    .header('content-disposition', `attachment; filename="${spec.filename}.${spec.format}"`)
    .header('cache-control', 'no-store')
    .header('x-export-rows', String(spec.rows))
    .send(out);
}
