/**
 * CSV and XLSX renderings of the three reports, in Spanish with es-AR numbers. CSV: UTF-8 with BOM, ';' between
 * fields, decimal comma, no thousands separator (so a spreadsheet in es-AR reads numbers as numbers). XLSX: real
 * numbers with number formats.
 */
import { centsToDecimal, type ReportKind, toCents } from '@echeq/contract';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { neutralised } from '../../platform/http/export-stream';
import { type Format, type ReportForExport, sheetFor, type Value } from './reports.sheets';

// --- CSV ---------------------------------------------------------------------------------------------------------

/** es-AR decimal: 1234.5 → '1234,50' (money) / '1234,5'; no thousands separator. */
function csvNumber(v: number, format: Format): string {
  if (format === 'int' || format === 'percent') return String(Math.round(v));
  if (format === 'money') return centsToDecimal(toCents(v)).replace('.', ',');
  if (format === 'ms') return v.toFixed(1).replace('.', ',');
  return String(v).replace('.', ',');
}

function csvCell(v: Value, format: Format): string {
  if (v === null) return '';
  if (typeof v === 'object') return csvNumber(v.value, v.format);
  if (typeof v === 'number') return csvNumber(v, format === 'text' ? 'decimal' : format);
  return neutralised(v);
}

/** A field with a comma or a tab, but for a number with a decimal comma (left bare, so it is read as a number). */
const TEXT_WITH_COMMA = /^(?!\d+(?:,\d+)?$)[\s\S]*[,\t]/;

/**
 * Written by csv-stringify: a field holding the separator, a quote or a line break is quoted (quotes doubled), and so
 * is one holding a comma or a tab (the separators a spreadsheet may guess instead of ';'), numbers excepted.
 */
export function toCsv(input: ReportForExport, scope: string): Buffer {
  const sheet = sheetFor(input, scope);
  const records: string[][] = [[neutralised(sheet.title)]];
  for (const [k, v] of sheet.meta) records.push([neutralised(k), neutralised(v)]);
  for (const table of sheet.tables) {
    records.push([]);
    records.push([neutralised(table.title)]);
    records.push(table.columns.map((c) => neutralised(c.header)));
    for (const row of table.rows) records.push(row.map((v, i) => csvCell(v, table.columns[i]?.format ?? 'text')));
  }
  const text = stringify(records, {
    delimiter: ';',
    record_delimiter: '\r\n',
    quoted_match: TEXT_WITH_COMMA,
    bom: true,
  });
  return Buffer.from(text, 'utf8');
}

// --- XLSX --------------------------------------------------------------------------------------------------------

const NUM_FMT: Record<Format, string | undefined> = {
  int: '#,##0',
  money: '#,##0.00',
  percent: '0"%"',
  ms: '#,##0.0',
  decimal: '#,##0.##',
  text: undefined,
};

export async function toXlsx(input: ReportForExport, scope: string): Promise<Buffer> {
  const sheet = sheetFor(input, scope);
  const wb = new ExcelJS.Workbook();
  wb.creator = 'ECHEQ Platform';
  wb.created = new Date(input.report.generatedAt);
  const ws = wb.addWorksheet(sheet.name, { views: [{ showGridLines: false }] });
  ws.columns = [{ width: 36 }, { width: 16 }, { width: 18 }, { width: 24 }];
  const title = ws.addRow([sheet.title]);
  title.font = { bold: true, size: 14 };
  for (const [k, v] of sheet.meta) {
    const r = ws.addRow([k, v]);
    r.getCell(1).font = { bold: true };
  }
  for (const table of sheet.tables) {
    ws.addRow([]);
    ws.addRow([table.title]).font = { bold: true, size: 12 };
    const header = ws.addRow(table.columns.map((c) => c.header));
    header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
    header.eachCell((cell) => {
      cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F4E79' } };
      cell.alignment = { vertical: 'middle' };
    });
    for (const row of table.rows) {
      const r = ws.addRow(row.map((v) => (v !== null && typeof v === 'object' ? v.value : v)));
      row.forEach((v, i) => {
        const fmt =
          v !== null && typeof v === 'object' ? NUM_FMT[v.format] : NUM_FMT[table.columns[i]?.format ?? 'text'];
        if (typeof v !== 'string' && v !== null && fmt) r.getCell(i + 1).numFmt = fmt;
      });
      if (row[0] === 'Total') r.font = { bold: true };
    }
  }
  const out = await wb.xlsx.writeBuffer();
  return Buffer.from(out as ArrayBuffer);
}

/** 'reporte-custodia-2025-01-01_2025-01-31.csv' / 'reporte-rendimiento-2026-11-21.xlsx'. */
export function exportFilename(
  kind: ReportKind,
  format: 'csv' | 'xlsx',
  range: { from?: string | undefined; to?: string | undefined },
  today: string,
) {
  const name = { custody: 'custodia', discounts: 'descuentos', performance: 'rendimiento' }[kind];
  const span = range.from || range.to ? `${range.from ?? 'inicio'}_${range.to ?? today}` : today;
  return `reporte-${name}-${span}.${format}`;
}
