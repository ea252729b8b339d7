import {
  centsToDecimal,
  DISCOUNT_STATUS_LABELS,
  DISCOUNT_TRANSITIONS,
  type Discount,
  type DiscountStatus,
  type Page,
  toCents,
} from '@echeq/contract';
import { type Ctx, inScope, type Scope, scopeOf } from '../../platform/auth/actor';
import { buenosAiresDate, daysBetween } from '../../platform/clock';
import { isDbError, type Queryable } from '../../platform/db/db';
import { insertRows, type RowInsert } from '../../platform/db/insert-rows';
import type { Deps } from '../../platform/deps';
import { AppError, conflict, invalidTransition, notFound, validationError } from '../../platform/http/app-error';
import { auditRow } from '../audit';
import { type ClearingOperation, outboxRow } from '../clearing';
import { lockOpenCustodyForEcheq } from '../custody';
import { discountSnapshot, toDiscountDto } from './discounts.mapper';
import { priceDiscount } from './discounts.pricing';
import {
  type DiscountRow,
  findBlockingDiscount,
  findDiscount,
  findEcheq,
  findEcheqWithRate,
  insertDiscount,
  type LockedDiscount,
  listDiscounts as listDiscountRows,
  lockDiscount,
  markDiscounted,
  updateDiscountFields,
  updateDiscountState,
} from './discounts.queries';

type Op = { deps: Pick<Deps, 'db' | 'clock'>; ctx: Ctx };

const NOT_FOUND = 'Descuento no encontrado';
const ECHEQ_NOT_FOUND = 'ECHEQ no encontrado';
const STALE = 'El descuento fue modificado por otra operación. Actualice la información e intente nuevamente.';
const OPEN_EXISTS = 'El ECHEQ ya tiene un descuento pendiente o aprobado';
const ALREADY_DISCOUNTED = 'El ECHEQ ya fue descontado';
const NOT_IN_CUSTODY = 'El ECHEQ no está en custodia';
const DUE = 'El ECHEQ ya venció o vence hoy: no puede descontarse';

/** A discount needs a cheque the clearing house validated as it is now (any change to its face drops that). */
function notValidated(status: string): string {
  return status === 'REJECTED'
    ? 'El ECHEQ fue rechazado por COELSA: no puede descontarse'
    : 'El ECHEQ no está validado por COELSA tal como está ahora: valídelo antes de descontarlo';
}

function amountError(message: string): AppError {
  return validationError(message, [{ path: 'requested_amount', message }]);
}

