import { z } from 'zod';
import {
  amountSchema,
  cuitSchema,
  currencySchema,
  envelope,
  isoDateSchema,
  pageSchema,
  textSchema,
  timestampSchema,
  uuidSchema,
} from './common';
import { type EcheqStatus, echeqStatusSchema } from './echeq-status';
import { chequeCaracterSchema, chequeConceptoSchema, chequeTipoSchema } from './lifecycle/cheque';
import { chequeFaceSchema } from './lifecycle/face';
import { actionTypeSchema } from './lifecycle/operations';
import { bookListQuerySchema, sortSchema } from './list-query';

export { type EcheqStatus, echeqStatusSchema };
/** The list filter also offers INACTIVE: a cheque no longer active that did not expire (CANCELLED or PAID). */
export const echeqStatusFilterSchema = z.enum(['ACTIVE', 'INACTIVE', 'EXPIRED', 'CANCELLED', 'PAID'], {
  message: 'Estado inválido',
});
export type EcheqStatusFilter = z.infer<typeof echeqStatusFilterSchema>;
export const validationStatusSchema = z.enum(['VALIDATED', 'PENDING', 'REJECTED']);
export type ValidationStatus = z.infer<typeof validationStatusSchema>;

export const ECHEQ_STATUS_LABELS: Record<EcheqStatus, string> = {
  ACTIVE: 'Activo',
  CANCELLED: 'Cancelado',
  PAID: 'Pagado',
  EXPIRED: 'Vencido',
};
export const ECHEQ_STATUS_FILTER_LABELS: Record<EcheqStatusFilter, string> = {
  ACTIVE: 'Activos',
  INACTIVE: 'Inactivos',
  EXPIRED: 'Vencidos',
  CANCELLED: 'Cancelados',
  PAID: 'Pagados',
};
export const VALIDATION_STATUS_LABELS: Record<ValidationStatus, string> = {
  VALIDATED: 'Validado',
  PENDING: 'Pendiente',
  REJECTED: 'Rechazado',
};

/** Cheques may be dated at most this many days after their issue date (CONTRACT §5). */
export const MAX_TERM_DAYS = 360;
/** The first issue date an ECHEQ can carry: the instrument started in 2019 (issue 20). */
export const FIRST_ISSUE_DATE = '2019-01-01';
/** The statuses a new cheque can be created with: never already paid or expired (issue 20). */
export const NEW_ECHEQ_STATUSES = ['ACTIVE', 'CANCELLED'] as const;

export const echeqNumberSchema = z
  .string({ message: 'Número requerido' })
  .trim()
  .regex(/^\d{1,30}$/, { message: 'Número: solo dígitos (hasta 30)' });

