/**
 * CSV and XLSX renderings of the three reports, in Spanish with es-AR numbers. CSV: UTF-8 with BOM, ';' between
 * fields, decimal comma, no thousands separator (so a spreadsheet in es-AR reads numbers as numbers). XLSX: real
 * numbers with number formats.
 */
import {
  CUSTODY_REPORT_LABELS,
  type CustodyReport,
  centsToDecimal,
  centsToNumber,
  DISCOUNT_REPORT_LABELS,
  type DiscountReport,
  type PerformanceDetail,
  percentOf,
  type ReportKind,
  sumCents,
  toCents,
} from '@echeq/contract';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';

export type ReportForExport =
  | { kind: 'custody'; report: CustodyReport }
  | { kind: 'discounts'; report: DiscountReport }
  | { kind: 'performance'; report: PerformanceDetail };

/** A cell; a number may carry its own format (summary tables mix counts and amounts). */
type Value = string | number | null | { value: number; format: Format };
type Format = 'int' | 'money' | 'percent' | 'ms' | 'decimal' | 'text';
type Table = { title: string; columns: { header: string; format: Format; width?: number }[]; rows: Value[][] };
type Sheet = { name: string; title: string; meta: [string, string][]; tables: Table[] };

const TITLES: Record<ReportKind, string> = {
  custody: 'Reporte de custodia de ECHEQs',
  discounts: 'Reporte de descuentos de ECHEQs',
  performance: 'Reporte de rendimiento del sistema',
};

