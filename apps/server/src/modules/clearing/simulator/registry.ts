import { MIGRATIONS } from '../../../db/migrations';
import type { Db } from '../../../platform/db/db';
import { migrate } from '../../../platform/db/migrate';
import { openPglite } from '../../../platform/db/pglite';
import { refusalStatus } from '../adapters/protocol';
import {
  checkAdhereRequest,
  checkEventsRequest,
  REGISTRY_OPTIONS,
  type RegistryCalls,
  registryCalls,
} from '../adapters/registry-calls';
import { ClearingRejectedError } from '../clearing.errors';
import type { RegistryContext, RegistryOutcome, RegistryRequester } from '../registry';
import { registryTick } from '../registry-job';
import type { SimReply } from './engine';

/**
 * The standalone simulator's registry (its README section in clearing/README.md): the same engine as the sandbox's,
 * on an in-memory embedded database of its own whose migrations are applied when the first registry request comes.
 * Its directory holds only the parties it was told are on the platform (`participants`); every other CUIT and bank
 * code is outside, and the registry plays it. After every change, and on `tick()`, it runs the registry's jobs at the
 * simulator's clock: a deposit is presented at once, the cut-off pays what a paying bank left unanswered.
 */
export type SimRegistry = {
  /**
   * The reply to a registry request (`parts`: the path after /v1/), or null when the path is not the registry's.
   * `requester`: the bank of the request's api key (null for a key of no participant bank: refused).
   */
  answer(
    method: string,
    parts: string[],
    query: URLSearchParams,
    body: unknown,
    key: string | null,
    requester: RegistryRequester | null,
  ): Promise<SimReply | null>;
  participants(p: { cuits?: readonly string[]; bankCodes?: readonly string[] }): void;
  tick(): Promise<void>;
  close(): Promise<void>;
};

const invalid = (message: string): SimReply => ({ status: 400, body: { code: 'INVALID_REQUEST', message } });

/** A refusal of the registry's calls (ClearingRejectedError) as the reply it is; anything else propagates. */
async function rejectedAsReply(fn: () => Promise<SimReply>): Promise<SimReply> {
  try {
    return await fn();
  } catch (err) {
    if (!(err instanceof ClearingRejectedError)) throw err;
    return { status: err.status, body: { code: err.code, message: err.message, reasons: err.reasons } };
  }
}

export function simRegistry(now: () => Date): SimRegistry {
  const cuits = new Set<string>();
  const banks = new Set<string>();
  const ctx: RegistryContext = {
    directory: { knowsCuit: async (_q, c) => cuits.has(c), knowsBank: async (_q, b) => banks.has(b) },
    options: REGISTRY_OPTIONS,
  };
  let opened: Promise<Db> | null = null;
  const open = () => {
    opened ??= openPglite(undefined).then(async (db) => {
      await migrate(db, MIGRATIONS);
      return db;
    });
    return opened;
  };
  const tick = async () => {
    await registryTick(await open(), now(), ctx);
  };
  const outcome = async (o: RegistryOutcome): Promise<SimReply> => {
    if (o.ok && !o.replayed) await tick();
    return { status: o.ok ? 200 : refusalStatus(o.code), body: o as unknown as Record<string, unknown> };
  };

  return {
    async answer(method, parts, query, body, key, requester) {
      if (parts[0] !== 'registry' || parts.length !== 2) return null;
      const calls = registryCalls({ db: await open(), now, ctx, requester: async () => requester });
      if (method === 'GET' && parts[1] === 'events') {
        return rejectedAsReply(async () => ({
          status: 200,
          body: await calls.registryEvents(
            checkEventsRequest({
              cursor: query.get('cursor') ?? '0',
              bankCode: query.get('bank_code') ?? '',
              limit: Number(query.get('limit') ?? 500),
            }),
          ),
        }));
      }
      if (method === 'POST' && parts[1] === 'adherents') {
        const b = (body ?? {}) as { bank_code?: unknown; cuits?: unknown };
        return rejectedAsReply(async () => ({
          status: 200,
          body: await calls.registryAdhere(
            checkAdhereRequest({ bankCode: b.bank_code as string, cuits: b.cuits as string[] }),
          ),
        }));
      }
      if (method !== 'POST' || (parts[1] !== 'issue' && parts[1] !== 'operations')) return null;
      if (!body || typeof body !== 'object' || Array.isArray(body)) return invalid('Se esperaba un objeto JSON');
      const req = body as { key?: unknown };
      if (key !== null && req.key !== key) return invalid('La clave de idempotencia no coincide con la del pedido');
      return outcome(
        parts[1] === 'issue'
          ? await calls.registryIssue(body as Parameters<RegistryCalls['registryIssue']>[0])
          : await calls.registryOperate(body as Parameters<RegistryCalls['registryOperate']>[0]),
      );
    },
    participants(p) {
      for (const c of p.cuits ?? []) cuits.add(c);
      for (const b of p.bankCodes ?? []) banks.add(b);
    },
    tick,
    async close() {
      if (opened) await (await opened).close();
    },
  };
}
