import { z } from 'zod';
import { isValidCuit, normalizeCuit } from './cuit';
import { hasAtMostTwoDecimals, MAX_AMOUNT } from './money';

/** `{ success: true, message?, data }` around a payload schema. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string().optional(), data });
}

export const messageOnlySchema = z.object({ success: z.literal(true), message: z.string().optional() });

export const uuidSchema = z.uuid({ message: 'Identificador inválido' });
export const idParamsSchema = z.strictObject({ id: uuidSchema });

/** ISO date `YYYY-MM-DD` that exists in the calendar. */
export const isoDateSchema = z
  .string({ message: 'Fecha requerida' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Fecha inválida (formato AAAA-MM-DD)' })
  .refine(
    (v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    },
    { message: 'Fecha inexistente' },
  );

export const timestampSchema = z.string();

/** A positive amount with at most two decimals within the contract's bound. */
export const amountSchema = z
  .number({ message: 'El monto debe ser un número' })
  .refine(Number.isFinite, { message: 'El monto debe ser un número finito' })
  .refine((n) => n > 0, { message: 'El monto debe ser mayor que cero' })
  .refine((n) => n <= MAX_AMOUNT, { message: 'El monto supera el máximo permitido' })
  .refine(hasAtMostTwoDecimals, { message: 'El monto admite como máximo dos decimales' });

/** CUIT with or without hyphens in, 11 digits out; the check digit must be valid. */
export const cuitSchema = z
  .string({ message: 'CUIT requerido' })
  .refine(isValidCuit, { message: 'CUIT inválido' })
  .transform((v) => normalizeCuit(v) as string);

export const currencySchema = z.enum(['ARS', 'USD']);
export type Currency = z.infer<typeof currencySchema>;

export const emailSchema = z
  .string({ message: 'Email requerido' })
  .trim()
  .toLowerCase()
  .max(254, { message: 'Email demasiado largo' })
  .pipe(z.email({ message: 'Email inválido' }));

/**
 * Control characters (Unicode Cc: C0, DEL, C1) and the bidirectional formatting characters (embeddings, overrides,
 * isolates and the directional marks) that make a stored name read differently from what it is ("Trojan Source").
 */
const CONTROL_OR_BIDI = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/** True when the text has no control or bidirectional formatting character; `lines` allows tabs and line breaks. */
export function isPlainText(v: string, opts: { lines?: boolean } = {}): boolean {
  return !CONTROL_OR_BIDI.test(opts.lines ? v.replace(/[\t\n\r]/g, '') : v);
}

/**
 * A required, trimmed, single-line text of bounded length, without control or bidirectional characters; its
 * messages agree with the label's gender ('Emisor requerido', 'Razón social requerida').
 */
export function textSchema(label: string, max = 200, gender: 'm' | 'f' = 'm') {
  const required = `${label} ${gender === 'f' ? 'requerida' : 'requerido'}`;
  return z
    .string({ message: required })
    .trim()
    .min(1, { message: required })
    .max(max, { message: `${label}: máximo ${max} caracteres` })
    .refine((v) => isPlainText(v), {
      message: `${label}: contiene caracteres de control o de dirección no permitidos`,
    });
}

/** Optional multi-line notes: trimmed, bounded, line breaks allowed, other control and bidirectional ones not. */
export function notesSchema(max = 1000) {
  return z
    .string()
    .trim()
    .max(max, { message: `Notas: máximo ${max} caracteres` })
    .refine((v) => isPlainText(v, { lines: true }), {
      message: 'Notas: contiene caracteres de control o de dirección no permitidos',
    });
}

export const PAGE_DEFAULT = 1;
export const LIMIT_DEFAULT = 10;
export const LIMIT_MAX = 100;

const intFromQuery = (label: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, { message: `${label} debe ser un entero positivo` })
    .transform(Number);

export const pageQuerySchema = z.strictObject({
  page: intFromQuery('page')
    .refine((n) => n >= 1, { message: 'page debe ser al menos 1' })
    .default(PAGE_DEFAULT),
  limit: intFromQuery('limit')
    .refine((n) => n >= 1 && n <= LIMIT_MAX, { message: `limit debe estar entre 1 y ${LIMIT_MAX}` })
    .default(LIMIT_DEFAULT),
});

/** Paged list payload: `{ data, page, limit, total, totalIsEstimate? }`. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    /** True when `total` is an estimate (very large result sets); exact otherwise. */
    totalIsEstimate: z.boolean().optional(),
  });
}

export type Page<T> = { data: T[]; page: number; limit: number; total: number; totalIsEstimate?: boolean };
