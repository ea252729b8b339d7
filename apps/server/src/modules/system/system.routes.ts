import { coelsaConfigCheckResponseSchema, coelsaTenantQuerySchema, systemStatusResponseSchema } from '@echeq/contract';
import { ctxOf } from '../../platform/auth/authenticate';
import type { Deps } from '../../platform/deps';
import type { App } from '../../platform/http/app-type';
import { AUTHED, responses } from '../../platform/http/responses';
import { coelsaConfigCheckFor } from '../clearing';
import { systemStatus } from './system.service';

/** System status and the clearing-house configuration check (the alert of the dashboard and the ECHEQs screen). */
export function systemRoutes(app: App, deps: Deps) {
  app.get(
    '/system/status',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['system'], response: responses(systemStatusResponseSchema, ...AUTHED) },
    },
    async (req) => ({ success: true as const, data: await systemStatus({ deps, ctx: ctxOf(req) }) }),
  );

  app.get(
    '/system/coelsa-config',
    {
      config: { access: 'clearing:status' },
      schema: {
        tags: ['system'],
        querystring: coelsaTenantQuerySchema,
        response: responses(coelsaConfigCheckResponseSchema, 400, 404, ...AUTHED),
      },
    },
    async (req) => ({
      success: true as const,
      data: await coelsaConfigCheckFor({ deps, ctx: ctxOf(req), tenantId: req.query.tenant_id }),
    }),
  );
}
