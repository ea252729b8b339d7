import { centsToNumber, type DiscountQuote, ppmToRate, rateToPpm, toCents } from '@echeq/contract';
import { scopeOf } from '../../platform/auth/actor';
import { buenosAiresDate } from '../../platform/clock';
import { conflict } from '../../platform/http/app-error';
import { bankDiscountRate } from '../tenants';
import { priceDiscount } from './discounts.pricing';
import { DUE, refuseTransition } from './discounts.rules';
import { type Op, visibleDiscount } from './discounts.service';

/**
 * The figures an approval would give now, for the approve dialog: the same pricing and the same refusals as
 * approveDiscount (a pending discount only; a cheque due today or earlier cannot be priced), read without locking.
 */
export async function quoteDiscount({ deps, ctx, discountId }: Op & { discountId: string }): Promise<DiscountQuote> {
  const row = await visibleDiscount(deps.db, scopeOf(ctx.actor), discountId);
  if (row.status !== 'PENDING') refuseTransition(row.status, 'approve');
  if (!row.e_due_date) throw conflict('El ECHEQ del descuento ya no existe');
  const annualRate = await bankDiscountRate(deps.db, row.tenant_id);
  const approvalDate = buenosAiresDate(deps.clock.now());
  const priced = priceDiscount({
    requestedAmount: row.requested_amount,
    annualRate,
    approvalDate,
    dueDate: row.e_due_date,
  });
  if (!priced.ok) {
    throw conflict(priced.reason === 'DUE' ? DUE : 'Con la tasa y el plazo vigentes el monto aprobado sería nulo');
  }
  const requested = toCents(row.requested_amount);
  const { price } = priced;
  return {
    discount_id: row.id,
    currency: (row.e_currency ?? 'ARS').trim(),
    requested_amount: centsToNumber(requested),
    rate: ppmToRate(rateToPpm(price.rate)),
    days: price.days,
    discount_amount: centsToNumber(requested - price.approvedCents),
    approved_amount: centsToNumber(price.approvedCents),
    approval_date: approvalDate,
    due_date: row.e_due_date,
  };
}
