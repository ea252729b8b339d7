import {
  type ActionType,
  chequeHistoryEntrySchema,
  echeqSchema,
  emptyOperationBodySchema,
  endorseBodySchema,
  envelope,
  errorBodySchema,
  idParamsSchema,
  issueBodySchema,
  motivoBodySchema,
  rejectBodySchema,
} from '@echeq/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ctxOf } from '../../platform/auth/authenticate';
import type { Deps } from '../../platform/deps';
import type { App } from '../../platform/http/app-type';
import { AUTHED } from '../../platform/http/responses';
import { chequeHistory } from './lifecycle.history';
import { issueCheque } from './lifecycle.issue';
import type { RegistryLink } from './lifecycle.link';
import { type OperationInput, operate } from './lifecycle.operate';
import { queueRoutes } from './lifecycle.queues';
import { receiptRoutes } from './lifecycle.receipt';
import { simulateRoutes } from './lifecycle.simulate';

const tags = ['echeqs'];
const chequeResponse = envelope(echeqSchema);
const issueResponse = envelope(echeqSchema.nullable());

/** The routes of LIFECYCLE §8, one per operation, with the body each takes. */
const OPERATION_ROUTES: readonly { path: string; type: ActionType; body: z.ZodType; message: string }[] = [
  { path: 'accept', type: 'ACCEPT', body: emptyOperationBodySchema, message: 'ECHEQ aceptado' },
  { path: 'repudiate', type: 'REPUDIATE', body: motivoBodySchema, message: 'ECHEQ repudiado' },
  { path: 'annul', type: 'ANNUL', body: motivoBodySchema, message: 'ECHEQ anulado' },
  { path: 'endorse', type: 'ENDORSE', body: endorseBodySchema, message: 'Endoso enviado' },
  {
    path: 'endorsement/accept',
    type: 'ACCEPT_ENDORSEMENT',
    body: emptyOperationBodySchema,
    message: 'Endoso aceptado',
  },
  { path: 'endorsement/repudiate', type: 'REPUDIATE_ENDORSEMENT', body: motivoBodySchema, message: 'Endoso repudiado' },
  { path: 'endorsement/annul', type: 'ANNUL_ENDORSEMENT', body: emptyOperationBodySchema, message: 'Endoso anulado' },
  { path: 'custody', type: 'CUSTODY', body: emptyOperationBodySchema, message: 'ECHEQ en custodia' },
  { path: 'rescue', type: 'RESCUE', body: emptyOperationBodySchema, message: 'ECHEQ rescatado de custodia' },
  { path: 'deposit', type: 'DEPOSIT', body: emptyOperationBodySchema, message: 'ECHEQ depositado' },
  { path: 'pay', type: 'PAY', body: emptyOperationBodySchema, message: 'ECHEQ pagado' },
  { path: 'reject', type: 'REJECT', body: rejectBodySchema, message: 'ECHEQ rechazado' },
];

const SYNCING = 'Operación enviada a COELSA: el ECHEQ se actualiza al recibir la respuesta';

function keyOf(req: FastifyRequest): string | undefined {
  const h = req.headers['idempotency-key'];
  return typeof h === 'string' && h ? h : undefined;
}

function errors(...statuses: number[]) {
  return Object.fromEntries(statuses.map((s) => [s, errorBodySchema]));
}

/** The lifecycle's operation routes. `link` is the registry through the clearing-house port (app.ts). */
export function lifecycleRoutes(app: App, deps: Deps, link: RegistryLink) {
  const ldeps = { db: deps.db, clock: deps.clock, link };
  receiptRoutes(app, deps);
  simulateRoutes(app, deps, link);
  queueRoutes(app, deps);
  app.get(
    '/echeqs/:id/history',
    {
      config: { access: 'echeqs:read' },
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: envelope(z.array(chequeHistoryEntrySchema)), ...errors(400, 404, ...AUTHED) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await chequeHistory(deps.db, ctxOf(req), (req.params as { id: string }).id),
    }),
  );
  app.post(
    '/echeqs/issue',
    {
      config: { access: 'echeqs:create' },
      schema: {
        tags,
        body: issueBodySchema,
        response: { 201: issueResponse, 202: issueResponse, ...errors(400, 404, 409, 503, ...AUTHED) },
      },
    },
    async (req, reply) => {
      const answer = await issueCheque({ deps: ldeps, ctx: ctxOf(req), body: req.body, idempotencyKey: keyOf(req) });
      reply.code(answer.status);
      const message = answer.status === 202 ? SYNCING : 'ECHEQ emitido';
      return { success: true as const, message, data: answer.cheque };
    },
  );
  for (const route of OPERATION_ROUTES) {
    app.post(
      `/echeqs/:id/${route.path}`,
      {
        config: { access: 'echeqs:operate' },
        schema: {
          tags,
          params: idParamsSchema,
          body: route.body.optional(),
          response: { 200: chequeResponse, 202: chequeResponse, ...errors(400, 404, 409, 503, ...AUTHED) },
        },
      },
      async (req, reply) => {
        const answer = await operate({
          deps: ldeps,
          ctx: ctxOf(req),
          id: (req.params as { id: string }).id,
          type: route.type,
          input: (req.body ?? {}) as OperationInput,
          idempotencyKey: keyOf(req),
        });
        reply.code(answer.status);
        return {
          success: true as const,
          message: answer.status === 202 ? SYNCING : route.message,
          data: answer.cheque,
        };
      },
    );
  }
}