const BA = new Intl.DateTimeFormat('es-AR', {
  timeZone: 'America/Argentina/Buenos_Aires',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
function dateTime(iso: string): string {
  const p: Record<string, string> = {};
  for (const part of BA.formatToParts(new Date(iso))) p[part.type] = part.value;
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}
const date = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const monthLabel = (ym: string) => `${ym.slice(5, 7)}/${ym.slice(0, 4)}`;

function period(from: string | null, to: string | null): string {
  if (from && to) return `Del ${date(from)} al ${date(to)}`;
  if (from) return `Desde el ${date(from)}`;
  if (to) return `Hasta el ${date(to)}`;
  return 'Todo el historial';
}

function bookSheet(
  kind: 'custody' | 'discounts',
  report: CustodyReport | DiscountReport,
  scope: string,
  labels: Record<string, string>,
): Sheet {
  const all = report.statusCounts.reduce((s, c) => s + c.count, 0);
  const statusRows: Value[][] = report.statusCounts.map((c) => [
    labels[c.status] ?? c.status,
    c.count,
    percentOf(c.count, all),
    c.amount,
  ]);
  const allCents = sumCents(report.statusCounts.map((c) => toCents(c.amount)));
  statusRows.push(['Total', all, all > 0 ? 100 : 0, centsToNumber(allCents)]);
  const money = (value: number) => ({ value, format: 'money' as const });
  const summary: Value[][] =
    kind === 'custody'
      ? [
          ['ECHEQs en custodia', report.total],
          ['Monto en custodia (ARS)', money(report.totalAmount)],
        ]
      : [
          ['Descuentos', report.total],
          ['Monto solicitado (ARS)', money(report.totalAmount)],
          ['Monto aprobado (ARS)', money((report as DiscountReport).approvedAmount)],
        ];
  const tables: Table[] = [
    {
      title: 'Resumen',
      columns: [
        { header: 'Concepto', format: 'text', width: 34 },
        { header: 'Valor', format: 'int', width: 18 },
      ],
      rows: summary,
    },
    {
      title: kind === 'custody' ? 'Custodia por estado' : 'Descuentos por estado',
      columns: [
        { header: 'Estado', format: 'text' },
        { header: 'Cantidad', format: 'int' },
        { header: 'Porcentaje', format: 'percent' },
        { header: kind === 'custody' ? 'Monto (ARS)' : 'Monto solicitado (ARS)', format: 'money' },
      ],
      rows: statusRows,
    },
  ];
  if (report.otherCurrencies.length > 0) {
    tables.push({
      title: kind === 'custody' ? 'En custodia en otras monedas' : 'Descuentos en otras monedas',
      columns: [
        { header: 'Moneda', format: 'text' },
        { header: 'Cantidad', format: 'int' },
        { header: 'Monto', format: 'money' },
      ],
      rows: report.otherCurrencies.map((c) => [c.currency, c.count, c.amount]),
    });
  }
  tables.push({
    title: kind === 'custody' ? 'Ingresos a custodia por mes' : 'Solicitudes de descuento por mes',
    columns: [
      { header: 'Mes', format: 'text' },
      { header: 'Cantidad', format: 'int' },
      { header: 'Monto (ARS)', format: 'money' },
    ],
    rows: report.series.map((p) => [monthLabel(p.month), p.count, p.amount]),
  });
  return {
    name: kind === 'custody' ? 'Custodia' : 'Descuentos',
    title: TITLES[kind],
    meta: [
      ['Alcance', scope],
      ['Período', period(report.from, report.to)],
      ['Generado', `${dateTime(report.generatedAt)} (hora de Buenos Aires)`],
    ],
    tables,
  };
}

function performanceSheet(report: PerformanceDetail, scope: string): Sheet {
  return {
    name: 'Rendimiento',
    title: TITLES.performance,
    meta: [
      ['Alcance', report.scope === 'platform' ? 'Toda la plataforma' : `Solicitudes de ${scope}`],
      ['Ventana', `Últimas ${report.windowHours} horas, desde ${dateTime(report.since)}`],
      ['Generado', `${dateTime(report.generatedAt)} (hora de Buenos Aires)`],
    ],
    tables: [
      {
        title: 'Resumen',
        columns: [
          { header: 'Indicador', format: 'text', width: 34 },
          { header: 'Valor', format: 'int', width: 18 },
        ],
        rows: [
          ['Tiempo de respuesta promedio (ms)', { value: report.responseTime, format: 'ms' }],
          ['Mediana (ms)', { value: report.p50, format: 'ms' }],
          ['Percentil 95 (ms)', { value: report.p95, format: 'ms' }],
          ['Disponibilidad (%)', { value: report.availability, format: 'decimal' }],
          ['Tasa de error (%)', { value: report.errorRate, format: 'decimal' }],
          ['Solicitudes', report.requests],
          ['Errores del servidor (5xx)', report.serverErrors],
          ['Sondeos a COELSA', report.probes],
          ['Sondeos fallidos', report.probeFailures],
        ],
      },
      {
        title: 'Por área de la API',
        columns: [
          { header: 'Área', format: 'text' },
          { header: 'Solicitudes', format: 'int' },
          { header: 'Errores (5xx)', format: 'int' },
          { header: 'Tiempo promedio (ms)', format: 'ms' },
        ],
        rows: report.routes.map((r) => [r.group, r.requests, r.serverErrors, r.responseTime]),
      },
      {
        title: 'Por hora',
        columns: [
          { header: 'Hora', format: 'text' },
          { header: 'Solicitudes', format: 'int' },
          { header: 'Errores (5xx)', format: 'int' },
          { header: 'Tiempo promedio (ms)', format: 'ms' },
        ],
        rows: report.hourly.map((h) => [dateTime(h.hour), h.requests, h.serverErrors, h.responseTime]),
      },
    ],
  };
}

function sheetFor(input: ReportForExport, scope: string): Sheet {
  if (input.kind === 'custody') return bookSheet('custody', input.report, scope, CUSTODY_REPORT_LABELS);
  if (input.kind === 'discounts') return bookSheet('discounts', input.report, scope, DISCOUNT_REPORT_LABELS);
  return performanceSheet(input.report, scope);
}

// --- CSV ---------------------------------------------------------------------------------------------------------

/** es-AR decimal: 1234.5 → '1234,50' (money) / '1234,5'; no thousands separator. */
function csvNumber(v: number, format: Format): string {
  if (format === 'int' || format === 'percent') return String(Math.round(v));
  if (format === 'money') return centsToDecimal(toCents(v)).replace('.', ',');
  if (format === 'ms') return v.toFixed(1).replace('.', ',');
  return String(v).replace('.', ',');
}

/**
 * Text a spreadsheet would run as a formula gets an apostrophe before it: at the start (=, +, -, @, tab, carriage
 * return) and after any comma, tab, semicolon or line break, where a spreadsheet that guessed another separator, or
 * read the quotes differently, would start a cell (`x,=1+1,y` is written `x,'=1+1,y`).
 */
function neutralised(v: string): string {
  const inner = v.replace(/([,;\t\r\n]\s*)(?=[=+\-@])/g, "$1'");
  return /^[=+\-@\t\r]/.test(inner) ? `'${inner}` : inner;
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
