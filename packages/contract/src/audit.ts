import { z } from 'zod';
import { envelope, isoDateSchema, pageQuerySchema, pageSchema, timestampSchema, uuidSchema } from './common';
import { sortSchema } from './list-query';

export const auditEntrySchema = z.object({
  id: z.string(),
  at: timestampSchema,
  actor_id: uuidSchema.nullable(),
  actor_email: z.string().nullable(),
  actor_role: z.string().nullable(),
  tenant_id: uuidSchema.nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  request_id: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The columns the audit trail sorts by (each answered by the trail's own indexes). */
export const AUDIT_SORT_KEYS = ['at', 'action'] as const;

/**
 * Audit trail filters: `entity` exactly, `action` exactly or as a prefix ('user' matches 'user.create'), the actor,
 * and a range of calendar days in Buenos Aires time (both ends included).
 */
export const listAuditQuerySchema = pageQuerySchema
  .extend({
    entity: z.string().trim().max(50).optional(),
    action: z.string().trim().max(80).optional(),
    actor_id: uuidSchema.optional(),
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    /** `at` (date) or `action`, descending after a minus sign; newest first without one. */
    sort: sortSchema(AUDIT_SORT_KEYS).optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    message: 'La fecha desde no puede ser posterior a la fecha hasta',
    path: ['to'],
  });
/** The list's parameters as the server reads them (a client sends the same values as a query string). */
export type ListAuditQuery = z.output<typeof listAuditQuerySchema>;
export const auditPageResponseSchema = envelope(pageSchema(auditEntrySchema));
/** One record of the trail, by its number (the list's `id`). */
export const auditIdParamsSchema = z.strictObject({
  id: z.string().regex(/^[1-9]\d{0,17}$/, { message: 'Identificador de registro inválido' }),
});
export const auditEntryResponseSchema = envelope(auditEntrySchema);

/** Values present in the trail the caller may read, for the screen's filters. */
export const auditFacetsSchema = z.object({
  entities: z.array(z.string()),
  actions: z.array(z.string()),
  actors: z.array(z.object({ id: uuidSchema, email: z.string().nullable() })),
});
export type AuditFacets = z.infer<typeof auditFacetsSchema>;
export const auditFacetsResponseSchema = envelope(auditFacetsSchema);
