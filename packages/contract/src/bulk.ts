/**
 * Bulk actions on the book's lists: several records, each through the single action (its own transaction, audit
 * record and outcome), answered record by record. One that fails leaves the others done.
 */
import { z } from 'zod';
import { envelope, textSchema, uuidSchema } from './common';
import { errorCodeSchema } from './errors';

/** Records one bulk request acts on at most. */
export const BULK_MAX = 50;

export const bulkIdsSchema = z
  .array(uuidSchema)
  .min(1, { message: 'Seleccione al menos un registro' })
  .max(BULK_MAX, { message: `Se pueden procesar hasta ${BULK_MAX} registros por vez` })
  .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, {
    message: 'Hay registros repetidos en la selección',
  });

export const bulkApproveDiscountsBodySchema = z.strictObject({ ids: bulkIdsSchema });
export type BulkApproveDiscountsBody = z.input<typeof bulkApproveDiscountsBodySchema>;

export const bulkRejectDiscountsBodySchema = z.strictObject({
  ids: bulkIdsSchema,
  rejection_reason: textSchema('Motivo de rechazo', 500),
});
export type BulkRejectDiscountsBody = z.input<typeof bulkRejectDiscountsBodySchema>;

export const bulkReleaseCustodyBodySchema = z.strictObject({ ids: bulkIdsSchema, reason: textSchema('Motivo', 500) });
export type BulkReleaseCustodyBody = z.input<typeof bulkReleaseCustodyBodySchema>;

/** One record's outcome: done, or the Spanish message (and code) the single action would have answered. */
export const bulkOutcomeSchema = z.object({
  id: uuidSchema,
  ok: z.boolean(),
  message: z.string(),
  code: errorCodeSchema.optional(),
});
export type BulkOutcome = z.infer<typeof bulkOutcomeSchema>;

export const bulkResultSchema = z.object({
  results: z.array(bulkOutcomeSchema),
  succeeded: z.number().int(),
  failed: z.number().int(),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;
export const bulkResponseSchema = envelope(bulkResultSchema);
