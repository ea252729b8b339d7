import { MAX_TERM_DAYS, toCents, type updateEcheqBodySchema } from '@echeq/contract';
import type { z } from 'zod';
import { type Ctx, type Scope, scopeOf } from '../../platform/auth/actor';
import { buenosAiresDate, daysBetween } from '../../platform/clock';
import { isDbError } from '../../platform/db/db';
import { AppError, conflict, invalidTransition, notFound, validationError } from '../../platform/http/app-error';
import type { EcheqChanges, EcheqRow } from './echeqs.queries';

type UpdateInput = z.output<typeof updateEcheqBodySchema>;

export const echeqNotFound = () => notFound('ECHEQ no encontrado');

export const staleVersion = () =>
  conflict('El registro fue modificado por otra operación. Actualice la información e intente nuevamente.');

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

/**
 * A registry cheque (LIFECYCLE §5) is the clearing house's: it changes only by its operations, never through the
 * specification's edit or delete.
 */
export function registryOwned(what: string): AppError {
  return invalidTransition(
    `El ECHEQ fue emitido a través del registro de COELSA y no puede ${what}: cambia solo mediante sus operaciones (aceptar, endosar, custodiar, depositar…)`,
  );
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

/** A due date within the term the cheque may have after its issue date. */
export function checkDates(issue: string, due: string): void {
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

/** The company a new cheque belongs to: only company roles create, always for their own company. */
export function companyScopeOf(ctx: Ctx): Extract<Scope, { kind: 'company' }> {
  const scope = scopeOf(ctx.actor);
  if (scope.kind !== 'company') throw new AppError('FORBIDDEN', 'Solo una empresa puede registrar ECHEQs');
  return scope;
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
const FACE = new Set<string>(FIELDS.filter((f) => f !== 'status'));

/** What an edit really changes (a value equal to the current one is no change). */
export function changesOf(row: EcheqRow, body: UpdateInput): EcheqChanges {
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

/** True when the changes touch the cheque's face. */
export const changesFace = (changes: EcheqChanges): boolean => Object.keys(changes).some((k) => FACE.has(k));
