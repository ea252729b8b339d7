import { centsToDecimal, DISCOUNT_STATUS_LABELS, DISCOUNT_TRANSITIONS, type Discount, toCents } from '@echeq/contract';
import { scopeOf } from '../../platform/auth/actor';
import { buenosAiresDate } from '../../platform/clock';
import type { Queryable } from '../../platform/db/db';
import { insertRows } from '../../platform/db/insert-rows';
import { conflict, notFound } from '../../platform/http/app-error';
import { auditRow } from '../audit';
import { lockCustodyOf } from '../custody';
import { lockEcheq, markDiscounted } from '../echeqs';
import { bankDiscountRate } from '../tenants';
import { discountSnapshot, toDiscountDto } from './discounts.mapper';
import { priceDiscount } from './discounts.pricing';
import {
  type DiscountRow,
  type LockedDiscount,
  lockDiscount,
  updateDiscountFields,
  updateDiscountState,
} from './discounts.queries';
import {
  amountError,
  checkDiscountable,
  checkVersion,
  type DiscountAction,
  DUE,
  NOT_FOUND,
  NOT_IN_CUSTODY,
  refuseTransition,
  STALE,
} from './discounts.rules';
import { type DiscountOperation, type Op, outboxEntry, visibleDiscount } from './discounts.service';

type Change = { operation: DiscountOperation; after: DiscountRow };

/**
 * The common shape of every change to an existing discount: in one transaction, lock the cheque's custody row (the
 * cheque's lock protocol, echeqs.holders.ts), then the discount row, check its state (and version), change it,
 * audit it, tell the clearing house.
 */
async function changeDiscount({
  deps,
  ctx,
  discountId,
  action,
  apply,
}: Op & {
  discountId: string;
  action: string;
  /** Checks the locked state and changes it; answers the discount as it is then and the operation to enqueue. */
  apply: (tx: Queryable, locked: LockedDiscount, before: DiscountRow, inCustody: boolean, now: Date) => Promise<Change>;
}): Promise<Discount> {
  const scope = scopeOf(ctx.actor);
  return deps.db.transaction(async (tx) => {
    const seen = await visibleDiscount(tx, scope, discountId);
    // The cheque's open custody row first (none when the custody ended: nothing can race on it then).
    const custody = await lockCustodyOf(tx, { echeqId: seen.echeq_id, scope: { kind: 'all' } });
    const locked = await lockDiscount(tx, discountId);
    if (!locked) throw notFound(NOT_FOUND);
    const before = locked;
    const now = deps.clock.now();
    const inCustody = custody !== null && custody.id === locked.custody_id;
    const { operation, after } = await apply(tx, locked, before, inCustody, now);
    await insertRows(tx, [
      auditRow(ctx, {
        action,
        entity: 'discount',
        entityId: discountId,
        tenantId: after.tenant_id,
        before: discountSnapshot(before),
        after: discountSnapshot(after),
      }),
      outboxEntry(operation, after),
    ]);
    return toDiscountDto(after);
  });
}

/** A transition from its state to the next (specification §4); any other is a 409 INVALID_TRANSITION. */
async function transition(
  tx: Queryable,
  locked: LockedDiscount,
  action: DiscountAction,
  set: Record<string, unknown>,
  now: Date,
  version: number | undefined,
): Promise<DiscountRow> {
  const t = DISCOUNT_TRANSITIONS[action]!;
  if (locked.status !== t.from) refuseTransition(locked.status, action);
  checkVersion(locked, version);
  const after = await updateDiscountState(tx, locked.id, t.from, t.to, set, now);
  // Unreachable while the row is locked; kept so a lost race can never report success.
  if (!after) refuseTransition(locked.status, action);
  return after;
}

type Decision = Op & { discountId: string; version?: number | undefined };

