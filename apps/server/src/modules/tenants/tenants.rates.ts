import type { Ctx } from '../../platform/auth/actor';
import type { Queryable } from '../../platform/db/db';
import { validationError } from '../../platform/http/app-error';
import { recordAudit } from '../audit';
import { rateToDecimal, rateToNumber } from './tenants.mapper';
import { lockTenant } from './tenants.queries';

// The banks' discount rates as the settings screen reads and changes them, all at once (one bank's: updateTenant).

/** Every tenant's discount rate. */
export async function listDiscountRates(db: Queryable) {
  const r = await db.query<{
    tenant_id: string;
    nombre: string;
    codigo: string;
    tipo: 'BANCO' | 'FINANCIERA' | 'EMPRESA';
    estado: 'ACTIVO' | 'INACTIVO';
    discount_rate: string;
  }>(
    `select id as tenant_id, nombre, codigo, tipo, estado, discount_rate::text as discount_rate
     from tenants order by nombre, codigo`,
  );
  return r.rows.map((row) => ({ ...row, discount_rate: rateToNumber(row.discount_rate) }));
}

/** Sets one tenant's discount rate inside the caller's transaction; audited when it changes. */
async function setTenantDiscountRate(
  tx: Queryable,
  ctx: Ctx,
  input: { tenantId: string; rate: number },
): Promise<boolean> {
  const before = await lockTenant(tx, input.tenantId);
  if (!before) {
    throw validationError('El tenant indicado no existe', [{ path: 'tenant_id', message: 'Tenant inexistente' }]);
  }
  const next = rateToDecimal(input.rate);
  if (rateToNumber(before.discount_rate) === rateToNumber(next)) return false;
  await tx.query('update tenants set discount_rate = $2::numeric, updated_at = now() where id = $1', [
    input.tenantId,
    next,
  ]);
  await recordAudit(tx, ctx, {
    action: 'tenant.discount_rate.update',
    entity: 'tenant',
    entityId: input.tenantId,
    tenantId: input.tenantId,
    before: { discount_rate: rateToNumber(before.discount_rate) },
    after: { discount_rate: rateToNumber(next) },
  });
  return true;
}

/** Sets several tenants' discount rates inside the caller's transaction, each change audited. */
export async function setDiscountRates(
  tx: Queryable,
  ctx: Ctx,
  rates: readonly { tenant_id: string; discount_rate: number }[],
): Promise<void> {
  for (const r of rates) await setTenantDiscountRate(tx, ctx, { tenantId: r.tenant_id, rate: r.discount_rate });
}
