import {
  presentedQuerySchema,
  presentedResponseSchema,
  trayParamsSchema,
  trayQuerySchema,
  trayResponseSchema,
} from '@echeq/contract';
import { ctxOf } from '../../platform/auth/authenticate';
import type { Deps } from '../../platform/deps';
import type { App } from '../../platform/http/app-type';
import { AUTHED, responses, sendPage } from '../../platform/http/responses';
import { presentedPage } from './lifecycle.presented';
import { trayPage } from './lifecycle.trays';

const tags = ['echeqs'];

/**
 * The lifecycle's lists (LIFECYCLE §8): a company's trays and the paying bank's queue. Static paths: they win over
 * /echeqs/:id in the router whatever the registration order.
 */
export function queueRoutes(app: App, deps: Deps) {
  app.get(
    '/echeqs/trays/:tray',
    {
      config: { access: 'echeqs:read' },
      schema: {
        tags,
        summary: 'Una bandeja de ECHEQs de la empresa, con los totales y pendientes de cada bandeja',
        params: trayParamsSchema,
        querystring: trayQuerySchema,
        response: responses(trayResponseSchema, 400, ...AUTHED),
      },
    },
    async (req, reply) =>
      sendPage(
        reply,
        await trayPage(deps.db, ctxOf(req), req.params.tray, req.query, deps.clock.now()),
        trayResponseSchema,
        deps.config,
      ),
  );
  app.get(
    '/echeqs/presented',
    {
      config: { access: 'echeqs:presented' },
      schema: {
        tags,
        summary: 'ECHEQs presentados al cobro librados contra cuentas del banco, por fecha de compensación',
        querystring: presentedQuerySchema,
        response: responses(presentedResponseSchema, 400, ...AUTHED),
      },
    },
    async (req, reply) =>
      sendPage(
        reply,
        await presentedPage(deps.db, ctxOf(req), req.query, deps.clock.now()),
        presentedResponseSchema,
        deps.config,
      ),
  );
}
