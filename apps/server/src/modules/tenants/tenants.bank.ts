import type { Queryable } from '../../platform/db/db';
import { notFound } from '../../platform/http/app-error';
import { findTenant } from './tenants.queries';

// What other modules ask of a bank (a tenant): answers and checks, not the module's rows.

const TENANT_NOT_FOUND = 'Entidad no encontrada';

/**
 * Refuses (404) a bank that does not exist. `lock` holds its row for the rest of the caller's transaction, so that
 * changes of what belongs to the bank (its clearing-house configuration) wait for each other.
 */
export async function requireTenant(q: Queryable, tenantId: string, opts: { lock?: boolean } = {}): Promise<void> {
  if (!(await findTenant(q, tenantId, { forUpdate: opts.lock ?? false }))) throw notFound(TENANT_NOT_FOUND);
}

/** The bank's name as its documents show it, or null when there is no such bank. */
export async function bankName(q: Queryable, tenantId: string): Promise<string | null> {
  return (await findTenant(q, tenantId))?.nombre ?? null;
}

/** The bank's annual discount rate (the column's exact text), which prices its discounts. */
export async function bankDiscountRate(q: Queryable, tenantId: string): Promise<string> {
  const bank = await findTenant(q, tenantId);
  if (!bank) throw notFound(TENANT_NOT_FOUND);
  return bank.discount_rate;
}
