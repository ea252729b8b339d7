import { z } from 'zod';
import { envelope, notesSchema, pageSchema, textSchema, timestampSchema, uuidSchema } from './common';
import { checkEcheqDates, echeqFieldsSchema, echeqSchema, echeqStatusSchema, validationStatusSchema } from './echeqs';
import { bookListQuerySchema, sortSchema } from './list-query';

export const custodyStatusSchema = z.enum(['IN_CUSTODY', 'RELEASED', 'EXPIRED', 'CANCELLED'], {
  message: 'Estado inválido',
});
export type CustodyStatus = z.infer<typeof custodyStatusSchema>;

export const CUSTODY_STATUS_LABELS: Record<CustodyStatus, string> = {
  IN_CUSTODY: 'En Custodia',
  RELEASED: 'Liberado',
  EXPIRED: 'Expirado',
  CANCELLED: 'Cancelado',
};

/** Days after the due date during which a cheque can still be presented; custody expires after them. */
export const PRESENTATION_DAYS = 30;

export const custodySchema = z.object({
  id: uuidSchema,
  status: custodyStatusSchema,
  custody_date: timestampSchema,
  release_date: timestampSchema.nullable(),
  release_reason: z.string().nullable(),
  notes: z.string().nullable(),
  presentation_deadline: z.string(),
  echeq_id: uuidSchema,
  company_name: z.string().nullable(),
  /** The bank of the record (the system administrator's lists name it). */
  tenant_id: uuidSchema.optional(),
  echeq: z.object({
    id: uuidSchema,
    number: z.string(),
    amount: z.number(),
    currency: z.string(),
    issuer: z.string(),
    beneficiary: z.string(),
    issue_date: z.string(),
    due_date: z.string(),
    status: echeqStatusSchema,
    validation_status: validationStatusSchema,
    /** When a discount on it was approved: the bank's cheque, its custody can no longer be released. */
    discounted_at: timestampSchema.nullable(),
  }),
  version: z.number().int(),
});
export type Custody = z.infer<typeof custodySchema>;

/** New custody: the cheque's fields (the screen's form) plus optional notes. */
export const createCustodyBodySchema = echeqFieldsSchema
  .extend({ notes: notesSchema().optional() })
  .superRefine(checkEcheqDates);
export type CreateCustodyBody = z.input<typeof createCustodyBodySchema>;

export const releaseCustodyBodySchema = z.strictObject({
  reason: textSchema('Motivo', 500),
  version: z.number().int().positive().optional(),
});
export type ReleaseCustodyBody = z.input<typeof releaseCustodyBodySchema>;

/**
 * The custody list's sorts (the default, newest deposit first, is `-custody_date`; `deadline` is the presentation
 * deadline); its date filter is the deposit date (Buenos Aires) and its amount the cheque's.
 */
export const CUSTODY_SORT_KEYS = ['custody_date', 'deadline', 'status', 'company'] as const;
export const custodySortSchema = sortSchema(CUSTODY_SORT_KEYS);
export type CustodySort = z.infer<typeof custodySortSchema>;

export const listCustodyQuerySchema = bookListQuerySchema({ status: custodyStatusSchema, sort: custodySortSchema });
/** The list's parameters as the server reads them (a client sends the same values as a query string). */
export type ListCustodyQuery = z.output<typeof listCustodyQuerySchema>;

export const custodyResponseSchema = envelope(custodySchema);
export const createCustodyResponseSchema = envelope(z.object({ echeq: echeqSchema, custody: custodySchema }));
export const custodyPageResponseSchema = envelope(
  pageSchema(custodySchema).extend({ nextCursor: z.string().nullable().optional() }),
);
