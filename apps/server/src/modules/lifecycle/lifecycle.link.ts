import type { Queryable } from '../../platform/db/db';
import type { RegistryEvent, RegistryIssueRequest, RegistryOperateRequest, RegistryOutcome } from '../clearing';

/**
 * What the lifecycle needs of the registry, through the clearing house's port (app.ts builds it from clearing's
 * functions). Each call runs in its own transaction on the registry's side. `issue` and `operate` answer null when
 * the registry could not be reached (the outbox delivers the operation later).
 */
export type RegistryLink = {
  /** The banks whose inbox the job runs: those working on the built-in sandbox. */
  banks(q: Queryable): Promise<string[]>;
  issue(tenantId: string, req: RegistryIssueRequest): Promise<RegistryOutcome | null>;
  operate(tenantId: string, req: RegistryOperateRequest): Promise<RegistryOutcome | null>;
  /** The events after `cursor` concerning any of `cuits` or drawn on any of `bankCodes`, in id order. */
  events(
    tenantId: string,
    query: { cursor: string; cuits: string[]; bankCodes: string[]; limit: number },
  ): Promise<{ events: RegistryEvent[]; cursor: string }>;
};
