import {
  bulkApproveDiscountsBodySchema,
  bulkRejectDiscountsBodySchema,
  bulkResponseSchema,
  createDiscountBodySchema,
  discountPageResponseSchema,
  discountQuoteResponseSchema,
  discountResponseSchema,
  idParamsSchema,
  listDiscountsQuerySchema,
  rejectDiscountBodySchema,
  transitionDiscountBodySchema,
  updateDiscountBodySchema,
} from '@echeq/contract';
import { ctxOf } from '../../platform/auth/authenticate';
import type { Deps } from '../../platform/deps';
import type { App } from '../../platform/http/app-type';
import { runBulk } from '../../platform/http/bulk';
import { listExportRoutes } from '../../platform/http/list-export';
import { AUTHED, responses, sendPage } from '../../platform/http/responses';
import { pdfResponses, sendPdf } from '../../platform/pdf/send';
import { approveDiscount, cancelDiscount, completeDiscount, rejectDiscount, updateDiscount } from './discounts.changes';
import { exportDiscounts } from './discounts.export';
import { quoteDiscount } from './discounts.quote';
import { discountReceipt } from './discounts.receipt';
import { getDiscount, listDiscounts, requestDiscount } from './discounts.service';

const tags = ['discounts'];

/** Discount requests against cheques in custody and their lifecycle (specification §4, CONTRACT §5). */
export function discountRoutes(app: App, deps: Deps) {
  app.get(
    '/discounts',
    {
      config: { access: 'discounts:read' },
      schema: {
        tags,
        summary: 'Descuentos visibles para el usuario (paginado; filtros status y search)',
        querystring: listDiscountsQuerySchema,
        response: responses(discountPageResponseSchema, 400, ...AUTHED),
      },
    },
    async (req, reply) =>
      sendPage(
        reply,
        await listDiscounts({ deps, ctx: ctxOf(req), query: req.query }),
        discountPageResponseSchema,
        deps.config,
      ),
  );

  // The list as a file: the same query (filters, search, sort) and scope, every row, streamed.
  listExportRoutes(app, {
    path: '/discounts/export',
    access: 'discounts:read',
    tags,
    summary: 'La lista de descuentos con sus filtros',
    querystring: listDiscountsQuerySchema,
    exportOf: (ctx, query, format) => exportDiscounts(deps, ctx, query, format),
  });

  app.post(
    '/discounts/bulk/approve',
    {
      config: { access: 'discounts:decide' },
      schema: {
        tags,
        summary: 'Aprobar varios descuentos: cada uno por separado, con su resultado',
        body: bulkApproveDiscountsBodySchema,
        response: responses(bulkResponseSchema, 400, ...AUTHED),
      },
    },
    async (req) => {
      const ctx = ctxOf(req);
      const { ids } = req.body;
      const data = await runBulk(ids, (discountId) => approveDiscount({ deps, ctx, discountId }), {
        done: 'Descuento aprobado',
        log: req.log,
      });
      return { success: true as const, message: `${data.succeeded} de ${ids.length} aprobados`, data };
    },
  );

  app.post(
    '/discounts/bulk/reject',
    {
      config: { access: 'discounts:decide' },
      schema: {
        tags,
        summary: 'Rechazar varios descuentos con un mismo motivo: cada uno por separado, con su resultado',
        body: bulkRejectDiscountsBodySchema,
        response: responses(bulkResponseSchema, 400, ...AUTHED),
      },
    },
    async (req) => {
      const ctx = ctxOf(req);
      const { ids, rejection_reason: reason } = req.body;
      const data = await runBulk(ids, (discountId) => rejectDiscount({ deps, ctx, discountId, reason }), {
        done: 'Descuento rechazado',
        log: req.log,
      });
      return { success: true as const, message: `${data.succeeded} de ${ids.length} rechazados`, data };
    },
  );

  app.get(
    '/discounts/:id',
    {
      config: { access: 'discounts:read' },
      schema: {
        tags,
        summary: 'Detalle de un descuento',
        params: idParamsSchema,
        response: responses(discountResponseSchema, 400, 404, ...AUTHED),
      },
    },
    async (req) => ({
      success: true as const,
      data: await getDiscount({ deps, ctx: ctxOf(req), discountId: req.params.id }),
    }),
  );

  app.get(
    '/discounts/:id/receipt.pdf',
    {
      config: { access: 'discounts:read' },
      schema: { tags, summary: 'Comprobante (PDF) del descuento', params: idParamsSchema, response: pdfResponses() },
    },
    async (req, reply) => sendPdf(reply, await discountReceipt({ deps, ctx: ctxOf(req), discountId: req.params.id })),
  );

  app.get(
    '/discounts/:id/quote',
    {
      config: { access: 'discounts:decide' },
      schema: {
        tags,
        summary: 'Lo que daría aprobar hoy un descuento pendiente: tasa, días, descuento y monto neto',
        params: idParamsSchema,
        response: responses(discountQuoteResponseSchema, 400, 404, 409, ...AUTHED),
      },
    },
    async (req) => ({
      success: true as const,
      data: await quoteDiscount({ deps, ctx: ctxOf(req), discountId: req.params.id }),
    }),
  );

  app.post(
    '/discounts',
    {
      config: { access: 'discounts:request' },
      schema: {
        tags,
        summary: 'Solicitar el descuento de un ECHEQ en custodia',
        body: createDiscountBodySchema,
        response: responses(discountResponseSchema, 400, 404, 409, ...AUTHED),
      },
    },
    async (req) => ({
      success: true as const,
      message: 'Solicitud de descuento creada',
      data: await requestDiscount({ deps, ctx: ctxOf(req), body: req.body }),
    }),
  );

  app.put(
    '/discounts/:id',
    {
      config: { access: 'discounts:request' },
      schema: {
        tags,
        summary: 'Modificar monto y notas de una solicitud pendiente',
        params: idParamsSchema,
        body: updateDiscountBodySchema,
        response: responses(discountResponseSchema, 400, 404, 409, ...AUTHED),
      },
    },
    async (req) => ({
      success: true as const,
      message: 'Descuento actualizado',
      data: await updateDiscount({ deps, ctx: ctxOf(req), discountId: req.params.id, body: req.body }),
    }),
  );

  app.put(
    '/discounts/:id/approve',
    {
      config: { access: 'discounts:decide' },
      schema: {
        tags,
        summary: 'Aprobar (el banco calcula tasa, días y monto aprobado)',
        params: idParamsSchema,
        body: transitionDiscountBodySchema,
        response: responses(discountResponseSchema, 400, 404, 409, ...AUTHED),
      },
    },
    async (req) => ({
      success: true as const,
      message: 'Descuento aprobado',
      data: await approveDiscount({
        deps,
        ctx: ctxOf(req),
        discountId: req.params.id,
        version: req.body?.version,
      }),
    }),
  );

  app.put(
    '/discounts/:id/reject',
    {
      config: { access: 'discounts:decide' },
      schema: {
        tags,
        summary: 'Rechazar con motivo',
        params: idParamsSchema,
        body: rejectDiscountBodySchema,
        response: responses(discountResponseSchema, 400, 404, 409, ...AUTHED),
      },
    },
    async (req) => ({
      success: true as const,
      message: 'Descuento rechazado',
      data: await rejectDiscount({
        deps,
        ctx: ctxOf(req),
        discountId: req.params.id,
        reason: req.body.rejection_reason,
        version: req.body.version,
      }),
    }),
  );

  app.put(
    '/discounts/:id/cancel',
    {
      config: { access: 'discounts:cancel' },
      schema: {
        tags,
        summary: 'Cancelar una solicitud pendiente',
        params: idParamsSchema,
        body: transitionDiscountBodySchema,
        response: responses(discountResponseSchema, 400, 404, 409, ...AUTHED),
      },
    },
    async (req) => ({
      success: true as const,
      message: 'Descuento cancelado',
      data: await cancelDiscount({ deps, ctx: ctxOf(req), discountId: req.params.id, version: req.body?.version }),
    }),
  );

  app.put(
    '/discounts/:id/complete',
    {
      config: { access: 'discounts:decide' },
      schema: {
        tags,
        summary: 'Completar un descuento aprobado (el banco pagó)',
        params: idParamsSchema,
        body: transitionDiscountBodySchema,
        response: responses(discountResponseSchema, 400, 404, 409, ...AUTHED),
      },
    },
    async (req) => ({
      success: true as const,
      message: 'Descuento completado',
      data: await completeDiscount({ deps, ctx: ctxOf(req), discountId: req.params.id, version: req.body?.version }),
    }),
  );
}
