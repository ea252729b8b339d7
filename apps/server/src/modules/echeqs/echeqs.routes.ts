import {
  createEcheqBodySchema,
  echeqDeleteResponseSchema,
  echeqPageResponseSchema,
  echeqResponseSchema,
  echeqValidationResponseSchema,
  idParamsSchema,
  listEcheqsQuerySchema,
  updateEcheqBodySchema,
} from '@echeq/contract';
import { ctxOf } from '../../platform/auth/authenticate';
import type { Deps } from '../../platform/deps';
import type { App } from '../../platform/http/app-type';
import { listExportRoutes } from '../../platform/http/list-export';
import { AUTHED, responses, sendPage } from '../../platform/http/responses';
import { exportEcheqs } from './echeqs.export';
import { createEcheq, deleteEcheq, type EcheqHolds, getEcheq, listEcheqs, updateEcheq } from './echeqs.service';
import { validateEcheq } from './echeqs.validate';

const tags = ['echeqs'];

/**
 * The cheque book. /echeqs/custody/* belongs to the custody module: those static paths win over /echeqs/:id in the
 * router whatever the registration order, and a non-uuid id is a 400. `holds` is what an edit or deletion asks of
 * custody and discounts (app.ts passes it).
 */
export function echeqRoutes(app: App, deps: Deps, holds: EcheqHolds) {
  app.get(
    '/echeqs',
    {
      config: { access: 'echeqs:read' },
      schema: {
        tags,
        querystring: listEcheqsQuerySchema,
        response: responses(echeqPageResponseSchema, 400, ...AUTHED),
      },
    },
    async (req, reply) =>
      sendPage(
        reply,
        await listEcheqs({ deps, ctx: ctxOf(req), query: req.query }),
        echeqPageResponseSchema,
        deps.config,
      ),
  );

  // The list as a file: the same query (filters, search, sort) and scope, every row, streamed.
  listExportRoutes(app, {
    path: '/echeqs/export',
    access: 'echeqs:read',
    tags,
    summary: 'La lista de ECHEQs con sus filtros',
    querystring: listEcheqsQuerySchema,
    exportOf: (ctx, query, format) => exportEcheqs(deps, ctx, query, format),
  });

  app.get(
    '/echeqs/validate/:id',
    {
      config: { access: 'echeqs:update' },
      schema: {
        tags,
        params: idParamsSchema,
        response: responses(echeqValidationResponseSchema, 400, 404, 503, ...AUTHED),
      },
    },
    async (req) => {
      const data = await validateEcheq({ deps, ctx: ctxOf(req), id: req.params.id });
      return {
        success: true as const,
        message: data.validation_status === 'VALIDATED' ? 'ECHEQ validado' : 'ECHEQ rechazado por COELSA',
        data,
      };
    },
  );

  app.get(
    '/echeqs/:id',
    {
      config: { access: 'echeqs:read' },
      schema: { tags, params: idParamsSchema, response: responses(echeqResponseSchema, 400, 404, ...AUTHED) },
    },
    async (req) => ({ success: true as const, data: await getEcheq({ deps, ctx: ctxOf(req), id: req.params.id }) }),
  );

  app.post(
    '/echeqs',
    {
      config: { access: 'echeqs:create' },
      schema: { tags, body: createEcheqBodySchema, response: responses(echeqResponseSchema, 400, 409, 503, ...AUTHED) },
    },
    async (req) => ({
      success: true as const,
      message: 'ECHEQ creado exitosamente',
      data: await createEcheq({ deps, ctx: ctxOf(req), body: req.body }),
    }),
  );

  app.put(
    '/echeqs/:id',
    {
      config: { access: 'echeqs:update' },
      schema: {
        tags,
        params: idParamsSchema,
        body: updateEcheqBodySchema,
        response: responses(echeqResponseSchema, 400, 404, 409, 503, ...AUTHED),
      },
    },
    async (req) => ({
      success: true as const,
      message: 'ECHEQ actualizado exitosamente',
      data: await updateEcheq({ deps, holds, ctx: ctxOf(req), id: req.params.id, body: req.body }),
    }),
  );

  app.delete(
    '/echeqs/:id',
    {
      config: { access: 'echeqs:update' },
      schema: {
        tags,
        params: idParamsSchema,
        response: responses(echeqDeleteResponseSchema, 400, 404, 409, ...AUTHED),
      },
    },
    async (req) => ({
      success: true as const,
      message: 'ECHEQ eliminado',
      data: await deleteEcheq({ deps, holds, ctx: ctxOf(req), id: req.params.id }),
    }),
  );
}
