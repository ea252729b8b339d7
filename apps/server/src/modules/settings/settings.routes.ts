import { settingsResponseSchema, updateSettingsBodySchema } from '@echeq/contract';
import { ctxOf } from '../../platform/auth/authenticate';
import type { Deps } from '../../platform/deps';
import type { App } from '../../platform/http/app-type';
import { AUTHED, responses } from '../../platform/http/responses';
import { readSettings, updateSettings } from './settings.update';

/** The permission a route requires, in the OpenAPI document (read by the access-matrix test). */
const requiresSettingsManage = [{ bearer: ['settings:manage'] }];

export function settingsRoutes(app: App, deps: Deps) {
  app.get(
    '/settings',
    {
      onRequest: deps.guard('settings:manage'),
      schema: {
        tags: ['settings'],
        security: requiresSettingsManage,
        response: responses(settingsResponseSchema, ...AUTHED),
      },
    },
    async () => ({ success: true as const, data: await readSettings({ deps }) }),
  );

  app.put(
    '/settings',
    {
      onRequest: deps.guard('settings:manage'),
      schema: {
        tags: ['settings'],
        security: requiresSettingsManage,
        body: updateSettingsBodySchema,
        response: responses(settingsResponseSchema, 400, ...AUTHED),
      },
    },
    async (req) => ({
      success: true as const,
      message: 'Configuración guardada',
      data: await updateSettings({ deps, ctx: ctxOf(req), body: req.body }),
    }),
  );
}
