import { ARGENTINA_BANK_CALENDAR, LIFECYCLE_DEFAULTS, type LifecycleOptions } from '@echeq/contract';
import type { Db } from '../../../platform/db/db';
import { ClearingRejectedError, ClearingUnavailableError } from '../clearing.errors';
import type { ClearingPort, RegistryEventsPage, RegistryEventsRequest } from '../port';
import { type RegistryContext, registryEventsAfter, registryIssue, registryOperate } from '../registry';

/**
 * The registry's three calls of the port over a database that holds the registry's tables: the built-in sandbox's
 * (the platform's database) and the standalone simulator's (its own in-memory one). Each call is a transaction of its
 * own: the registry is the clearing house's, never part of a bank's transaction (so it must not be called while the
 * caller holds a transaction on the embedded database, which has one connection). Refusals are answers (the
 * outcome); what the database fails at throws ClearingUnavailableError, as an unreachable clearing house would.
 */
export type RegistryCalls = Pick<ClearingPort, 'registryIssue' | 'registryOperate' | 'registryEvents'>;

/**
 * The lifecycle's options of the platform's registry: N = 30 presentation days (LIFECYCLE §3; the platform has no
 * setting for it yet), Argentina's bank calendar, the 20:00 cut-off.
 */
export const REGISTRY_OPTIONS: LifecycleOptions = {
  presentationDays: LIFECYCLE_DEFAULTS.presentationDays,
  maxEndorsements: LIFECYCLE_DEFAULTS.maxEndorsements,
  calendar: ARGENTINA_BANK_CALENDAR,
};

const MAX_EVENTS = 5000;

/** A page request checked as the protocol states it; ClearingRejectedError (400) when it is not one. */
export function checkEventsRequest(req: RegistryEventsRequest): RegistryEventsRequest {
  const strings = (v: unknown, re: RegExp) => Array.isArray(v) && v.length <= 10_000 && v.every((s) => re.test(s));
  const bad = (field: string, message: string) =>
    new ClearingRejectedError(400, 'VALIDATION_ERROR', message, [{ field, message }]);
  if (typeof req.cursor !== 'string' || !/^\d{1,19}$/.test(req.cursor)) {
    throw bad('cursor', 'Cursor de eventos inválido: un número de evento (0 desde el principio)');
  }
  if (!strings(req.cuits, /^\d{11}$/)) throw bad('cuits', 'CUITs inválidos: 11 dígitos cada una');
  if (!strings(req.bankCodes, /^\d{3}$/)) throw bad('bank_codes', 'Códigos de banco inválidos: 3 dígitos cada uno');
  if (!Number.isInteger(req.limit) || req.limit < 1 || req.limit > MAX_EVENTS) {
    throw bad('limit', `Límite inválido: de 1 a ${MAX_EVENTS} eventos`);
  }
  return req;
}

async function guarded<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ClearingRejectedError || err instanceof ClearingUnavailableError) throw err;
    const failure = new ClearingUnavailableError('SERVER_ERROR', 'registro', 1);
    failure.cause = err;
    throw failure;
  }
}

export function registryCalls(o: { db: Db; now: () => Date; ctx: RegistryContext }): RegistryCalls {
  const at = () => o.now().toISOString();
  return {
    registryIssue: (req) => guarded(() => o.db.transaction((tx) => registryIssue(tx, req, at(), o.ctx))),
    registryOperate: (req) => guarded(() => o.db.transaction((tx) => registryOperate(tx, req, at(), o.ctx))),
    async registryEvents(req): Promise<RegistryEventsPage> {
      const { cursor, cuits, bankCodes, limit } = checkEventsRequest(req);
      const events = await guarded(() => registryEventsAfter(o.db, { cursor, cuits, bankCodes, limit }));
      return { events, cursor: events.at(-1)?.id ?? cursor };
    },
  };
}
