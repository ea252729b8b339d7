import {
  CUSTODY_STATUS_LABELS,
  type Custody,
  type createCustodyBodySchema,
  type Echeq,
  type listCustodyQuerySchema,
  type Page,
  PRESENTATION_DAYS,
  type releaseCustodyBodySchema,
} from '@echeq/contract';
import type { z } from 'zod';
import { type Ctx, scopeOf } from '../../platform/auth/actor';
import { addDays, buenosAiresDate } from '../../platform/clock';
import { bookListPage } from '../../platform/db/book-page';
import { insertRows } from '../../platform/db/insert-rows';
import { listFilter } from '../../platform/db/range-filter';
import type { Deps } from '../../platform/deps';
import { invalidTransition, notFound, validationError } from '../../platform/http/app-error';
import { auditRow } from '../audit';
import { outboxRow, requireClearing } from '../clearing';
import {
  bankOwned,
  checkIssueDate,
  companyScopeOf,
  type EcheqHolds,
  guardDuplicateNumber,
  registerEcheq,
  staleVersion,
  toClearingEcheq,
  toEcheqDto,
} from '../echeqs';
import {
  CUSTODY_GROUP_COLUMNS,
  CUSTODY_SORT_COLUMNS,
  countCustody,
  listCustodyPage,
  listOrderedCustodyPage,
} from './custody.list';
import { toCustodyDto } from './custody.mapper';
import { findCustody, insertCustody, markReleased } from './custody.queries';

type CustodyDeps = Pick<Deps, 'db' | 'clock'>;
/** What a release asks of discounts, which come after this module in the order (app.ts passes it). */
export type CustodyHolds = Pick<EcheqHolds, 'hasOpenDiscount'>;
type CreateInput = z.output<typeof createCustodyBodySchema>;
type ReleaseInput = z.output<typeof releaseCustodyBodySchema>;
type ListInput = z.output<typeof listCustodyQuerySchema>;

const custodyNotFound = () => notFound('Custodia no encontrada');

/** The last day a cheque can be presented: its due date plus the presentation period. */
function presentationDeadline(dueDate: string): string {
  return addDays(dueDate, PRESENTATION_DAYS);
}

/**
 * Deposits a new cheque in custody: the cheque, its custody record, both outbox records and both audit records in
 * one transaction. A cheque whose presentation period is already over cannot be deposited.
 */
export async function createCustody(opts: {
  deps: CustodyDeps;
  ctx: Ctx;
  body: CreateInput;
}): Promise<{ echeq: Echeq; custody: Custody }> {
  const { deps, ctx, body } = opts;
  const scope = companyScopeOf(ctx);
  const now = deps.clock.now();
  checkIssueDate(body.issue_date, now);
  const deadline = presentationDeadline(body.due_date);
  if (deadline < buenosAiresDate(now)) {
    throw validationError('El plazo de presentación del ECHEQ ya venció: no puede depositarse en custodia', [
      { path: 'due_date', message: `Vencido hace más de ${PRESENTATION_DAYS} días` },
    ]);
  }
  await requireClearing(deps, scope.tenantId);
  const { notes, ...fields } = body;
  return guardDuplicateNumber(() =>
    deps.db.transaction(async (tx) => {
      const { row: echeq, records } = await registerEcheq(tx, {
        ctx,
        at: now,
        tenantId: scope.tenantId,
        companyId: scope.companyId,
        fields,
        custodyStatus: 'IN_CUSTODY',
      });
      const inserted = await insertCustody(tx, {
        tenantId: scope.tenantId,
        companyId: scope.companyId,
        echeqId: echeq.id,
        presentationDeadline: deadline,
        notes: notes || null,
        addedBy: ctx.actor.userId,
        at: now,
      });
      const id = inserted.id;
      const custody = toCustodyDto(inserted);
      // The cheque's records first: the clearing house registers the cheque before it takes it in custody.
      await insertRows(tx, [
        ...records,
        outboxRow({
          tenantId: scope.tenantId,
          operation: 'CUSTODY_DEPOSIT',
          entity: 'custody',
          entityId: id,
          payload: { echeq_id: echeq.id, custody_id: id, echeq: toClearingEcheq(echeq) },
        }),
        auditRow(ctx, {
          action: 'custody.create',
          entity: 'custody',
          entityId: id,
          tenantId: scope.tenantId,
          after: custody,
        }),
      ]);
      return { echeq: toEcheqDto(echeq), custody };
    }),
  );
}

