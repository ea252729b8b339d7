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

/** `GET /api/health/live`: the process answers (no session, nothing else checked). */
export const healthLiveResponseSchema = z.object({ success: z.literal(true), status: z.literal('live') });

/**
 * What `GET /api/health/ready` checked, in words an outsider may read (no version, engine, bank or error text):
 * the database answered, every migration of this version is applied, the process is not shutting down. The
 * clearing house is reported but never makes the process unready (operations wait in the outbox meanwhile).
 */
export const healthChecksSchema = z.object({
  database: z.enum(['up', 'down']),
  migrations: z.enum(['applied', 'pending', 'unknown']),
  process: z.enum(['running', 'stopping']),
  clearing: z.enum(['ok', 'degraded', 'not_configured', 'unknown']),
});
export type HealthChecks = z.infer<typeof healthChecksSchema>;

/** `GET /api/health/ready`: 200 when the process should receive traffic, 503 `NOT_READY` otherwise. */
export const healthReadySchema = z.object({
  success: z.literal(true),
  status: z.literal('ready'),
  checks: healthChecksSchema,
});
export const healthNotReadySchema = z.object({
  success: z.literal(false),
  code: z.literal('NOT_READY'),
  message: z.string(),
  checks: healthChecksSchema,
});
