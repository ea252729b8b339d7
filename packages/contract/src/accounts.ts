import { z } from 'zod';
import { currencySchema, envelope, timestampSchema, uuidSchema } from './common';
import { cbuSchema } from './lifecycle/cbu';

/**
 * Current accounts (cuentas corrientes) and their electronic chequebooks (LIFECYCLE §1, §8). A bank opens an
 * account for one of its client companies; each chequebook is a range of 8-digit cheque numbers, taken in order and
 * never used twice. A new chequebook can be requested while the account has fewer than
 * CHEQUEBOOK_REQUEST_THRESHOLD numbers left; the bank activates it (on sandbox, at once).
 */
export const CHEQUEBOOK_SIZE = 25;
export const CHEQUEBOOK_REQUEST_THRESHOLD = 5;

export const accountStatusSchema = z.enum(['ACTIVE', 'CLOSED'], { message: 'Estado de cuenta inválido' });
export type AccountStatus = z.infer<typeof accountStatusSchema>;
export const ACCOUNT_STATUS_LABELS: Record<AccountStatus, string> = { ACTIVE: 'Activa', CLOSED: 'Cerrada' };

export const chequebookStatusSchema = z.enum(['PENDING', 'ACTIVE', 'EXHAUSTED']);
export type ChequebookStatus = z.infer<typeof chequebookStatusSchema>;
export const CHEQUEBOOK_STATUS_LABELS: Record<ChequebookStatus, string> = {
  PENDING: 'Pendiente de activación',
  ACTIVE: 'Activa',
  EXHAUSTED: 'Agotada',
};

/** A chequebook: `first`..`last` (8 digits each), `next` the next number to be used, `remaining` how many are left. */
export const chequebookSchema = z.object({
  id: uuidSchema,
  first: z.string(),
  last: z.string(),
  next: z.string().nullable(),
  remaining: z.number().int(),
  status: chequebookStatusSchema,
  requested_at: timestampSchema,
  activated_at: timestampSchema.nullable(),
});
export type Chequebook = z.infer<typeof chequebookSchema>;

export const currentAccountSchema = z.object({
  id: uuidSchema,
  cbu: z.string(),
  currency: currencySchema,
  status: accountStatusSchema,
  company_id: uuidSchema,
  company_name: z.string(),
  company_cuit: z.string(),
  bank_name: z.string(),
  created_at: timestampSchema,
  /** Numbers left in the account's active chequebooks. */
  remaining: z.number().int(),
  /** True when a new chequebook may be requested now (fewer than 5 numbers left and none pending). */
  can_request_chequebook: z.boolean(),
  chequebooks: z.array(chequebookSchema),
});
export type CurrentAccount = z.infer<typeof currentAccountSchema>;

export const listAccountsQuerySchema = z.strictObject({ company_id: uuidSchema.optional() });
export type ListAccountsQuery = z.input<typeof listAccountsQuerySchema>;

/**
 * A bank opens an account for one of its client companies. Without `cbu` the platform gives one (the bank's code,
 * branch 0001, the bank's next account number, both check digits); a given `cbu` must be valid and the bank's.
 */
export const openAccountBodySchema = z.strictObject({
  company_id: uuidSchema,
  currency: currencySchema,
  cbu: cbuSchema.optional(),
});
export type OpenAccountBody = z.input<typeof openAccountBodySchema>;

export const accountChequebookParamsSchema = z.strictObject({ id: uuidSchema, chequebookId: uuidSchema });

/** A bank's client company, for choosing whom to open an account for (and filtering). */
export const accountClientSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  cuit: z.string(),
  accounts: z.number().int(),
});
export type AccountClient = z.infer<typeof accountClientSchema>;

export const accountListResponseSchema = envelope(z.array(currentAccountSchema));
export const accountResponseSchema = envelope(currentAccountSchema);
export const accountClientsResponseSchema = envelope(z.array(accountClientSchema));
