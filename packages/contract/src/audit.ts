import { z } from 'zod';
import { envelope, isoDateSchema, pageQuerySchema, pageSchema, timestampSchema, uuidSchema } from './common';

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

export const listAuditQuerySchema = pageQuerySchema.extend({
  entity: z.string().trim().max(50).optional(),
  action: z.string().trim().max(80).optional(),
  actor_id: uuidSchema.optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});
export const auditPageResponseSchema = envelope(pageSchema(auditEntrySchema));
