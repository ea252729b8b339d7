import type { Queryable } from '../../platform/db/db';
import type { SandboxBookEntry } from '../clearing';
import { selectSandboxBook } from './custody.queries';

/**
 * The bank's live cheques as a real clearing house would already know them, for the built-in sandbox to learn (the
 * ClearingBook app.ts hands the clearing module; the seeds): a cheque in custody is IN_CUSTODY there, a cancelled or
 * expired one so, one whose custody was released RELEASED, any other REGISTERED.
 */
export function sandboxBook(q: Queryable, tenantId: string): Promise<SandboxBookEntry[]> {
  return selectSandboxBook(q, tenantId);
}
