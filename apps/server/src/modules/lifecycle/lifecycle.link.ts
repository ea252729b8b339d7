import {
  activeSandboxBanks,
  type ClearingDeps,
  clearingPortFor,
  type RegistryEvent,
  type RegistryIssueRequest,
  type RegistryOperateRequest,
  type RegistryOutcome,
} from '../clearing';

/**
 * What the lifecycle needs of the registry, through the clearing house's port (app.ts builds it from clearing's
 * functions). Each call runs in its own transaction on the registry's side. `issue` and `operate` answer null when
 * the registry could not be reached (the outbox delivers the operation later).
 */
export type RegistryLink = {
  /**
   * The banks whose inbox the job runs: the active banks working on the built-in sandbox (only among `among` when
   * given), as committed.
   */
  banks(among?: string[]): Promise<string[]>;
  issue(tenantId: string, req: RegistryIssueRequest): Promise<RegistryOutcome | null>;
  operate(tenantId: string, req: RegistryOperateRequest): Promise<RegistryOutcome | null>;
  /** The events after `cursor` that concern the bank `bankCode` (drawn on it or naming its adherents), in id order. */
  events(
    tenantId: string,
    query: { cursor: string; bankCode: string; limit: number },
  ): Promise<{ events: RegistryEvent[]; cursor: string }>;
  /** The bank's client companies `cuits` adhere through it (idempotent); throws when the registry cannot be reached. */
  adhere(tenantId: string, req: { bankCode: string; cuits: string[] }): Promise<{ adhered: number }>;
};

/** The link through the bank's clearing-house port (sandbox or HTTP). Unreachable: `issue`/`operate` answer null. */
export function portLink(deps: ClearingDeps): RegistryLink {
  const unreachable = (err: unknown) => {
    deps.log?.warn({ err }, 'Registro de ECHEQ: sin respuesta');
    return null;
  };
  return {
    banks: (among) => activeSandboxBanks(deps, among),
    issue: async (tenantId, req) =>
      (await clearingPortFor(deps, tenantId)).registryIssue(req, { idempotencyKey: req.key }).catch(unreachable),
    operate: async (tenantId, req) =>
      (await clearingPortFor(deps, tenantId)).registryOperate(req, { idempotencyKey: req.key }).catch(unreachable),
    events: async (tenantId, query) => (await clearingPortFor(deps, tenantId)).registryEvents(query),
    adhere: async (tenantId, req) => (await clearingPortFor(deps, tenantId)).registryAdhere(req),
  };
}
