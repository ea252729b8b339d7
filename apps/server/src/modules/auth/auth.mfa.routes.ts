import {
  mfaCodeBodySchema,
  mfaDisableBodySchema,
  mfaSetupBodySchema,
  mfaSetupResponseSchema,
  profileResponseSchema,
} from '@echeq/contract';
import { ctxOf } from '../../platform/auth/authenticate';
import type { Deps } from '../../platform/deps';
import type { App } from '../../platform/http/app-type';
import { responses } from '../../platform/http/responses';
import { disableMfa, enableMfa, startMfaSetup } from './auth.mfa.service';

/** Two-factor sign-in enrolment from 'Perfil': propose a secret, confirm it with a first code, turn it off. */
export function mfaRoutes(app: App, deps: Deps) {
  app.post(
    '/auth/mfa/setup',
    {
      config: { access: 'signed-in', restricted: 'account' },
      schema: {
        tags: ['auth'],
        body: mfaSetupBodySchema,
        response: responses(mfaSetupResponseSchema, 400, 401, 403, 409, 429),
      },
    },
    async (req) => ({
      success: true as const,
      message: 'Escanee el código QR con su aplicación de autenticación',
      data: await startMfaSetup({ deps, ctx: ctxOf(req), body: req.body }),
    }),
  );

  app.post(
    '/auth/mfa/enable',
    {
      config: { access: 'signed-in', restricted: 'account' },
      schema: {
        tags: ['auth'],
        body: mfaCodeBodySchema,
        response: responses(profileResponseSchema, 400, 401, 403, 409, 429),
      },
    },
    async (req) => ({
      success: true as const,
      message: 'Verificación en dos pasos activada. Sus demás sesiones fueron cerradas.',
      data: await enableMfa({ deps, ctx: ctxOf(req), code: req.body.code }),
    }),
  );

  app.post(
    '/auth/mfa/disable',
    {
      config: { access: 'signed-in', restricted: 'account' },
      schema: {
        tags: ['auth'],
        body: mfaDisableBodySchema,
        response: responses(profileResponseSchema, 400, 401, 403, 409, 429),
      },
    },
    async (req) => ({
      success: true as const,
      message: 'Verificación en dos pasos desactivada',
      data: await disableMfa({ deps, ctx: ctxOf(req), body: req.body }),
    }),
  );
}
