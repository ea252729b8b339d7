import {
  auditEntryResponseSchema,
  auditFacetsResponseSchema,
  auditIdParamsSchema,
  auditPageResponseSchema,
  listAuditQuerySchema,
} from '@echeq/contract';
import { ctxOf } from '../../platform/auth/authenticate';
import type { Deps } from '../../platform/deps';
import type { App } from '../../platform/http/app-type';
import { listExportRoutes } from '../../platform/http/list-export';
import { AUTHED, responses } from '../../platform/http/responses';
import { exportAudit } from './audit.export';
import { getAuditEntry, getAuditFacets, listAuditPage } from './audit.list';

export function auditRoutes(app: App, deps: Deps) {
  app.get(
    '/audit',
    {
      config: { access: 'audit:read' },
      schema: {
        tags: ['audit'],
        querystring: listAuditQuerySchema,
        response: responses(auditPageResponseSchema, 400, ...AUTHED),
      },
    },
    async (req) => ({ success: true as const, data: await listAuditPage({ deps, ctx: ctxOf(req), query: req.query }) }),
  );

  app.get(
    '/audit/facets',
    {
      config: { access: 'audit:read' },
      schema: {
        tags: ['audit'],
        response: responses(auditFacetsResponseSchema, ...AUTHED),
      },
    },
    async (req) => ({ success: true as const, data: await getAuditFacets({ deps, ctx: ctxOf(req) }) }),
  );

  listExportRoutes(app, {
    path: '/audit/export',
    access: 'audit:read',
    tags: ['audit'],
    summary: 'El registro de auditoría con sus filtros',
    querystring: listAuditQuerySchema,
    exportOf: (ctx, query, format) => exportAudit(deps, ctx, query, format),
  });

  app.get(
    '/audit/:id',
    {
      config: { access: 'audit:read' },
      schema: {
        tags: ['audit'],
        params: auditIdParamsSchema,
        response: responses(auditEntryResponseSchema, 400, 404, ...AUTHED),
      },
    },
    async (req) => ({
      success: true as const,
      data: await getAuditEntry({ deps, ctx: ctxOf(req), id: req.params.id }),
    }),
  );
}
