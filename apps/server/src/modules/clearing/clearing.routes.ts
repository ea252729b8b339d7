import {
  type CoelsaOperationBody,
  type CoelsaRouteBody,
  coelsaConfigBodySchema,
  coelsaConfigResponseSchema,
  coelsaOperationResponseSchema,
  coelsaRouteBodySchema,
  coelsaStatusResponseSchema,
  coelsaTenantQuerySchema,
  coelsaTestResponseSchema,
  echeqSchema,
  envelope,
  errorBodySchema,
  idParamsSchema,
  messageOnlySchema,
  tenantCoelsaConfigSchema,
} from '@echeq/contract';
import { z } from 'zod';
import { ctxOf } from '../../platform/auth/authenticate';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import type { App } from '../../platform/http/app-type';
import { AUTHED, responses } from '../../platform/http/responses';
import type { ClearingBook } from './book';
import { runOperation } from './clearing.operation';
import { deleteCoelsaConfig, getCoelsaConfig, setCoelsaConfig, testCoelsaConfig } from './config.service';
import { coelsaStatusFor } from './status.service';

/** The route's answer: the clearing house's result, or the cheque of a lifecycle operation (null while syncing). */
const operationAnswer = z.union([coelsaOperationResponseSchema, envelope(echeqSchema.nullable())]);

const CLEARING_TYPES = new Set(['HEALTH', 'VALIDATE_ECHEQ', 'QUERY_ECHEQ', 'REGISTER_ECHEQ']);
const isClearingOperation = (body: CoelsaRouteBody): body is CoelsaOperationBody => CLEARING_TYPES.has(body.type);

/**
 * The clearing house (COELSA): the bank's link status and operations, and the per-bank configuration that only the
 * system administrator manages (`tenants:manage`). `book` is what they ask of the bank's cheques (app.ts passes it).
 */
export function clearingRoutes(app: App, deps: Deps, book: ClearingBook) {
  app.get(
    '/integration/coelsa/status',
    {
      config: { access: 'clearing:status' },
      schema: {
        tags: ['clearing'],
        querystring: coelsaTenantQuerySchema,
        response: responses(coelsaStatusResponseSchema, 400, 404, ...AUTHED),
      },
    },
    async (req) => ({
      success: true as const,
      data: await coelsaStatusFor({ deps, ctx: ctxOf(req), tenantId: req.query.tenant_id }),
    }),
  );

  app.post(
    '/integration/coelsa/operation',
    {
      config: { access: 'clearing:operate' },
      schema: {
        tags: ['clearing'],
        body: coelsaRouteBodySchema,
        response: {
          200: operationAnswer,
          201: operationAnswer,
          202: operationAnswer,
          ...Object.fromEntries([400, 403, 404, 409, 503, ...AUTHED].map((s) => [s, errorBodySchema])),
        },
      },
    },
    async (req, reply) => {
      const body = req.body;
      if (isClearingOperation(body)) {
        return { success: true as const, data: await runOperation({ deps, book, ctx: ctxOf(req), body }) };
      }
      if (!book.lifecycle) throw new AppError('VALIDATION_ERROR', 'Tipo de operación inválido');
      const key = req.headers['idempotency-key'];
      const answer = await book.lifecycle({
        ctx: ctxOf(req),
        body,
        idempotencyKey: typeof key === 'string' && key ? key : undefined,
      });
      reply.code(answer.status);
      return { success: true as const, data: answer.cheque };
    },
  );

  app.get(
    '/admin/tenants/:id/coelsa-config',
    {
      config: { access: 'tenants:manage' },
      schema: {
        tags: ['admin'],
        params: idParamsSchema,
        response: responses(envelope(tenantCoelsaConfigSchema.nullable()), 400, 404, ...AUTHED),
      },
    },
    async (req) => ({ success: true as const, data: await getCoelsaConfig({ deps, tenantId: req.params.id }) }),
  );

  app.post(
    '/admin/tenants/:id/coelsa-config',
    {
      config: { access: 'tenants:manage' },
      schema: {
        tags: ['admin'],
        params: idParamsSchema,
        body: coelsaConfigBodySchema,
        response: responses(coelsaConfigResponseSchema, 400, 404, 409, ...AUTHED),
      },
    },
    async (req) => ({
      success: true as const,
      message: 'Configuración de COELSA guardada',
      data: await setCoelsaConfig({ deps, book, ctx: ctxOf(req), tenantId: req.params.id, input: req.body }),
    }),
  );

  app.delete(
    '/admin/tenants/:id/coelsa-config',
    {
      config: { access: 'tenants:manage' },
      schema: { tags: ['admin'], params: idParamsSchema, response: responses(messageOnlySchema, 400, 404, ...AUTHED) },
    },
    async (req) => {
      await deleteCoelsaConfig({ deps, ctx: ctxOf(req), tenantId: req.params.id });
      return { success: true as const, message: 'Configuración de COELSA eliminada' };
    },
  );

  app.post(
    '/admin/tenants/:id/coelsa-config/test',
    {
      config: { access: 'tenants:manage' },
      schema: {
        tags: ['admin'],
        params: idParamsSchema,
        body: z.strictObject({}).nullish(),
        response: responses(coelsaTestResponseSchema, 400, 404, 503, ...AUTHED),
      },
    },
    async (req) => {
      const result = await testCoelsaConfig({ deps, ctx: ctxOf(req), tenantId: req.params.id });
      return { success: true as const, message: result.message, data: result };
    },
  );
}