/** The bank admin approves: the tenant's rate prices it for the days left to the due date (Buenos Aires date). */
export async function approveDiscount({ deps, ctx, discountId, version }: Decision): Promise<Discount> {
  return changeDiscount({
    deps,
    ctx,
    discountId,
    action: 'discount.approve',
    apply: async (tx, locked, _before, inCustody, now) => {
      if (locked.status !== 'PENDING') refuseTransition(locked.status, 'approve');
      checkVersion(locked, version);
      if (!inCustody) throw conflict(NOT_IN_CUSTODY);
      // Locked for the update that marks it discounted (taken at once, not raised from a shared lock later).
      const echeq = await lockEcheq(tx, locked.echeq_id, 'no key update');
      if (!echeq) throw conflict('El ECHEQ del descuento ya no existe');
      checkDiscountable(echeq);
      if (toCents(locked.requested_amount) > toCents(echeq.amount)) {
        throw conflict('El monto solicitado supera el monto actual del ECHEQ');
      }
      const annualRate = await bankDiscountRate(tx, echeq.tenant_id);
      const priced = priceDiscount({
        requestedAmount: locked.requested_amount,
        annualRate,
        approvalDate: buenosAiresDate(now),
        dueDate: echeq.due_date,
      });
      if (!priced.ok) {
        throw conflict(priced.reason === 'DUE' ? DUE : 'Con la tasa y el plazo vigentes el monto aprobado sería nulo');
      }
      const after = await transition(
        tx,
        locked,
        'approve',
        {
          approved_amount: priced.price.approvedAmount,
          rate: priced.price.rate,
          days: priced.price.days,
          approved_by: ctx.actor.userId,
          approved_at: now,
        },
        now,
        version,
      );
      // From now on the cheque is the bank's (issue 20): its edits, release, cancellation and deletion are refused.
      await markDiscounted(tx, locked.echeq_id, now);
      return { operation: 'DISCOUNT_APPROVE', after };
    },
  });
}

/** A transition that only records who took it and when (and, for a rejection, why). */
function decide(
  action: 'reject' | 'cancel' | 'complete',
  operation: DiscountOperation,
  set: (userId: string, now: Date) => Record<string, unknown>,
) {
  return ({ deps, ctx, discountId, version }: Decision): Promise<Discount> =>
    changeDiscount({
      deps,
      ctx,
      discountId,
      action: `discount.${action}`,
      apply: async (tx, locked, _before, _custody, now) => ({
        operation,
        after: await transition(tx, locked, action, set(ctx.actor.userId, now), now, version),
      }),
    });
}

/** The bank rejects a PENDING request, saying why. */
export const rejectDiscount = (opts: Decision & { reason: string }) =>
  decide('reject', 'DISCOUNT_REJECT', (by, at) => ({
    rejection_reason: opts.reason,
    rejected_by: by,
    rejected_at: at,
  }))(opts);

/** The requesting company (its writer roles) or its bank's admin withdraws a PENDING request. */
export const cancelDiscount = decide('cancel', 'DISCOUNT_CANCEL', (by, at) => ({ cancelled_by: by, cancelled_at: at }));

/** The bank paid the approved amount out: APPROVED → COMPLETED. */
export const completeDiscount = decide('complete', 'DISCOUNT_COMPLETE', (by, at) => ({
  completed_by: by,
  completed_at: at,
}));

/** The requesting company edits the amount and notes of a PENDING request. */
export async function updateDiscount({
  deps,
  ctx,
  discountId,
  body,
}: Op & {
  discountId: string;
  body: { requested_amount?: number | undefined; notes?: string | null | undefined; version?: number | undefined };
}): Promise<Discount> {
  return changeDiscount({
    deps,
    ctx,
    discountId,
    action: 'discount.update',
    apply: async (tx, locked, before, _custody, now) => {
      if (locked.status !== 'PENDING') {
        throw conflict(
          `Solo se puede modificar un descuento pendiente (estado actual: ${DISCOUNT_STATUS_LABELS[locked.status]})`,
        );
      }
      checkVersion(locked, body.version);
      let amount = locked.requested_amount;
      if (body.requested_amount !== undefined) {
        const requested = toCents(body.requested_amount);
        const echeq = await lockEcheq(tx, locked.echeq_id, 'share');
        if (echeq && requested > toCents(echeq.amount)) {
          throw amountError('El monto solicitado no puede superar el monto del ECHEQ');
        }
        amount = centsToDecimal(requested);
      }
      const notes = body.notes === undefined ? before.notes : body.notes ? body.notes : null;
      const after = await updateDiscountFields(tx, locked.id, { requestedAmount: amount, notes }, now);
      if (!after) throw conflict(STALE);
      return { operation: 'DISCOUNT_UPDATE', after };
    },
  });
}
