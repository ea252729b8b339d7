import type {
  createEcheqBodySchema,
  Echeq,
  EcheqStatus,
  listEcheqsQuerySchema,
  Page,
  updateEcheqBodySchema,
} from '@echeq/contract';
import type { z } from 'zod';
import { type Ctx, scopeOf } from '../../platform/auth/actor';
import { bookListPage } from '../../platform/db/book-page';
import type { Queryable } from '../../platform/db/db';
import { insertRows, type RowInsert } from '../../platform/db/insert-rows';
import { listFilter } from '../../platform/db/range-filter';
import type { Deps } from '../../platform/deps';
import { invalidTransition, validationError } from '../../platform/http/app-error';
import { auditRow, recordAudit } from '../audit';
import { enqueueClearing, outboxRow, requireClearing } from '../clearing';
import { type EcheqHolds, lockForChange } from './echeqs.holders';
import {
  countEcheqs,
  ECHEQ_GROUP_COLUMNS,
  ECHEQ_SORT_COLUMNS,
  listEcheqPage,
  listOrderedEcheqPage,
} from './echeqs.list';
import { withListActions } from './echeqs.list-actions';
import { actionsOn, toClearingEcheq, toEcheqDto } from './echeqs.mapper';
import { type EcheqRow, findEcheq, insertEcheq, softDeleteEcheq, updateEcheqRow } from './echeqs.queries';
import {
  bankOwned,
  changesFace,
  changesOf,
  checkDates,
  checkIssueDate,
  companyScopeOf,
  echeqNotFound,
  guardDuplicateNumber,
  registryOwned,
  staleVersion,
} from './echeqs.rules';

type EcheqDeps = Pick<Deps, 'db' | 'clock'>;
type CreateInput = z.output<typeof createEcheqBodySchema>;
type UpdateInput = z.output<typeof updateEcheqBodySchema>;
type ListInput = z.output<typeof listEcheqsQuerySchema>;
/** The cheque's own fields as every creation path receives them (validated by the contract). */
export type EcheqFields = Omit<CreateInput, 'status'>;

export type { EcheqHolds };

/**
 * Inserts a cheque inside the caller's transaction and answers it with the records its registration leaves: the
 * clearing house's operation (outbox) and the audit record, for the caller to insert with its own in one statement
 * (insertRows). The caller has already checked the clearing house (requireClearing) outside the transaction.
 */
export async function registerEcheq(
  tx: Queryable,
  opts: {
    ctx: Ctx;
    at: Date;
    tenantId: string;
    companyId: string;
    fields: EcheqFields;
    status?: EcheqStatus;
    /** Set when the caller deposits the new cheque in custody in the same transaction. */
    custodyStatus?: 'IN_CUSTODY';
  },
): Promise<{ row: EcheqRow; records: RowInsert[] }> {
  const { fields: f, tenantId } = opts;
  // A number already used in the bank fails the insert (unique index): guardDuplicateNumber answers 409.
  const row = await insertEcheq(tx, {
    tenantId,
    companyId: opts.companyId,
    addedBy: opts.ctx.actor.userId,
    number: f.number,
    amount: f.amount,
    currency: f.currency,
    issueDate: f.issue_date,
    dueDate: f.due_date,
    issuer: f.issuer,
    issuerCuit: f.issuer_cuit ?? null,
    beneficiary: f.beneficiary,
    beneficiaryCuit: f.beneficiary_cuit ?? null,
    status: opts.status ?? 'ACTIVE',
    custodyStatus: opts.custodyStatus,
    at: opts.at,
  });
  const id = row.id;
  const records = [
    outboxRow({ tenantId, operation: 'ECHEQ_REGISTER', entity: 'echeq', entityId: id, payload: toClearingEcheq(row) }),
    auditRow(opts.ctx, { action: 'echeq.create', entity: 'echeq', entityId: id, tenantId, after: toEcheqDto(row) }),
  ];
  return { row, records };
}

export async function createEcheq(opts: { deps: EcheqDeps; ctx: Ctx; body: CreateInput }): Promise<Echeq> {
  const { deps, ctx, body } = opts;
  const scope = companyScopeOf(ctx);
  checkIssueDate(body.issue_date, deps.clock.now());
  await requireClearing(deps, scope.tenantId);
  const { status, ...fields } = body;
  const row = await guardDuplicateNumber(() =>
    deps.db.transaction(async (tx) => {
      const { row, records } = await registerEcheq(tx, {
        ctx,
        at: deps.clock.now(),
        tenantId: scope.tenantId,
        companyId: scope.companyId,
        fields,
        status,
      });
      await insertRows(tx, records);
      return row;
    }),
  );
  return toEcheqDto(row);
}

export async function getEcheq(opts: { deps: EcheqDeps; ctx: Ctx; id: string }): Promise<Echeq> {
  const row = await findEcheq(opts.deps.db, opts.id, scopeOf(opts.ctx.actor));
  if (!row) throw echeqNotFound();
  const dto = toEcheqDto(row);
  if (!row.registry) return dto;
  const actions = await actionsOn(opts.deps.db, opts.ctx, row, opts.deps.clock.now());
  return { ...dto, registry: row.registry, actions };
}

/**
 * A page of the book: its entries as the JSON text the database wrote (see queryJsonPage), each registry cheque with
 * the caller's actions (withListActions), and the page's figures.
 */
