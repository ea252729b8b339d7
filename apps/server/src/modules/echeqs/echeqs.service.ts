import {
  type createEcheqBodySchema,
  type Echeq,
  type EcheqStatus,
  type listEcheqsQuerySchema,
  MAX_TERM_DAYS,
  type Page,
  toCents,
  type updateEcheqBodySchema,
  type ValidationStatus,
} from '@echeq/contract';
import type { z } from 'zod';
import { type Ctx, type Scope, scopeOf } from '../../platform/auth/actor';
import { buenosAiresDate, daysBetween } from '../../platform/clock';
import { isDbError, type Queryable } from '../../platform/db/db';
import { insertRows, type RowInsert } from '../../platform/db/insert-rows';
import type { Deps } from '../../platform/deps';
import { AppError, conflict, invalidTransition, notFound, validationError } from '../../platform/http/app-error';
import { auditRow, recordAudit } from '../audit';
import {
  type EcheqForValidation,
  enqueueClearing,
  outboxRow,
  requireClearing,
  validateWithClearing,
} from '../clearing';
import { toEcheqDto } from './echeqs.mapper';
import {
  countEcheqs,
  type EcheqChanges,
  type EcheqRow,
  findEcheq,
  hasOpenDiscount,
  insertEcheq,
  listEcheqPage,
  lockOpenCustodyOf,
  setValidation,
  softDeleteEcheq,
  updateEcheqRow,
} from './echeqs.queries';
import { decodeCursor, keysetPage } from './keyset';

type EcheqDeps = Pick<Deps, 'db' | 'clock'>;
type CreateInput = z.output<typeof createEcheqBodySchema>;
type UpdateInput = z.output<typeof updateEcheqBodySchema>;
type ListInput = z.output<typeof listEcheqsQuerySchema>;
/** The cheque's own fields as every creation path receives them (validated by the contract). */
export type EcheqFields = Omit<CreateInput, 'status'>;

const echeqNotFound = () => notFound('ECHEQ no encontrado');

const duplicateNumber = () =>
  new AppError('DUPLICATE', 'Ya existe un ECHEQ con ese número en este banco', {
    errors: [{ path: 'number', message: 'Número de ECHEQ ya registrado' }],
  });

/** Runs a creation and turns a lost race on the bank's unique number into 409 DUPLICATE. */
export async function guardDuplicateNumber<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isDbError(err) && err.code === '23505') throw duplicateNumber();
    throw err;
  }
}

/** The cheque as the clearing house sees it (amount as the exact decimal text of the database). */
export function clearingPayload(row: EcheqRow): EcheqForValidation {
  return {
    id: row.id,
    number: row.number,
    amount: row.amount,
    currency: row.currency.trim(),
    issue_date: row.issue_date,
    due_date: row.due_date,
    issuer: row.issuer,
    issuer_cuit: row.issuer_cuit,
    beneficiary: row.beneficiary,
    beneficiary_cuit: row.beneficiary_cuit,
  };
}

/**
 * A cheque whose discount was approved is the bank's until the end of its life: nobody edits, cancels, deletes or
 * releases it through the company's screens (issue 20). `what` says what was refused.
 */
export function bankOwned(what: string): AppError {
  return invalidTransition(
    `El ECHEQ fue descontado por el banco: desde la aprobación del descuento le pertenece y no puede ${what}`,
  );
}

/** An issue date the cheque can carry: not after today in Buenos Aires (the schema refuses dates before 2019). */
export function checkIssueDate(issueDate: string, now: Date): void {
  if (issueDate > buenosAiresDate(now)) {
    throw validationError('La fecha de emisión no puede ser posterior a hoy', [
      { path: 'issue_date', message: 'Posterior a la fecha de hoy' },
    ]);
  }
}

/** The company a new cheque belongs to: only company roles create, always for their own company. */
export function companyScopeOf(ctx: Ctx): Extract<Scope, { kind: 'company' }> {
  const scope = scopeOf(ctx.actor);
  if (scope.kind !== 'company') throw new AppError('FORBIDDEN', 'Solo una empresa puede registrar ECHEQs');
  return scope;
}

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
    createdBy: opts.ctx.actor.userId,
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
    outboxRow({ tenantId, operation: 'ECHEQ_REGISTER', entity: 'echeq', entityId: id, payload: clearingPayload(row) }),
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
  return toEcheqDto(row);
}

/** A page of the book: its entries as the JSON text the database wrote (see queryJsonPage) and the page's figures. */
export async function listEcheqs(opts: {
  deps: EcheqDeps;
  ctx: Ctx;
  query: ListInput;
}): Promise<{ entries: string; meta: Omit<Page<Echeq>, 'data'> & { nextCursor: string | null } }> {
  const { deps, ctx, query } = opts;
  const scope = scopeOf(ctx.actor);
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const filter = { status: query.status, search: query.search || undefined };
  const page = await listEcheqPage(deps.db, scope, {
    ...filter,
    limit: query.limit,
    offset: after ? 0 : (query.page - 1) * query.limit,
    after,
  });
  const total = await countEcheqs(deps.db, scope, {
    ...filter,
    offset: after ? null : (query.page - 1) * query.limit,
    limit: query.limit,
    pageRows: page.count,
  });
  return keysetPage(page, query, total);
}

