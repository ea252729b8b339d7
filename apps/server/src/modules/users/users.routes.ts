import {
  approvalBodySchema,
  createUserBodySchema,
  idParamsSchema,
  listUsersQuerySchema,
  type Permission,
  updateUserBodySchema,
  userPageResponseSchema,
  userResponseSchema,
} from '@echeq/contract';
import { ctxOf } from '../../platform/auth/authenticate';
import type { Deps } from '../../platform/deps';
import type { App } from '../../platform/http/app-type';
import { AUTHED, responses } from '../../platform/http/responses';
import { confirmUser, decideApproval } from './users.approval';
import { createUser, getUser, listUsersPage } from './users.service';
import { updateUser } from './users.update';

/** The permission a route requires, in the OpenAPI document (read by the access-matrix test). */
const requires = (permission: Permission) => [{ bearer: [permission] }];

export function usersRoutes(app: App, deps: Deps) {
  app.get(
    '/users',
    {
      onRequest: deps.guard('users:read'),
      schema: {
        tags: ['users'],
        security: requires('users:read'),
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
      onRequest: deps.guard('users:manage'),
      schema: {
        tags: ['users'],
        security: requires('users:manage'),
        body: createUserBodySchema,
        response: responses(userResponseSchema, 400, ...AUTHED, 409),
      },
    },
    async (req) => ({
      success: true as const,
      message: 'Usuario creado',
      data: await createUser({ deps, ctx: ctxOf(req), body: req.body }),
    }),
  );

  app.get(
    '/users/:id',
    {
      onRequest: deps.guard('users:read'),
      schema: {
        tags: ['users'],
        security: requires('users:read'),
        params: idParamsSchema,
        response: responses(userResponseSchema, 400, ...AUTHED, 404),
      },
    },
    async (req) => ({ success: true as const, data: await getUser({ deps, ctx: ctxOf(req), id: req.params.id }) }),
  );

  app.put(
    '/users/:id',
    {
      onRequest: deps.guard('users:manage'),
      schema: {
        tags: ['users'],
        security: requires('users:manage'),
        params: idParamsSchema,
        body: updateUserBodySchema,
        response: responses(userResponseSchema, 400, ...AUTHED, 404, 409),
      },
    },
    async (req) => ({
      success: true as const,
      message: 'Usuario actualizado',
      data: await updateUser({ deps, ctx: ctxOf(req), id: req.params.id, body: req.body }),
    }),
  );

  app.put(
    '/users/:id/approval',
    {
      onRequest: deps.guard('users:approve'),
      schema: {
        tags: ['users'],
        security: requires('users:approve'),
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
      onRequest: deps.guard('users:approve'),
      schema: {
        tags: ['users'],
        security: requires('users:approve'),
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