export async function listEcheqs(opts: {
  deps: EcheqDeps;
  ctx: Ctx;
  query: ListInput;
}): Promise<{ entries: string; meta: Omit<Page<Echeq>, 'data'> & { nextCursor?: string | null } }> {
  const { deps, ctx, query } = opts;
  const scope = scopeOf(ctx.actor);
  const filter = listFilter(query);
  const page = await bookListPage({
    query,
    scope,
    groupColumns: ECHEQ_GROUP_COLUMNS,
    sortColumns: ECHEQ_SORT_COLUMNS,
    defaultOrder: { sort: '-created_at', keyset: (at) => listEcheqPage(deps.db, scope, { ...filter, ...at }) },
    ordered: (at) => listOrderedEcheqPage(deps.db, scope, { ...filter, ...at }),
    count: (at) => countEcheqs(deps.db, scope, { ...filter, ...at }),
  });
  return { ...page, entries: await withListActions(deps.db, ctx, page.entries, deps.clock.now()) };
}

export async function updateEcheq(opts: {
  deps: EcheqDeps;
  holds: EcheqHolds;
  ctx: Ctx;
  id: string;
  body: UpdateInput;
}): Promise<Echeq> {
  const { deps, holds, ctx, id, body } = opts;
  const scope = scopeOf(ctx.actor);
  const current = await findEcheq(deps.db, id, scope);
  if (!current) throw echeqNotFound();
  if (current.origin === 'REGISTRY') throw registryOwned('modificarse');
  if (body.number !== undefined && body.number !== current.number) {
    throw validationError('El número de un ECHEQ no puede modificarse', [
      { path: 'number', message: 'El número no puede modificarse' },
    ]);
  }
  await requireClearing(deps, current.tenant_id);
  const row = await deps.db.transaction(async (tx) => {
    const { before, inCustody } = await lockForChange(tx, holds, id, scope);
    // The bank's cheque, and a cheque in custody, are changed only by operations (issue 20), even to the same values.
    if (before.discounted_at) throw bankOwned('modificarse, cancelarse ni eliminarse');
    if (inCustody) {
      throw invalidTransition(
        'El ECHEQ está en custodia: solo cambia mediante las operaciones de custodia y descuento, no desde el formulario de edición',
      );
    }
    if (body.version !== undefined && body.version !== before.version) throw staleVersion();
    const changes = changesOf(before, body);
    if (Object.keys(changes).length === 0) return before;
    const face = changesFace(changes);
    if (face && (await holds.hasOpenDiscount(tx, id))) {
      throw invalidTransition(
        'El ECHEQ tiene un descuento pendiente: no se pueden modificar emisor, CUIT, beneficiario, fechas, monto ni moneda',
      );
    }
    const now = deps.clock.now();
    if (changes.issue_date) checkIssueDate(changes.issue_date, now);
    checkDates(changes.issue_date ?? before.issue_date, changes.due_date ?? before.due_date);
    // A new face is not the one the clearing house validated: PENDING until it is validated again.
    await updateEcheqRow(tx, id, changes, now, { revalidate: face && before.validation_status !== 'PENDING' });
    const after = (await findEcheq(tx, id, { kind: 'all' }))!;
    await enqueueClearing(tx, {
      tenantId: after.tenant_id,
      operation: 'ECHEQ_UPDATE',
      entity: 'echeq',
      entityId: id,
      payload: toClearingEcheq(after),
    });
    await recordAudit(tx, ctx, {
      action: 'echeq.update',
      entity: 'echeq',
      entityId: id,
      tenantId: after.tenant_id,
      before: toEcheqDto(before),
      after: toEcheqDto(after),
    });
    return after;
  });
  return toEcheqDto(row);
}

/**
 * Soft delete: kept for the audit trail and reports, gone from every list, its number still taken in the bank (the
 * unique index counts deleted cheques). Refused while in custody, with a pending discount or once discounted.
 */
export async function deleteEcheq(opts: {
  deps: EcheqDeps;
  holds: EcheqHolds;
  ctx: Ctx;
  id: string;
}): Promise<{ id: string }> {
  const { deps, holds, ctx, id } = opts;
  const scope = scopeOf(ctx.actor);
  const found = await findEcheq(deps.db, id, scope);
  if (!found) throw echeqNotFound();
  if (found.origin === 'REGISTRY') throw registryOwned('eliminarse');
  await deps.db.transaction(async (tx) => {
    const { before, inCustody } = await lockForChange(tx, holds, id, scope);
    if (before.discounted_at) throw bankOwned('eliminarse');
    if (inCustody) {
      throw invalidTransition('No se puede eliminar un ECHEQ en custodia. Libere la custodia primero.');
    }
    if (await holds.hasOpenDiscount(tx, id)) {
      throw invalidTransition('No se puede eliminar un ECHEQ con un descuento pendiente.');
    }
    const at = deps.clock.now();
    await softDeleteEcheq(tx, id, ctx.actor.userId, at);
    await enqueueClearing(tx, {
      tenantId: before.tenant_id,
      operation: 'ECHEQ_DELETE',
      entity: 'echeq',
      entityId: id,
      payload: { echeq_id: id, number: before.number },
    });
    await recordAudit(tx, ctx, {
      action: 'echeq.delete',
      entity: 'echeq',
      entityId: id,
      tenantId: before.tenant_id,
      before: toEcheqDto(before),
      after: { deleted_at: at.toISOString() },
    });
  });
  return { id };
}
