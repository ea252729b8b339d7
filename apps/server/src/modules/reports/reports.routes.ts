import {
  custodyReportResponseSchema,
  dashboardPendingResponseSchema,
  discountReportResponseSchema,
  performanceReportResponseSchema,
  type ReportKind,
  type ReportRange,
  reportRangeQuerySchema,
} from '@echeq/contract';
import { z } from 'zod';
import type { Ctx } from '../../platform/auth/actor';
import { scopeOf } from '../../platform/auth/actor';
import { ctxOf } from '../../platform/auth/authenticate';
import { buenosAiresDate } from '../../platform/clock';
import type { Deps } from '../../platform/deps';
import type { App } from '../../platform/http/app-type';
import { AUTHED, responses } from '../../platform/http/responses';
import { exportFilename, toCsv, toXlsx } from './reports.export';
import { dashboardPending } from './reports.pending';
import { getPerformanceReport, performanceAudienceOf, performanceDetail } from './reports.performance';
import { scopeName } from './reports.queries';
import { custodyReportFor, discountReportFor, getCustodyReport, getDiscountReport } from './reports.service';
import type { ReportForExport } from './reports.sheets';

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

const fileResponse = (format: 'csv' | 'xlsx') =>
  responses(z.string().describe(format === 'csv' ? 'CSV (UTF-8 con BOM, separador ;)' : 'Libro XLSX'), 400, ...AUTHED);

async function buildExport(deps: Deps, ctx: Ctx, kind: ReportKind, range: ReportRange): Promise<ReportForExport> {
  const scope = scopeOf(ctx.actor);
  if (kind === 'custody') return { kind, report: await custodyReportFor(deps, scope, range) };
  if (kind === 'discounts') return { kind, report: await discountReportFor(deps, scope, range) };
  // The exports need `reports:read`: the platform's administrator or a bank's roles, each with the breakdown.
  return { kind, report: await performanceDetail(deps, performanceAudienceOf(ctx.actor)) };
}

export function reportsRoutes(app: App, deps: Deps) {
  app.get(
    '/reports/custody',
    {
      // Every role that reads reports reads custody: the dashboard's figures for all (decision 007).
      config: { access: 'custody:read' },
      schema: {
        tags: ['reports'],
        summary: 'Reporte de custodia (alcance del usuario)',
        querystring: reportRangeQuerySchema,
        response: responses(custodyReportResponseSchema, 400, ...AUTHED),
      },
    },
    async (req) => ({
      success: true as const,
      data: await getCustodyReport({ deps, ctx: ctxOf(req), range: req.query }),
    }),
  );

  app.get(
    '/reports/discounts',
    {
      // Every role that reads reports reads discounts: the dashboard's figures for all (decision 007).
      config: { access: 'discounts:read' },
      schema: {
        tags: ['reports'],
        summary: 'Reporte de descuentos (alcance del usuario)',
        querystring: reportRangeQuerySchema,
        response: responses(discountReportResponseSchema, 400, ...AUTHED),
      },
    },
    async (req) => ({
      success: true as const,
      data: await getDiscountReport({ deps, ctx: ctxOf(req), range: req.query }),
    }),
  );

  app.get(
    '/dashboard/pending',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['reports'],
        summary:
          'Lo que espera al usuario en el dashboard: descuentos por aprobar, ECHEQs en custodia que vencen y plazos de ' +
          'presentación que cierran (conteos acotados, en su alcance)',
        querystring: z.strictObject({}),
        response: responses(dashboardPendingResponseSchema, ...AUTHED),
      },
    },
    async (req) => ({ success: true as const, data: await dashboardPending({ deps, ctx: ctxOf(req) }) }),
  );

  app.get(
    '/reports/performance',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['reports'],
        summary:
          'Rendimiento medido en las últimas 24 horas: de toda la plataforma (Admin Sistema), de las solicitudes de ' +
          'la entidad (roles del banco) o solo las cifras del dashboard (empresas)',
        querystring: z.strictObject({}),
        response: responses(performanceReportResponseSchema, ...AUTHED),
      },
    },
    async (req) => ({
      success: true as const,
      data: await getPerformanceReport({ deps, audience: performanceAudienceOf(ctxOf(req).actor) }),
    }),
  );

  for (const kind of ['custody', 'discounts', 'performance'] as const) {
    for (const format of ['csv', 'xlsx'] as const) {
      app.get(
        `/reports/${kind}.${format}`,
        {
          config: { access: 'reports:read' },
          schema: {
            tags: ['reports'],
            summary: `Exportación ${format.toUpperCase()} del reporte`,
            querystring: kind === 'performance' ? z.strictObject({}) : reportRangeQuerySchema,
            response: fileResponse(format),
          },
        },
        async (req, reply) => {
          const ctx = ctxOf(req);
          const range = (req.query ?? {}) as ReportRange;
          const data = await buildExport(deps, ctx, kind, range);
          const scope = await scopeName(deps.db, scopeOf(ctx.actor));
          const body = format === 'csv' ? toCsv(data, scope) : await toXlsx(data, scope);
          const filename = exportFilename(kind, format, range, buenosAiresDate(deps.clock.now()));
          return reply
            .header('content-type', CONTENT_TYPES[format])
            .header('content-disposition', `attachment; filename="${filename}"`)
            .send(body);
        },
      );
    }
  }
}
