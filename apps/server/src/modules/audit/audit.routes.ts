import { auditFacetsResponseSchema, auditPageResponseSchema, listAuditQuerySchema } from '@echeq/contract';
import { ctxOf } from '../../platform/auth/authenticate';
import type { Deps } from '../../platform/deps';
import type { App } from '../../platform/http/app-type';
import { AUTHED, responses } from '../../platform/http/responses';
import { getAuditFacets, listAuditPage } from './audit.list';

/** The permission a route requires, in the OpenAPI document (read by the access-matrix test). */
const requiresAuditRead = [{ bearer: ['audit:read'] }];

export function auditRoutes(app: App, deps: Deps) {
  app.get(
    '/audit',
    {
      onRequest: deps.guard('audit:read'),
      schema: {
        tags: ['audit'],
        security: requiresAuditRead,
        querystring: listAuditQuerySchema,
        response: responses(auditPageResponseSchema, 400, ...AUTHED),
      },
    },
    async (req) => ({ success: true as const, data: await listAuditPage({ deps, ctx: ctxOf(req), query: req.query }) }),
  );

  app.get(
    '/audit/facets',
    {
      onRequest: deps.guard('audit:read'),
      schema: {
        tags: ['audit'],
        security: requiresAuditRead,
        response: responses(auditFacetsResponseSchema, ...AUTHED),
      },
    },
    async (req) => ({ success: true as const, data: await getAuditFacets({ deps, ctx: ctxOf(req) }) }),
  );
}