/** The discount if the caller may see it; a foreign or missing one is a 404 (never reveal existence). */
async function visibleDiscount(db: Queryable, scope: Scope, id: string): Promise<DiscountRow> {
  const row = await findDiscount(db, id, scope);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

function refuseTransition(current: DiscountStatus, action: keyof typeof DISCOUNT_TRANSITIONS): never {
  const t = DISCOUNT_TRANSITIONS[action]!;
  throw invalidTransition(
    `No se puede ${VERB[action]} un descuento en estado ${DISCOUNT_STATUS_LABELS[current]} ` +
      `(solo en estado ${DISCOUNT_STATUS_LABELS[t.from]})`,
  );
}

const VERB: Record<string, string> = {
  approve: 'aprobar',
  reject: 'rechazar',
  cancel: 'cancelar',
  complete: 'completar',
};

function checkVersion(locked: LockedDiscount, version: number | undefined): void {
  if (version !== undefined && version !== locked.version) throw conflict(STALE);
}

/**
 * The unique partial index (one open discount per cheque) backs the check: its violation — the only unique key a
 * new discount can break — is a 409, not a 500.
 */
function mapOpenDiscountViolation(err: unknown): never {
  if (isDbError(err) && err.code === '23505') throw conflict(OPEN_EXISTS);
  throw err;
}

/** A page of discounts: the entries as the JSON text the database wrote (see queryJsonPage) and its figures. */
export async function listDiscounts({
  deps,
  ctx,
  query,
}: Op & {
  query: { page: number; limit: number; status?: DiscountStatus | undefined; search?: string | undefined };
}): Promise<{ entries: string; meta: Omit<Page<Discount>, 'data'> }> {
  const { page, total, totalIsEstimate } = await listDiscountRows(deps.db, scopeOf(ctx.actor), query);
  return { entries: page.entries, meta: { page: query.page, limit: query.limit, total, totalIsEstimate } };
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
      // The custody module's lock: every operation on a cheque's custody or its discounts takes it first.
      const custody = await lockOpenCustodyForEcheq(tx, { echeqId: body.echeq_id, scope });
      if (!custody) {
        // Not in custody for this company: a cheque it cannot see is 404, one of its own not in custody is 409.
        const visible = await findEcheq(tx, body.echeq_id);
        if (!visible || !inScope(scope, { tenantId: visible.tenant_id, companyId: visible.company_id })) {
          throw notFound(ECHEQ_NOT_FOUND);
        }
        throw conflict(NOT_IN_CUSTODY);
      }
      const echeq = await findEcheq(tx, body.echeq_id, true);
      if (!echeq) throw notFound(ECHEQ_NOT_FOUND);
      if (echeq.status !== 'ACTIVE') throw conflict('El ECHEQ no está activo: no puede descontarse');
      if (echeq.validation_status !== 'VALIDATED') throw conflict(notValidated(echeq.validation_status));
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

/**
 * The common shape of every change to an existing discount: in one transaction, lock the cheque's custody row,
 * then the discount row, check its state (and version), change it, audit it, tell the clearing house.
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
  apply: (
    tx: Queryable,
    locked: LockedDiscount,
    before: DiscountRow,
    inCustody: boolean,
    now: Date,
  ) => Promise<{ operation: ClearingOperation; after: DiscountRow }>;
}): Promise<Discount> {
  const scope = scopeOf(ctx.actor);
  return deps.db.transaction(async (tx) => {
    const seen = await visibleDiscount(tx, scope, discountId);
    // The cheque's open custody row first (none when the custody ended: nothing can race on it then).
    const custody = await lockOpenCustodyForEcheq(tx, { echeqId: seen.echeq_id, scope: { kind: 'all' } });
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
  action: keyof typeof DISCOUNT_TRANSITIONS,
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

/** The bank admin approves: the tenant's rate prices it for the days left to the due date (Buenos Aires date). */
export async function approveDiscount({
  deps,
  ctx,
  discountId,
  version,
}: Op & { discountId: string; version?: number | undefined }): Promise<Discount> {
  return changeDiscount({
    deps,
    ctx,
    discountId,
    action: 'discount.approve',
    apply: async (tx, locked, _before, inCustody, now) => {
      if (locked.status !== 'PENDING') refuseTransition(locked.status, 'approve');
      checkVersion(locked, version);
      if (!inCustody) throw conflict(NOT_IN_CUSTODY);
      const echeq = await findEcheqWithRate(tx, locked.echeq_id);
      if (!echeq) throw conflict('El ECHEQ del descuento ya no existe');
      if (echeq.status !== 'ACTIVE') throw conflict('El ECHEQ no está activo: no puede descontarse');
      if (echeq.validation_status !== 'VALIDATED') throw conflict(notValidated(echeq.validation_status));
      if (toCents(locked.requested_amount) > toCents(echeq.amount)) {
        throw conflict('El monto solicitado supera el monto actual del ECHEQ');
      }
      const priced = priceDiscount({
        requestedAmount: locked.requested_amount,
        annualRate: echeq.discount_rate,
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

export async function rejectDiscount({
  deps,
  ctx,
  discountId,
  reason,
  version,
}: Op & { discountId: string; reason: string; version?: number | undefined }): Promise<Discount> {
  return changeDiscount({
    deps,
    ctx,
    discountId,
    action: 'discount.reject',
    apply: async (tx, locked, _before, _custody, now) => {
      const after = await transition(
        tx,
        locked,
        'reject',
        { rejection_reason: reason, rejected_by: ctx.actor.userId, rejected_at: now },
        now,
        version,
      );
      return { operation: 'DISCOUNT_REJECT', after };
    },
  });
}

/** The requesting company (its writer roles) or its bank's admin withdraws a PENDING request. */
export async function cancelDiscount({
  deps,
  ctx,
  discountId,
  version,
}: Op & { discountId: string; version?: number | undefined }): Promise<Discount> {
  return changeDiscount({
    deps,
    ctx,
    discountId,
    action: 'discount.cancel',
    apply: async (tx, locked, _before, _custody, now) => {
      const set = { cancelled_by: ctx.actor.userId, cancelled_at: now };
      return { operation: 'DISCOUNT_CANCEL', after: await transition(tx, locked, 'cancel', set, now, version) };
    },
  });
}

/** The bank paid the approved amount out: APPROVED → COMPLETED. */
export async function completeDiscount({
  deps,
  ctx,
  discountId,
  version,
}: Op & { discountId: string; version?: number | undefined }): Promise<Discount> {
  return changeDiscount({
    deps,
    ctx,
    discountId,
    action: 'discount.complete',
    apply: async (tx, locked, _before, _custody, now) => {
      const set = { completed_by: ctx.actor.userId, completed_at: now };
      return { operation: 'DISCOUNT_COMPLETE', after: await transition(tx, locked, 'complete', set, now, version) };
    },
  });
}

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
        const echeq = await findEcheq(tx, locked.echeq_id, true);
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

/** The clearing house's operation for a discount, as an outbox row (see insertRows). */
function outboxEntry(operation: ClearingOperation, row: DiscountRow): RowInsert {
  return outboxRow({
    tenantId: row.tenant_id,
    operation,
    entity: 'discount',
    entityId: row.id,
    payload: { discount_id: row.id, ...discountSnapshot(row) },
  });
}
