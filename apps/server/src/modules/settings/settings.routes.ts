import { settingsResponseSchema, updateSettingsBodySchema } from '@echeq/contract';
import { ctxOf } from '../../platform/auth/authenticate';
import type { Deps } from '../../platform/deps';
import type { App } from '../../platform/http/app-type';
import { AUTHED, responses } from '../../platform/http/responses';
import { readSettings, updateSettings } from './settings.update';

export function settingsRoutes(app: App, deps: Deps) {
  app.get(
    '/settings',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags: ['settings'],
        response: responses(settingsResponseSchema, ...AUTHED),
      },
    },
    async () => ({ success: true as const, data: await readSettings({ deps }) }),
  );

  app.put(
    '/settings',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags: ['settings'],
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
