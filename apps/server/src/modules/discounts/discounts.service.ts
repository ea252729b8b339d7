import { centsToDecimal, type Discount, type Page, toCents } from '@echeq/contract';
import { type Ctx, type Scope, scopeOf } from '../../platform/auth/actor';
import { buenosAiresDate, daysBetween } from '../../platform/clock';
import type { Queryable } from '../../platform/db/db';
import { insertRows, type RowInsert } from '../../platform/db/insert-rows';
import type { Deps } from '../../platform/deps';
import { AppError, conflict, notFound } from '../../platform/http/app-error';
import { auditRow } from '../audit';
import { type ClearingOperation, outboxRow } from '../clearing';
import { lockCustodyOf } from '../custody';
import { echeqVisible, lockEcheq } from '../echeqs';
import { type DiscountListQuery, listDiscounts as listDiscountRows } from './discounts.list';
import { discountSnapshot, toDiscountDto } from './discounts.mapper';
import {
  type DiscountRow,
  existsOpenDiscount,
  findBlockingDiscount,
  findDiscount,
  insertDiscount,
} from './discounts.queries';
import {
  ALREADY_DISCOUNTED,
  amountError,
  checkDiscountable,
  DUE,
  ECHEQ_NOT_FOUND,
  mapOpenDiscountViolation,
  NOT_FOUND,
  NOT_IN_CUSTODY,
  OPEN_EXISTS,
} from './discounts.rules';

export type Op = { deps: Pick<Deps, 'db' | 'clock'>; ctx: Ctx };

/** The discount if the caller may see it; a foreign or missing one is a 404 (never reveal existence). */
export async function visibleDiscount(db: Queryable, scope: Scope, id: string): Promise<DiscountRow> {
  const row = await findDiscount(db, id, scope);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** True while the cheque has a PENDING or APPROVED discount (what custody and echeqs ask: their EcheqHolds). */
export function hasOpenDiscount(tx: Queryable, echeqId: string): Promise<boolean> {
  return existsOpenDiscount(tx, echeqId);
}

/** An operation of the clearing house on a discount. */
export type DiscountOperation = Extract<ClearingOperation, `DISCOUNT_${string}`>;

/** The clearing house's operation for a discount, as an outbox row (see insertRows). */
export function outboxEntry(operation: DiscountOperation, row: DiscountRow): RowInsert {
  return outboxRow({
    tenantId: row.tenant_id,
    operation,
    entity: 'discount',
    entityId: row.id,
    payload: { discount_id: row.id, ...discountSnapshot(row) },
  });
}

/** A page of discounts: the entries as the JSON text the database wrote (see queryJsonPage) and its figures. */
export function listDiscounts({
  deps,
  ctx,
  query,
}: Op & {
  query: DiscountListQuery;
}): Promise<{ entries: string; meta: Omit<Page<Discount>, 'data'> & { nextCursor?: string | null } }> {
  return listDiscountRows(deps.db, scopeOf(ctx.actor), query);
}

export async function getDiscount({ deps, ctx, discountId }: Op & { discountId: string }): Promise<Discount> {
  return toDiscountDto(await visibleDiscount(deps.db, scopeOf(ctx.actor), discountId));
}

/**
 * A company asks its bank to discount a cheque it holds in custody: the cheque must be IN_CUSTODY for the caller's
 * company, not yet due, without another open or completed discount, and the amount within the cheque's.
 */
export async function requestDiscount({
  deps,
  ctx,
  body,
}: Op & { body: { echeq_id: string; requested_amount: number; notes?: string | undefined } }): Promise<Discount> {
  const scope = scopeOf(ctx.actor);
  if (scope.kind !== 'company') throw new AppError('FORBIDDEN', 'Solo una empresa puede solicitar descuentos');
  const requested = toCents(body.requested_amount);
  try {
    return await deps.db.transaction(async (tx) => {
      // The cheque's lock protocol (echeqs.holders.ts): its open custody record first.
      const custody = await lockCustodyOf(tx, { echeqId: body.echeq_id, scope });
      if (!custody) {
        // Not in custody for this company: a cheque it cannot see is 404, one of its own not in custody is 409.
        if (!(await echeqVisible(tx, body.echeq_id, scope))) throw notFound(ECHEQ_NOT_FOUND);
        throw conflict(NOT_IN_CUSTODY);
      }
      // Shared: its amount and due date cannot change until this request commits.
      const echeq = await lockEcheq(tx, body.echeq_id, 'share');
      if (!echeq) throw notFound(ECHEQ_NOT_FOUND);
      checkDiscountable(echeq);
      const now = deps.clock.now();
      if (daysBetween(buenosAiresDate(now), echeq.due_date) <= 0) throw conflict(DUE);
      if (requested > toCents(echeq.amount)) {
        throw amountError('El monto solicitado no puede superar el monto del ECHEQ');
      }
      const blocking = await findBlockingDiscount(tx, echeq.id);
      if (blocking) throw conflict(blocking.status === 'COMPLETED' ? ALREADY_DISCOUNTED : OPEN_EXISTS);
      const row = await insertDiscount(tx, {
        tenantId: custody.tenant_id,
        companyId: custody.company_id,
        echeqId: echeq.id,
        custodyId: custody.id,
        requestedAmount: centsToDecimal(requested),
        notes: body.notes ? body.notes : null,
        requestedBy: ctx.actor.userId,
        at: now,
      });
      await insertRows(tx, [
        auditRow(ctx, {
          action: 'discount.request',
          entity: 'discount',
          entityId: row.id,
          tenantId: row.tenant_id,
          after: discountSnapshot(row),
        }),
        outboxEntry('DISCOUNT_REQUEST', row),
      ]);
      return toDiscountDto(row);
    });
  } catch (err) {
    return mapOpenDiscountViolation(err);
  }
}
