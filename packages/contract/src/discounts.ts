import { z } from 'zod';
import { amountSchema, envelope, notesSchema, pageSchema, textSchema, timestampSchema, uuidSchema } from './common';
import { bookListQuerySchema, sortSchema } from './list-query';

export const discountStatusSchema = z.enum(['PENDING', 'APPROVED', 'REJECTED', 'CANCELLED', 'COMPLETED'], {
  message: 'Estado inválido',
});
export type DiscountStatus = z.infer<typeof discountStatusSchema>;

export const DISCOUNT_STATUS_LABELS: Record<DiscountStatus, string> = {
  PENDING: 'Pendiente',
  APPROVED: 'Aprobado',
  REJECTED: 'Rechazado',
  CANCELLED: 'Cancelado',
  COMPLETED: 'Completado',
};

/** The only transitions there are (specification §4, CONTRACT §5). */
export const DISCOUNT_TRANSITIONS: Record<string, { from: DiscountStatus; to: DiscountStatus }> = {
  approve: { from: 'PENDING', to: 'APPROVED' },
  reject: { from: 'PENDING', to: 'REJECTED' },
  cancel: { from: 'PENDING', to: 'CANCELLED' },
  complete: { from: 'APPROVED', to: 'COMPLETED' },
};

/** The fixed reason the screen sends when a bank admin rejects. */
export const DEFAULT_REJECTION_REASON = 'Rechazado por el administrador';

/**
 * The reasons a bank usually gives, offered by the reject dialog (the specification's fixed text first); the bank
 * may also write its own. The company reads the one chosen in its view of the discount.
 */
export const DISCOUNT_REJECTION_REASONS = [
  DEFAULT_REJECTION_REASON,
  'Documentación incompleta o inconsistente',
  'El librador no cumple la política de crédito del banco',
  'El plazo hasta el vencimiento está fuera de la política del banco',
  'La empresa superó su límite de crédito para descuentos',
  'El ECHEQ tiene observaciones en la cámara compensadora',
] as const;

export const discountSchema = z.object({
  id: uuidSchema,
  echeq_id: uuidSchema,
  echeq: z
    .object({
      id: uuidSchema,
      number: z.string(),
      amount: z.number(),
      currency: z.string(),
      due_date: z.string(),
      issuer: z.string(),
      beneficiary: z.string(),
    })
    .nullable(),
  requested_amount: z.number(),
  approved_amount: z.number().nullable(),
  /** The annual nominal rate applied on approval (a fraction, e.g. 0.45). */
  rate: z.number().nullable(),
  /** Calendar days from approval to the cheque's due date used in pricing. */
  days: z.number().int().nullable(),
  status: discountStatusSchema,
  requested_at: timestampSchema,
  approved_at: timestampSchema.nullable(),
  rejected_at: timestampSchema.nullable(),
  cancelled_at: timestampSchema.nullable(),
  completed_at: timestampSchema.nullable(),
  notes: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  company_name: z.string().nullable(),
  /** The bank of the discount (the system administrator's lists name it). */
  tenant_id: uuidSchema.optional(),
  version: z.number().int(),
});
export type Discount = z.infer<typeof discountSchema>;

export const createDiscountBodySchema = z.strictObject({
  echeq_id: uuidSchema,
  requested_amount: amountSchema,
  notes: notesSchema().optional(),
});
export type CreateDiscountBody = z.input<typeof createDiscountBodySchema>;

/** Edit while PENDING, by the requesting company: amount and/or notes; `version` guards lost updates. */
export const updateDiscountBodySchema = z
  .strictObject({
    requested_amount: amountSchema.optional(),
    notes: notesSchema().nullable().optional(),
    version: z.number().int().positive().optional(),
  })
  .refine((v) => v.requested_amount !== undefined || v.notes !== undefined, {
    message: 'Indique el monto o las notas a modificar',
  });
export type UpdateDiscountBody = z.input<typeof updateDiscountBodySchema>;

/**
 * approve, cancel and complete carry no body; an empty body, `{}` or `{ version }` (to refuse a stale change)
 * are all accepted (no body reaches the validator as null).
 */
export const transitionDiscountBodySchema = z
  .strictObject({ version: z.number().int().positive().optional() })
  .nullish();

export const rejectDiscountBodySchema = z.strictObject({
  rejection_reason: textSchema('Motivo de rechazo', 500),
  version: z.number().int().positive().optional(),
});
export type RejectDiscountBody = z.input<typeof rejectDiscountBodySchema>;

/**
 * The discount list's sorts (the default, newest request first, is `-requested_at`; `amount` is the requested
 * amount); its date filter is the request date (Buenos Aires) and its amount the requested one.
 */
export const DISCOUNT_SORT_KEYS = ['requested_at', 'amount', 'status', 'company'] as const;
export const discountSortSchema = sortSchema(DISCOUNT_SORT_KEYS);
export type DiscountSort = z.infer<typeof discountSortSchema>;

export const listDiscountsQuerySchema = bookListQuerySchema({ status: discountStatusSchema, sort: discountSortSchema });

/**
 * What an approval would give today (GET /discounts/{id}/quote): the bank's rate, the days to the due date and the
 * amounts the server's pricing computes, exactly as the approval would store them.
 */
export const discountQuoteSchema = z.object({
  discount_id: uuidSchema,
  currency: z.string(),
  requested_amount: z.number(),
  /** The bank's annual nominal rate (a fraction, e.g. 0.45). */
  rate: z.number(),
  days: z.number().int(),
  /** requested_amount − approved_amount: what the bank keeps. */
  discount_amount: z.number(),
  approved_amount: z.number(),
  /** The approval date the figures are for (Buenos Aires's today) and the cheque's due date. */
  approval_date: z.string(),
  due_date: z.string(),
});
export type DiscountQuote = z.infer<typeof discountQuoteSchema>;
export const discountQuoteResponseSchema = envelope(discountQuoteSchema);

export const discountResponseSchema = envelope(discountSchema);
export const discountPageResponseSchema = envelope(
  pageSchema(discountSchema).extend({ nextCursor: z.string().nullable().optional() }),
);
/** The list's parameters as the server reads them (a client sends the same values as a query string). */
export type ListDiscountsQuery = z.output<typeof listDiscountsQuerySchema>;
