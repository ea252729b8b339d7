import {
  bulkReleaseCustodyBodySchema,
  bulkResponseSchema,
  createCustodyBodySchema,
  createCustodyResponseSchema,
  custodyPageResponseSchema,
  custodyResponseSchema,
  idParamsSchema,
  listCustodyQuerySchema,
  releaseCustodyBodySchema,
} from '@echeq/contract';
import { ctxOf } from '../../platform/auth/authenticate';
import type { Deps } from '../../platform/deps';
import type { App } from '../../platform/http/app-type';
import { runBulk } from '../../platform/http/bulk';
import { listExportRoutes } from '../../platform/http/list-export';
import { AUTHED, responses, sendPage } from '../../platform/http/responses';
import { pdfResponses, sendPdf } from '../../platform/pdf/send';
import { exportCustody } from './custody.export';
import { custodyReceipt } from './custody.receipt';
import { type CustodyHolds, createCustody, getCustody, listCustody, releaseCustody } from './custody.service';

const tags = ['custody'];

/**
 * Custody of cheques under /echeqs/custody (static segments: they win over /echeqs/:id). `holds` is what a release
 * asks of discounts (app.ts passes it).
 */
export function custodyRoutes(app: App, deps: Deps, holds: CustodyHolds) {
  app.get(
    '/echeqs/custody',
    {
      config: { access: 'custody:read' },
      schema: {
        tags,
        querystring: listCustodyQuerySchema,
        response: responses(custodyPageResponseSchema, 400, ...AUTHED),
      },
    },
    async (req, reply) =>
      sendPage(
        reply,
        await listCustody({ deps, ctx: ctxOf(req), query: req.query }),
        custodyPageResponseSchema,
        deps.config,
      ),
  );

  // The list as a file: the same query (filters, search, sort) and scope, every row, streamed.
  listExportRoutes(app, {
    path: '/echeqs/custody/export',
    access: 'custody:read',
    tags,
    summary: 'La lista de custodias con sus filtros',
    querystring: listCustodyQuerySchema,
    exportOf: (ctx, query, format) => exportCustody(deps, ctx, query, format),
  });

  app.get(
    '/echeqs/custody/:id',
    {
      config: { access: 'custody:read' },
      schema: { tags, params: idParamsSchema, response: responses(custodyResponseSchema, 400, 404, ...AUTHED) },
    },
    async (req) => ({ success: true as const, data: await getCustody({ deps, ctx: ctxOf(req), id: req.params.id }) }),
  );

  app.get(
    '/echeqs/custody/:id/receipt.pdf',
    {
      config: { access: 'custody:read' },
      schema: {
        tags,
        summary: 'Comprobante (PDF) del depósito en custodia',
        params: idParamsSchema,
        response: pdfResponses(),
      },
    },
    async (req, reply) => sendPdf(reply, await custodyReceipt({ deps, ctx: ctxOf(req), id: req.params.id })),
  );

  app.post(
    '/echeqs/custody',
    {
      config: { access: 'custody:create' },
      schema: {
        tags,
        body: createCustodyBodySchema,
        response: responses(createCustodyResponseSchema, 400, 409, 503, ...AUTHED),
      },
    },
    async (req) => ({
      success: true as const,
      message: 'ECHEQ depositado en custodia',
      data: await createCustody({ deps, ctx: ctxOf(req), body: req.body }),
    }),
  );

  app.put(
    '/echeqs/custody/:id/release',
    {
      config: { access: 'custody:release' },
      schema: {
        tags,
        params: idParamsSchema,
        body: releaseCustodyBodySchema,
        response: responses(custodyResponseSchema, 400, 404, 409, ...AUTHED),
      },
    },
    async (req) => ({
      success: true as const,
      message: 'Custodia liberada',
      data: await releaseCustody({ deps, holds, ctx: ctxOf(req), id: req.params.id, body: req.body }),
    }),
  );

  app.post(
    '/echeqs/custody/bulk/release',
    {
      config: { access: 'custody:release' },
      schema: {
        tags,
        summary: 'Liberar varias custodias con un mismo motivo: cada una por separado, con su resultado',
        body: bulkReleaseCustodyBodySchema,
        response: responses(bulkResponseSchema, 400, ...AUTHED),
      },
    },
    async (req) => {
      const ctx = ctxOf(req);
      const { ids, reason } = req.body;
      const data = await runBulk(ids, (id) => releaseCustody({ deps, holds, ctx, id, body: { reason } }), {
        done: 'Custodia liberada',
        log: req.log,
      });
      return { success: true as const, message: `${data.succeeded} de ${ids.length} liberadas`, data };
    },
  );
}
