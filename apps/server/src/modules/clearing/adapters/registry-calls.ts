import { ARGENTINA_BANK_CALENDAR, LIFECYCLE_DEFAULTS, type LifecycleOptions } from '@echeq/contract';
import type { Db } from '../../../platform/db/db';
import { ClearingRejectedError, ClearingUnavailableError } from '../clearing.errors';
import type { ClearingPort, RegistryAdhereRequest, RegistryEventsPage, RegistryEventsRequest } from '../port';
import {
  bankMismatch,
  type RegistryContext,
  type RegistryOutcome,
  type RegistryRequester,
  registryAdhere,
  registryEventsAfter,
  registryIssue,
  registryOperate,
} from '../registry';

/**
 * The registry's four calls of the port over a database that holds the registry's tables: the built-in sandbox's
 * (the platform's database) and the standalone simulator's (its own in-memory one). Each call is a transaction of its
 * own: the registry is the clearing house's, never part of a bank's transaction (so it must not be called while the
 * caller holds a transaction on the embedded database, which has one connection). Refusals are answers (the
 * outcome); what the database fails at throws ClearingUnavailableError, as an unreachable clearing house would.
 */
export type RegistryCalls = Pick<
  ClearingPort,
  'registryIssue' | 'registryOperate' | 'registryEvents' | 'registryAdhere'
>;

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

const MAX_ADHERENTS = 10_000;

const bad = (field: string, message: string) =>
  new ClearingRejectedError(400, 'VALIDATION_ERROR', message, [{ field, message }]);

const checkBankCode = (code: unknown) => {
  if (typeof code !== 'string' || !/^\d{3}$/.test(code)) throw bad('bank_code', 'Código de banco inválido: 3 dígitos');
};

/** A page request checked as the protocol states it; ClearingRejectedError (400) when it is not one. */
export function checkEventsRequest(req: RegistryEventsRequest): RegistryEventsRequest {
  if (typeof req.cursor !== 'string' || !/^\d{1,19}$/.test(req.cursor)) {
    throw bad('cursor', 'Cursor de eventos inválido: un número de evento (0 desde el principio)');
  }
  checkBankCode(req.bankCode);
  if (!Number.isInteger(req.limit) || req.limit < 1 || req.limit > MAX_EVENTS) {
    throw bad('limit', `Límite inválido: de 1 a ${MAX_EVENTS} eventos`);
  }
  return req;
}

/** An adhesion checked as the protocol states it; ClearingRejectedError (400) when it is not one. */
export function checkAdhereRequest(req: RegistryAdhereRequest): RegistryAdhereRequest {
  checkBankCode(req.bankCode);
  const { cuits } = req;
  if (
    !Array.isArray(cuits) ||
    cuits.length > MAX_ADHERENTS ||
    !cuits.every((c) => typeof c === 'string' && /^\d{11}$/.test(c))
  ) {
    throw bad('cuits', `CUITs inválidas: 11 dígitos cada una, hasta ${MAX_ADHERENTS}`);
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

/**
 * The bank a channel speaks for (decision 042): the sandbox's tenant's bank code, the HTTP key's participant. Null
 * when the channel names no bank the registry could check (a bank with no bank code yet, a key of no participant):
 * then the registry answers it nothing.
 */
export type RequesterOf = () => Promise<RegistryRequester | null>;

const NO_BANK = 'Las credenciales no identifican a un banco participante del registro de ECHEQ';

const noBankOutcome: RegistryOutcome = {
  ok: false,
  code: 'FORBIDDEN',
  reason: 'REQUESTER',
  message: NO_BANK,
  replayed: false,
};

/** The bank may read the events of, and adhere clients through, `bankCode` only when it is its own: 403 otherwise. */
async function checkOwnBank(requesterOf: RequesterOf, bankCode: string): Promise<void> {
  const requester = await requesterOf();
  const message = requester ? bankMismatch(requester, bankCode) : NO_BANK;
  if (message) throw new ClearingRejectedError(403, 'FORBIDDEN', message, [{ field: 'bank_code', message }]);
}

/**
 * The calls, for the requester the channel names (`requester`, asked at each call: never what the request says).
 * Issues and operations it may not ask for are refused by the registry (FORBIDDEN outcomes); events and adhesions
 * of another bank are a 403 (ClearingRejectedError).
 */
export function registryCalls(o: {
  db: Db;
  now: () => Date;
  ctx: RegistryContext;
  requester: RequesterOf;
}): RegistryCalls {
  const at = () => o.now().toISOString();
  const asking = async (fn: (requester: RegistryRequester) => Promise<RegistryOutcome>): Promise<RegistryOutcome> => {
    const requester = await guarded(o.requester);
    return requester ? fn(requester) : noBankOutcome;
  };
  return {
    registryIssue: (req) =>
      asking((who) => guarded(() => o.db.transaction((tx) => registryIssue(tx, req, at(), o.ctx, who)))),
    registryOperate: (req) =>
      asking((who) => guarded(() => o.db.transaction((tx) => registryOperate(tx, req, at(), o.ctx, who)))),
    async registryEvents(req): Promise<RegistryEventsPage> {
      const { cursor, bankCode, limit } = checkEventsRequest(req);
      await checkOwnBank(() => guarded(o.requester), bankCode);
      const events = await guarded(() => registryEventsAfter(o.db, { cursor, bankCode, limit }));
      return { events, cursor: events.at(-1)?.id ?? cursor };
    },
    async registryAdhere(req) {
      const { bankCode, cuits } = checkAdhereRequest(req);
      await checkOwnBank(() => guarded(o.requester), bankCode);
      return guarded(() => o.db.transaction((tx) => registryAdhere(tx, { bankCode, cuits }, at())));
    },
  };
}
