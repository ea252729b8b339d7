/** The three reports as sheets of titled tables (what the CSV and XLSX renderings write), in Spanish. */
import {
  apiAreaLabel,
  CUSTODY_REPORT_LABELS,
  type CustodyReport,
  centsToNumber,
  DISCOUNT_REPORT_LABELS,
  type DiscountReport,
  type PerformanceDetail,
  percentOf,
  type ReportKind,
  sumCents,
  toCents,
} from '@echeq/contract';

export type ReportForExport =
  | { kind: 'custody'; report: CustodyReport }
  | { kind: 'discounts'; report: DiscountReport }
  | { kind: 'performance'; report: PerformanceDetail };

/** A cell; a number may carry its own format (summary tables mix counts and amounts). */
export type Value = string | number | null | { value: number; format: Format };
export type Format = 'int' | 'money' | 'percent' | 'ms' | 'decimal' | 'text';
type Table = { title: string; columns: { header: string; format: Format; width?: number }[]; rows: Value[][] };
export type Sheet = { name: string; title: string; meta: [string, string][]; tables: Table[] };

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
        rows: report.routes.map((r) => [apiAreaLabel(r.group), r.requests, r.serverErrors, r.responseTime]),
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

export function sheetFor(input: ReportForExport, scope: string): Sheet {
  if (input.kind === 'custody') return bookSheet('custody', input.report, scope, CUSTODY_REPORT_LABELS);
  if (input.kind === 'discounts') return bookSheet('discounts', input.report, scope, DISCOUNT_REPORT_LABELS);
  return performanceSheet(input.report, scope);
}
