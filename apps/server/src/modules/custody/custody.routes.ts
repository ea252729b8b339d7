import {
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
import { AUTHED, responses, sendPage } from '../../platform/http/responses';
import { pdfResponses, sendPdf } from '../../platform/pdf/send';
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
}
