import {
  approvalBodySchema,
  createUserBodySchema,
  idParamsSchema,
  listUsersQuerySchema,
  type User,
  updateUserBodySchema,
  userPageResponseSchema,
  userResponseSchema,
} from '@echeq/contract';
import type { FastifyBaseLogger } from 'fastify';
import { ctxOf } from '../../platform/auth/authenticate';
import type { Deps } from '../../platform/deps';
import type { App } from '../../platform/http/app-type';
import { listExportRoutes } from '../../platform/http/list-export';
import { AUTHED, responses } from '../../platform/http/responses';
import { confirmUser, decideApproval } from './users.approval';
import { exportUsers } from './users.export';
import { createUser, getUser, listUsersPage } from './users.service';
import { updateUser } from './users.update';

/**
 * What the users module tells the modules after it (app.ts wires it): `clientsJoined(tenantId)` after a company user
 * was created or moved, once committed, so that the bank tells its registry of a new client company at once (the
 * bank's inbox catches up with any it missed). Its failure is logged, never the request's.
 */
type UsersHooks = { clientsJoined?: (tenantId: string) => Promise<unknown> };

export function usersRoutes(app: App, deps: Deps, hooks: UsersHooks = {}) {
  const joined = async (user: User, log: FastifyBaseLogger) => {
    if (!hooks.clientsJoined || !user.tenant_id || !user.cuit) return user;
    await hooks.clientsJoined(user.tenant_id).catch((err) => {
      log.warn({ err, tenantId: user.tenant_id }, 'Adhesión al registro: no se pudo informar la empresa');
    });
    return user;
  };
  listExportRoutes(app, {
    path: '/users/export',
    access: 'users:read',
    tags: ['users'],
    summary: 'La lista de usuarios con sus filtros',
    querystring: listUsersQuerySchema,
    exportOf: (ctx, query, format) => exportUsers(deps, ctx, query, format),
  });

  app.get(
    '/users',
    {
      config: { access: 'users:read' },
      schema: {
        tags: ['users'],
        querystring: listUsersQuerySchema,
        response: responses(userPageResponseSchema, 400, ...AUTHED),
      },
    },
    async (req) => ({
      success: true as const,
      data: await listUsersPage({ deps, ctx: ctxOf(req), query: req.query }),
    }),
  );

  app.post(
    '/users',
    {
      config: { access: 'users:manage' },
      schema: {
        tags: ['users'],
        body: createUserBodySchema,
        response: responses(userResponseSchema, 400, ...AUTHED, 409),
      },
    },
    async (req) => ({
      success: true as const,
      message: 'Usuario creado',
      data: await joined(await createUser({ deps, ctx: ctxOf(req), body: req.body }), req.log),
    }),
  );

  app.get(
    '/users/:id',
    {
      config: { access: 'users:read' },
      schema: {
        tags: ['users'],
        params: idParamsSchema,
        response: responses(userResponseSchema, 400, ...AUTHED, 404),
      },
    },
    async (req) => ({ success: true as const, data: await getUser({ deps, ctx: ctxOf(req), id: req.params.id }) }),
  );

  app.put(
    '/users/:id',
    {
      config: { access: 'users:manage' },
      schema: {
        tags: ['users'],
        params: idParamsSchema,
        body: updateUserBodySchema,
        response: responses(userResponseSchema, 400, ...AUTHED, 404, 409),
      },
    },
    async (req) => ({
      success: true as const,
      message: 'Usuario actualizado',
      data: await joined(await updateUser({ deps, ctx: ctxOf(req), id: req.params.id, body: req.body }), req.log),
    }),
  );

  app.put(
    '/users/:id/approval',
    {
      config: { access: 'users:approve' },
      schema: {
        tags: ['users'],
        params: idParamsSchema,
        body: approvalBodySchema,
        response: responses(userResponseSchema, 400, ...AUTHED, 404, 409),
      },
    },
    async (req) => ({
      success: true as const,
      message: req.body.decision === 'APPROVE' ? 'Alta de la empresa aprobada' : 'Alta de la empresa rechazada',
      data: await decideApproval({ deps, ctx: ctxOf(req), id: req.params.id, body: req.body }),
    }),
  );

  app.put(
    '/users/:id/confirm',
    {
      config: { access: 'users:approve' },
      schema: {
        tags: ['users'],
        params: idParamsSchema,
        response: responses(userResponseSchema, 400, ...AUTHED, 404, 409),
      },
    },
    async (req) => ({
      success: true as const,
      message: 'Usuario confirmado: ya puede operar',
      data: await confirmUser({ deps, ctx: ctxOf(req), id: req.params.id }),
    }),
  );
}
