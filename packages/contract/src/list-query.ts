import { z } from 'zod';
import { isoDateSchema, pageQuerySchema, uuidSchema } from './common';

/**
 * The pieces of the lists' queries: page and limit (`pageQuerySchema`), a search, and the sorts, keyset cursor and
 * range filters shared by the book's lists (cheques, custody, discounts). A sort is one of the list's keys,
 * ascending, or the key after a minus sign, descending (`amount`, `-amount`); without one the list keeps its order,
 * newest first. Each sort pages by its own keyset (the `cursor` of the previous page). `status` sorts by the status's
 * label (the Spanish word the screens show: the list's `*_STATUS_LABELS`) and `company` by the company's name, each
 * newest first within a status or company.
 */
export type SortValue<K extends string> = K | `-${K}`;

export function sortSchema<const K extends string>(keys: readonly [K, ...K[]]) {
  const values = keys.flatMap((k) => [k, `-${k}`]) as [SortValue<K>, ...SortValue<K>[]];
  return z.enum(values, { message: `Orden inválido (valores admitidos: ${values.join(', ')})` });
}

/** The key and direction of a sort value. */
export function parseSort<K extends string>(sort: SortValue<K>): { key: K; desc: boolean } {
  return sort.startsWith('-') ? { key: sort.slice(1) as K, desc: true } : { key: sort as K, desc: false };
}

/** An amount in a query string: digits with up to two decimals (a dot), kept as text so that it stays exact. */
const amountQuerySchema = (label: string) =>
  z
    .string()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, { message: `${label}: un importe con hasta dos decimales (por ejemplo 1500.50)` });

/** The range filters of a book list: the list's date (see each list) and amount, the bank and the company. */
export const rangeFilterShape = {
  date_from: isoDateSchema.optional(),
  date_to: isoDateSchema.optional(),
  amount_min: amountQuerySchema('Monto mínimo').optional(),
  amount_max: amountQuerySchema('Monto máximo').optional(),
  /** A bank (system administrator); anyone else only narrows their own scope with it. */
  tenant_id: uuidSchema.optional(),
  /** A company of the caller's scope. */
  company_id: uuidSchema.optional(),
};

export type RangeFilter = {
  date_from?: string | undefined;
  date_to?: string | undefined;
  amount_min?: string | undefined;
  amount_max?: string | undefined;
  tenant_id?: string | undefined;
  company_id?: string | undefined;
};

/** An impossible range says why (the schemas' superRefine). */
export function checkRanges(q: RangeFilter, ctx: z.RefinementCtx): void {
  if (q.date_from && q.date_to && q.date_from > q.date_to) {
    ctx.addIssue({
      code: 'custom',
      path: ['date_to'],
      message: 'La fecha hasta no puede ser anterior a la fecha desde',
    });
  }
  if (q.amount_min && q.amount_max && Number(q.amount_min) > Number(q.amount_max)) {
    ctx.addIssue({ code: 'custom', path: ['amount_max'], message: 'El monto máximo no puede ser menor que el mínimo' });
  }
}

/** True when a range filter narrows the list (the default page's statement is then not used as it is). */
export function hasRangeFilter(q: RangeFilter): boolean {
  return Boolean(q.date_from || q.date_to || q.amount_min || q.amount_max || q.tenant_id || q.company_id);
}

/** A list's search box: part of a number, a name or an e-mail, case-insensitive. */
export const searchQuerySchema = z.string().trim().max(100).optional();

/** The keyset cursor of a list's next page: the previous page's `nextCursor` (faster than `page` for deep paging). */
export const cursorQuerySchema = z.string().max(300).optional();

/**
 * A book list's query (cheques, custody, discounts): page and limit, its status filter, a search, the keyset cursor
 * (a sorted page's own), its sort and the range filters; an impossible range says why.
 */
export function bookListQuerySchema<S extends z.ZodType, T extends z.ZodType>(opts: { status: S; sort: T }) {
  return pageQuerySchema
    .extend({
      status: opts.status.optional(),
      search: searchQuerySchema,
      cursor: cursorQuerySchema,
      sort: opts.sort.optional(),
      ...rangeFilterShape,
    })
    .superRefine(checkRanges);
}