export const echeqSchema = z.object({
  id: uuidSchema,
  number: z.string(),
  amount: z.number(),
  currency: currencySchema,
  issue_date: z.string(),
  due_date: z.string(),
  issuer: z.string(),
  issuer_cuit: z.string().nullable(),
  beneficiary: z.string(),
  beneficiary_cuit: z.string().nullable(),
  status: echeqStatusSchema,
  validation_status: validationStatusSchema,
  validation_message: z.string().nullable(),
  validated_at: timestampSchema.nullable(),
  /** The company client that holds the cheque. */
  customer_id: uuidSchema,
  company_name: z.string().nullable(),
  tenant_id: uuidSchema,
  /** Status of the cheque's current custody record, if any. */
  custody_status: z.string().nullable(),
  /**
   * When a discount on it was approved, or null: from then on the cheque is the bank's and the company can no longer
   * edit, cancel, delete or release it (CONTRACT §5, issue 20).
   */
  discounted_at: timestampSchema.nullable(),
  version: z.number().int(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  /**
   * LIFECYCLE §8: a registry cheque also carries its origin, registry id and state (null for a hand-registered one),
   * `syncing` while the registry has not answered, its face and the operations the caller may do now (`actions`).
   * Optional: the book's lists leave them out for hand-registered cheques.
   */
  origin: z.enum(['MANUAL', 'REGISTRY']).optional(),
  cheque_id: z.string().nullable().optional(),
  state: z.string().nullable().optional(),
  syncing: z.boolean().optional(),
  sync_error: z.string().nullable().optional(),
  tipo: chequeTipoSchema.nullable().optional(),
  caracter: chequeCaracterSchema.nullable().optional(),
  concepto: chequeConceptoSchema.nullable().optional(),
  payment_date: z.string().nullable().optional(),
  holder_cuit: z.string().nullable().optional(),
  endorsements: z.number().int().nullable().optional(),
  actions: z.array(actionTypeSchema).optional(),
  /** The registry cheque's face (CMC7, issuer's bank and CBU, endorsement chain): on `GET /echeqs/{id}` only. */
  registry: chequeFaceSchema.nullable().optional(),
});
export type Echeq = z.infer<typeof echeqSchema>;

function daysBetween(from: string, to: string) {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** due_date ≥ issue_date and at most MAX_TERM_DAYS after it. */
export function checkEcheqDates(
  v: { issue_date?: string | undefined; due_date?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (!v.issue_date || !v.due_date) return;
  const days = daysBetween(v.issue_date, v.due_date);
  if (days < 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['due_date'],
      message: 'La fecha de vencimiento no puede ser anterior a la de emisión',
    });
  } else if (days > MAX_TERM_DAYS) {
    ctx.addIssue({
      code: 'custom',
      path: ['due_date'],
      message: `La fecha de vencimiento no puede superar ${MAX_TERM_DAYS} días desde la emisión`,
    });
  }
}

export const echeqFieldsSchema = z.strictObject({
  number: echeqNumberSchema,
  amount: amountSchema,
  currency: currencySchema.default('ARS'),
  issue_date: isoDateSchema.refine((v) => v >= FIRST_ISSUE_DATE, {
    message: 'La fecha de emisión no puede ser anterior a 2019 (inicio del ECHEQ)',
  }),
  due_date: isoDateSchema,
  issuer: textSchema('Emisor', 200),
  issuer_cuit: cuitSchema.nullable().optional(),
  beneficiary: textSchema('Beneficiario', 200),
  beneficiary_cuit: cuitSchema.nullable().optional(),
});

export const createEcheqBodySchema = echeqFieldsSchema
  .extend({
    status: z
      .enum(NEW_ECHEQ_STATUSES, { message: 'Un ECHEQ nuevo solo puede crearse Activo o Cancelado' })
      .default('ACTIVE'),
  })
  .superRefine(checkEcheqDates);
export type CreateEcheqBody = z.input<typeof createEcheqBodySchema>;

/** Update: any field but the number (sending a different number is a 400); `version` guards lost updates. */
export const updateEcheqBodySchema = echeqFieldsSchema
  .partial()
  .extend({ status: echeqStatusSchema.optional(), version: z.number().int().positive().optional() })
  .superRefine(checkEcheqDates);
export type UpdateEcheqBody = z.input<typeof updateEcheqBodySchema>;

/** The cheque list's sorts (the default, newest first, is `-created_at`); its date filter is the due date. */
export const ECHEQ_SORT_KEYS = ['created_at', 'due_date', 'amount', 'number', 'status', 'company'] as const;
export const echeqSortSchema = sortSchema(ECHEQ_SORT_KEYS);
export type EcheqSort = z.infer<typeof echeqSortSchema>;

export const listEcheqsQuerySchema = bookListQuerySchema({ status: echeqStatusFilterSchema, sort: echeqSortSchema });
/** The list's parameters as the server reads them (a client sends the same values as a query string). */
export type ListEcheqsQuery = z.output<typeof listEcheqsQuerySchema>;

export const echeqResponseSchema = envelope(echeqSchema);
export const echeqPageResponseSchema = envelope(
  pageSchema(echeqSchema).extend({ nextCursor: z.string().nullable().optional() }),
);
export const echeqDeleteResponseSchema = envelope(z.object({ id: uuidSchema }));
export const echeqValidationResponseSchema = envelope(
  z.object({ echeq: echeqSchema, validation_status: validationStatusSchema, message: z.string().nullable() }),
);
