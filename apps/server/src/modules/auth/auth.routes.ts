import {
  changePasswordBodySchema,
  envelope,
  loginBodySchema,
  loginResponseSchema,
  messageOnlySchema,
  profileResponseSchema,
  registerBodySchema,
  registerResponseSchema,
  updateProfileBodySchema,
} from '@echeq/contract';
import { z } from 'zod';
import { ctxOf } from '../../platform/auth/authenticate';
import { preparePasswordPolicy } from '../../platform/auth/password-policy';
import type { Deps } from '../../platform/deps';
import type { App } from '../../platform/http/app-type';
import { responses } from '../../platform/http/responses';
import { register } from './auth.register';
import { changePassword, getProfile, login, logout, updateProfile } from './auth.service';

export function authRoutes(app: App, deps: Deps) {
  preparePasswordPolicy();
  const client = (req: { ip: string; id: unknown; headers: Record<string, unknown> }) => ({
    ip: req.ip,
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
    requestId: String(req.id),
  });

  app.post(
    '/auth/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        body: loginBodySchema,
        response: responses(loginResponseSchema, 400, 401, 429),
      },
    },
    async (req) => login(deps, req.body, client(req)),
  );

  app.post(
    '/auth/register',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        body: registerBodySchema,
        response: responses(registerResponseSchema, 400, 409, 429),
      },
    },
    async (req) => ({
      success: true as const,
      message: 'Registro exitoso. Su alta está pendiente de aprobación por el banco.',
      data: await register({ ...deps, registrationTenant: deps.config.registrationTenant }, req.body, client(req)),
    }),
  );

  app.get(
    '/auth/profile',
    {
      config: { access: 'signed-in', restricted: 'session' },
      schema: { tags: ['auth'], response: responses(profileResponseSchema, 401) },
    },
    async (req) => ({ success: true as const, data: await getProfile(deps, ctxOf(req)) }),
  );

  app.put(
    '/auth/profile',
    {
      config: { access: 'signed-in', restricted: 'account' },
      schema: {
        tags: ['auth'],
        body: updateProfileBodySchema,
        response: responses(profileResponseSchema, 400, 401, 403, 409, 429),
      },
    },
    async (req) => ({
      success: true as const,
      message: 'Perfil actualizado',
      data: await updateProfile(deps, ctxOf(req), req.body),
    }),
  );

  app.put(
    '/auth/change-password',
    {
      config: { access: 'signed-in', restricted: 'session' },
      schema: {
        tags: ['auth'],
        body: changePasswordBodySchema,
        response: responses(envelope(z.object({ token: z.string() })), 400, 401, 429),
      },
    },
    async (req) => ({
      success: true as const,
      message: 'Contraseña actualizada. Las demás sesiones fueron cerradas.',
      data: await changePassword(deps, ctxOf(req), req.body, client(req)),
    }),
  );

  app.post(
    '/auth/logout',
    {
      config: { access: 'signed-in', restricted: 'session' },
      schema: { tags: ['auth'], response: responses(messageOnlySchema, 401) },
    },
    async (req) => {
      await logout(deps, ctxOf(req));
      return { success: true as const, message: 'Sesión cerrada' };
    },
  );
}