export async function getCustody(opts: { deps: CustodyDeps; ctx: Ctx; id: string }): Promise<Custody> {
  const row = await findCustody(opts.deps.db, opts.id, scopeOf(opts.ctx.actor));
  if (!row) throw custodyNotFound();
  return toCustodyDto(row);
}

/** A page of custody records: the entries as the JSON text the database wrote (see queryJsonPage) and its figures. */
export async function listCustody(opts: {
  deps: CustodyDeps;
  ctx: Ctx;
  query: ListInput;
}): Promise<{ entries: string; meta: Omit<Page<Custody>, 'data'> & { nextCursor?: string | null } }> {
  const { deps, ctx, query } = opts;
  const scope = scopeOf(ctx.actor);
  const filter = listFilter(query);
  return bookListPage({
    query,
    scope,
    groupColumns: CUSTODY_GROUP_COLUMNS,
    sortColumns: CUSTODY_SORT_COLUMNS,
    defaultOrder: { sort: '-custody_date', keyset: (at) => listCustodyPage(deps.db, scope, { ...filter, ...at }) },
    ordered: (at) => listOrderedCustodyPage(deps.db, scope, { ...filter, ...at }),
    count: (at) => countCustody(deps.db, scope, { ...filter, ...at }),
  });
}

/**
 * IN_CUSTODY → RELEASED with a reason. The custody row is locked first, then the discounts are checked: a release
 * racing a discount request or approval serialises on that lock, and of two releases exactly one wins.
 */
export async function releaseCustody(opts: {
  deps: CustodyDeps;
  holds: CustodyHolds;
  ctx: Ctx;
  id: string;
  body: ReleaseInput;
}): Promise<Custody> {
  const { deps, holds, ctx, id, body } = opts;
  const scope = scopeOf(ctx.actor);
  return deps.db.transaction(async (tx) => {
    const before = await findCustody(tx, id, scope, { forUpdate: true });
    if (!before) throw custodyNotFound();
    if (before.status !== 'IN_CUSTODY') {
      throw invalidTransition(
        `Solo se puede liberar un ECHEQ En Custodia (estado actual: ${CUSTODY_STATUS_LABELS[before.status]})`,
      );
    }
    // The discount's approval marks the cheque under this same lock (approve locks the open custody first).
    if (before.discounted_at) throw bankOwned('liberarse de la custodia');
    if (body.version !== undefined && body.version !== before.version) throw staleVersion();
    if (await holds.hasOpenDiscount(tx, before.echeq_id)) {
      throw invalidTransition('No se puede liberar la custodia: el ECHEQ tiene un descuento pendiente');
    }
    const at = deps.clock.now();
    if (!(await markReleased(tx, id, { reason: body.reason, by: ctx.actor.userId, at }))) {
      throw invalidTransition('La custodia ya no está En Custodia');
    }
    const after = toCustodyDto((await findCustody(tx, id, { kind: 'all' }))!);
    await insertRows(tx, [
      outboxRow({
        tenantId: before.tenant_id,
        operation: 'CUSTODY_RELEASE',
        entity: 'custody',
        entityId: id,
        payload: { echeq_id: before.echeq_id, custody_id: id, reason: body.reason },
      }),
      auditRow(ctx, {
        action: 'custody.release',
        entity: 'custody',
        entityId: id,
        tenantId: before.tenant_id,
        before: { status: before.status, version: before.version },
        after: { status: after.status, release_reason: after.release_reason, release_date: after.release_date },
      }),
    ]);
    return after;
  });
}