const FIELDS = [
  'amount',
  'currency',
  'issue_date',
  'due_date',
  'issuer',
  'issuer_cuit',
  'beneficiary',
  'beneficiary_cuit',
  'status',
] as const;
/**
 * The cheque's face: what the clearing house validates and the bank prices. Frozen while a discount is PENDING or
 * APPROVED; a change drops the validation (the cheque is PENDING until validated again as it is now).
 */
const FACE = new Set([
  'amount',
  'currency',
  'issue_date',
  'due_date',
  'issuer',
  'issuer_cuit',
  'beneficiary',
  'beneficiary_cuit',
]);

function changesOf(row: EcheqRow, body: UpdateInput): EcheqChanges {
  const changes: Record<string, unknown> = {};
  for (const key of FIELDS) {
    const value = body[key];
    if (value === undefined) continue;
    const current = key === 'currency' ? row.currency.trim() : row[key];
    const same = key === 'amount' ? toCents(value as number) === toCents(row.amount) : value === current;
    if (!same) changes[key] = value;
  }
  return changes as EcheqChanges;
}

function checkDates(issue: string, due: string): void {
  const days = daysBetween(issue, due);
  if (days < 0) {
    throw validationError('La fecha de vencimiento no puede ser anterior a la de emisión', [
      { path: 'due_date', message: 'Anterior a la fecha de emisión' },
    ]);
  }
  if (days > MAX_TERM_DAYS) {
    throw validationError(`La fecha de vencimiento no puede superar ${MAX_TERM_DAYS} días desde la emisión`, [
      { path: 'due_date', message: `Más de ${MAX_TERM_DAYS} días desde la emisión` },
    ]);
  }
}

export const staleVersion = () =>
  conflict('El registro fue modificado por otra operación. Actualice la información e intente nuevamente.');

export async function updateEcheq(opts: { deps: EcheqDeps; ctx: Ctx; id: string; body: UpdateInput }): Promise<Echeq> {
  const { deps, ctx, id, body } = opts;
  const scope = scopeOf(ctx.actor);
  const current = await findEcheq(deps.db, id, scope);
  if (!current) throw echeqNotFound();
  if (body.number !== undefined && body.number !== current.number) {
    throw validationError('El número de un ECHEQ no puede modificarse', [
      { path: 'number', message: 'El número no puede modificarse' },
    ]);
  }
  await requireClearing(deps, current.tenant_id);
  const row = await deps.db.transaction(async (tx) => {
    // Custody first, then the cheque: the order every custody and discount operation locks in.
    const inCustody = await lockOpenCustodyOf(tx, id);
    const before = await findEcheq(tx, id, scope, { forUpdate: true });
    if (!before) throw echeqNotFound();
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
    const face = Object.keys(changes).some((k) => FACE.has(k));
    if (face && (await hasOpenDiscount(tx, id))) {
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
      payload: clearingPayload(after),
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
export async function deleteEcheq(opts: { deps: EcheqDeps; ctx: Ctx; id: string }): Promise<{ id: string }> {
  const { deps, ctx, id } = opts;
  const scope = scopeOf(ctx.actor);
  if (!(await findEcheq(deps.db, id, scope))) throw echeqNotFound();
  await deps.db.transaction(async (tx) => {
    const inCustody = await lockOpenCustodyOf(tx, id);
    const before = await findEcheq(tx, id, scope, { forUpdate: true });
    if (!before) throw echeqNotFound();
    if (before.discounted_at) throw bankOwned('eliminarse');
    if (inCustody) {
      throw invalidTransition('No se puede eliminar un ECHEQ en custodia. Libere la custodia primero.');
    }
    if (await hasOpenDiscount(tx, id)) {
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

/** Asks the bank's clearing house to validate the cheque and stores its answer (audited). */
export async function validateEcheq(opts: {
  deps: Deps;
  ctx: Ctx;
  id: string;
}): Promise<{ echeq: Echeq; validation_status: ValidationStatus; message: string | null }> {
  const { deps, ctx, id } = opts;
  const scope = scopeOf(ctx.actor);
  const row = await findEcheq(deps.db, id, scope);
  if (!row) throw echeqNotFound();
  const sent = clearingPayload(row);
  const result = await validateWithClearing(deps, row.tenant_id, sent);
  const after = await deps.db.transaction(async (tx) => {
    const before = await findEcheq(tx, id, scope, { forUpdate: true });
    if (!before) throw echeqNotFound();
    // The answer is about the cheque as it was sent: if it changed meanwhile, it says nothing about it now.
    if (JSON.stringify(clearingPayload(before)) !== JSON.stringify(sent)) {
      throw conflict('El ECHEQ cambió mientras COELSA lo validaba. Valídelo nuevamente.');
    }
    await setValidation(tx, id, { status: result.status, message: result.message, at: deps.clock.now() });
    const fresh = (await findEcheq(tx, id, { kind: 'all' }))!;
    await recordAudit(tx, ctx, {
      action: 'echeq.validate',
      entity: 'echeq',
      entityId: id,
      tenantId: fresh.tenant_id,
      before: { validation_status: before.validation_status, validation_message: before.validation_message },
      after: { validation_status: fresh.validation_status, validation_message: fresh.validation_message },
    });
    return fresh;
  });
  return { echeq: toEcheqDto(after), validation_status: result.status, message: result.message };
}
