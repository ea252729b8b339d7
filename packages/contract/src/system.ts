import { z } from 'zod';
import { coelsaConnectionStatusSchema } from './clearing';
import { envelope, timestampSchema } from './common';

/** `GET /api/system/status`: health of the pieces the product depends on, for any signed-in user. */
export const systemStatusSchema = z.object({
  /** `ok` when every piece is up, `degraded` otherwise. */
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  /** Seconds since this server process started. */
  uptime: z.number().int(),
  timestamp: timestampSchema,
  database: z.object({
    status: z.enum(['up', 'down']),
    engine: z.enum(['pglite', 'pg']),
    latency_ms: z.number().int().nullable(),
  }),
  coelsa: z.object({
    status: coelsaConnectionStatusSchema,
    connected: z.boolean(),
  }),
  /** Operations waiting to reach the clearing house (the outbox) in the caller's scope. */
  clearing_backlog: z.object({ pending: z.number().int(), failed: z.number().int() }),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;
export const systemStatusResponseSchema = envelope(systemStatusSchema);
