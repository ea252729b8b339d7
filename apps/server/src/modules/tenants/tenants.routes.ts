import {
  adminDashboardResponseSchema,
  createTenantBodySchema,
  idParamsSchema,
  tenantListResponseSchema,
  tenantResponseSchema,
  updateTenantBodySchema,
} from '@echeq/contract';
import { ctxOf } from '../../platform/auth/authenticate';
import type { Deps } from '../../platform/deps';
import type { App } from '../../platform/http/app-type';
import { AUTHED, responses } from '../../platform/http/responses';
import { createTenant, getAdminDashboard, getTenant, listTenants, updateTenant } from './tenants.service';

/** /api/admin/*: bank (tenant) administration, SYSTEM_ADMIN only (the clearing configuration routes live in clearing). */
export function tenantsRoutes(app: App, deps: Deps) {
  app.get(
    '/admin/dashboard',
    {
      config: { access: 'tenants:manage' },
      schema: {
        tags: ['admin'],
        response: responses(adminDashboardResponseSchema, ...AUTHED),
      },
    },
    async () => ({ success: true as const, data: await getAdminDashboard({ deps }) }),
  );

  app.get(
    '/admin/tenants',
    {
      config: { access: 'tenants:manage' },
      schema: {
        tags: ['admin'],
        response: responses(tenantListResponseSchema, ...AUTHED),
      },
    },
    async () => ({ success: true as const, data: await listTenants({ deps }) }),
  );

  app.post(
    '/admin/tenants',
    {
      config: { access: 'tenants:manage' },
      schema: {
        tags: ['admin'],
        body: createTenantBodySchema,
        response: responses(tenantResponseSchema, 400, ...AUTHED, 409),
      },
    },
    async (req) => ({
      success: true as const,
      message: 'Entidad creada',
      data: await createTenant({ deps, ctx: ctxOf(req), body: req.body }),
    }),
  );

  app.get(
    '/admin/tenants/:id',
    {
      config: { access: 'tenants:manage' },
      schema: {
        tags: ['admin'],
        params: idParamsSchema,
        response: responses(tenantResponseSchema, 400, ...AUTHED, 404),
      },
    },
    async (req) => ({ success: true as const, data: await getTenant({ deps, id: req.params.id }) }),
  );

  app.put(
    '/admin/tenants/:id',
    {
      config: { access: 'tenants:manage' },
      schema: {
        tags: ['admin'],
        params: idParamsSchema,
        body: updateTenantBodySchema,
        response: responses(tenantResponseSchema, 400, ...AUTHED, 404),
      },
    },
    async (req) => ({
      success: true as const,
      message: 'Entidad actualizada',
      data: await updateTenant({ deps, ctx: ctxOf(req), id: req.params.id, body: req.body }),
    }),
  );
}
