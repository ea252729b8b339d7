import {
  accountChequebookParamsSchema,
  accountClientsResponseSchema,
  accountListResponseSchema,
  accountResponseSchema,
  idParamsSchema,
  listAccountsQuerySchema,
  openAccountBodySchema,
} from '@echeq/contract';
import { ctxOf } from '../../platform/auth/authenticate';
import type { Deps } from '../../platform/deps';
import type { App } from '../../platform/http/app-type';
import { AUTHED, responses } from '../../platform/http/responses';
import {
  type AccountsClearing,
  activateChequebook,
  listAccountClients,
  listAccounts,
  openAccount,
  requestChequebook,
} from './accounts.service';

const tags = ['accounts'];

/**
 * Current accounts and chequebooks (LIFECYCLE §1, §8): banks open them, companies use them. `clearing` says whether
 * a bank is on the sandbox (app.ts passes it).
 */
export function accountsRoutes(app: App, deps: Deps, clearing: AccountsClearing) {
  app.get(
    '/accounts',
    {
      config: { access: 'accounts:read' },
      schema: {
        tags,
        querystring: listAccountsQuerySchema,
        response: responses(accountListResponseSchema, 400, ...AUTHED),
      },
    },
    async (req) => ({
      success: true as const,
      data: await listAccounts({ deps, ctx: ctxOf(req), query: req.query }),
    }),
  );

  app.get(
    '/accounts/clients',
    {
      config: { access: 'accounts:read' },
      schema: {
        tags,
        response: responses(accountClientsResponseSchema, ...AUTHED),
      },
    },
    async (req) => ({ success: true as const, data: await listAccountClients({ deps, ctx: ctxOf(req) }) }),
  );

  app.post(
    '/accounts',
    {
      config: { access: 'accounts:manage' },
      schema: {
        tags,
        body: openAccountBodySchema,
        response: responses(accountResponseSchema, 400, 404, 409, ...AUTHED),
      },
    },
    async (req) => ({
      success: true as const,
      message: 'Cuenta abierta',
      data: await openAccount({ deps, ctx: ctxOf(req), body: req.body }),
    }),
  );

  app.post(
    '/accounts/:id/chequebooks',
    {
      config: { access: 'chequebooks:request' },
      schema: {
        tags,
        params: idParamsSchema,
        response: responses(accountResponseSchema, 400, 404, 409, ...AUTHED),
      },
    },
    async (req) => {
      const data = await requestChequebook({ deps, clearing, ctx: ctxOf(req), accountId: req.params.id });
      const pending = data.chequebooks.some((c) => c.status === 'PENDING');
      return {
        success: true as const,
        message: pending ? 'Chequera solicitada: el banco debe activarla' : 'Chequera nueva activada',
        data,
      };
    },
  );

  app.post(
    '/accounts/:id/chequebooks/:chequebookId/activate',
    {
      config: { access: 'accounts:manage' },
      schema: {
        tags,
        params: accountChequebookParamsSchema,
        response: responses(accountResponseSchema, 400, 404, 409, ...AUTHED),
      },
    },
    async (req) => ({
      success: true as const,
      message: 'Chequera activada',
      data: await activateChequebook({
        deps,
        ctx: ctxOf(req),
        accountId: req.params.id,
        chequebookId: req.params.chequebookId,
      }),
    }),
  );
}
