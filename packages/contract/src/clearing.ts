import { z } from 'zod';
import { envelope, timestampSchema, uuidSchema } from './common';
import { lifecycleOperationBodySchema } from './lifecycle/bodies';
import { type CoelsaEnvironment, coelsaEnvironmentSchema, tenantCoelsaConfigSchema } from './tenants';

/** Defaults of a bank's clearing-house configuration (specification §9). */
export const COELSA_DEFAULTS = { environment: 'sandbox', timeout: 30_000, max_retries: 3 } as const;
export const COELSA_TIMEOUT_MIN = 100;
export const COELSA_TIMEOUT_MAX = 120_000;
export const COELSA_MAX_RETRIES_MAX = 10;

/** The Spanish labels of the environments. */
export const COELSA_ENVIRONMENT_LABELS: Record<CoelsaEnvironment, string> = {
  sandbox: 'Sandbox',
  staging: 'Homologación',
  production: 'Producción',
};

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password && !!u.hostname;
  } catch {
    return false;
  }
}

const secretField = (label: string) =>
  z
    .string({ message: `${label} inválida` })
    .trim()
    .min(1, { message: `${label} no puede estar vacía` })
    .max(500, { message: `${label}: máximo 500 caracteres` });

/**
 * `POST /api/admin/tenants/{id}/coelsa-config`. `base_url` is required (http or https, without credentials in it)
 * for staging and production; production requires https. `api_key` and `api_secret` omitted on an update keep the stored ones; they are never
 * returned by any call.
 */
export const coelsaConfigBodySchema = z
  .strictObject({
    environment: coelsaEnvironmentSchema.default(COELSA_DEFAULTS.environment),
    base_url: z
      .string({ message: 'URL base inválida' })
      .trim()
      .max(500, { message: 'URL base: máximo 500 caracteres' })
      .nullish()
      .transform((v) => (v ? v.replace(/\/+$/, '') : null)),
    api_key: secretField('API key').optional(),
    api_secret: secretField('API secret').optional(),
    timeout: z
      .number({ message: 'El timeout debe ser un número' })
      .int({ message: 'El timeout debe ser un entero (milisegundos)' })
      .min(COELSA_TIMEOUT_MIN, { message: `El timeout mínimo es ${COELSA_TIMEOUT_MIN} ms` })
      .max(COELSA_TIMEOUT_MAX, { message: `El timeout máximo es ${COELSA_TIMEOUT_MAX} ms` })
      .default(COELSA_DEFAULTS.timeout),
    max_retries: z
      .number({ message: 'Los reintentos deben ser un número' })
      .int({ message: 'Los reintentos deben ser un entero' })
      .min(0, { message: 'Los reintentos no pueden ser negativos' })
      .max(COELSA_MAX_RETRIES_MAX, { message: `Como máximo ${COELSA_MAX_RETRIES_MAX} reintentos` })
      .default(COELSA_DEFAULTS.max_retries),
  })
  .superRefine((v, ctx) => {
    if (v.environment === 'sandbox' && !v.base_url) return;
    if (!v.base_url) {
      ctx.addIssue({ code: 'custom', path: ['base_url'], message: 'La URL base es obligatoria fuera del sandbox' });
    } else if (!isHttpUrl(v.base_url)) {
      ctx.addIssue({
        code: 'custom',
        path: ['base_url'],
        message: 'La URL base debe ser una URL http(s) válida, sin usuario ni contraseña',
      });
    } else if (v.environment === 'production' && !/^https:/i.test(v.base_url)) {
      ctx.addIssue({ code: 'custom', path: ['base_url'], message: 'En producción la URL base debe usar https' });
    }
  });
export type CoelsaConfigBody = z.input<typeof coelsaConfigBodySchema>;
export type CoelsaConfigInput = z.output<typeof coelsaConfigBodySchema>;

/** The stored configuration as the admin sees it (the tenants table shape; no key, no secret). */
export const coelsaConfigResponseSchema = envelope(tenantCoelsaConfigSchema);

/**
 * `POST /api/admin/tenants/{id}/coelsa-config/test`. The call itself succeeds whenever the test ran: the outcome is
 * `data.success`, and `message` (also at the top level) is what the admin page shows after 'Prueba de conexión: '.
 */
export const coelsaTestResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  test_status: z.enum(['success', 'failed']),
  tested_at: timestampSchema,
  latency_ms: z.number().int().nullable(),
});
export type CoelsaTestResult = z.infer<typeof coelsaTestResultSchema>;
export const coelsaTestResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: coelsaTestResultSchema,
});

/** Status of the link with the clearing house (specification §3, §4). */
export const coelsaConnectionStatusSchema = z.enum(['SANDBOX', 'CONNECTED', 'DISCONNECTED', 'NOT_CONFIGURED']);
export type CoelsaConnectionStatus = z.infer<typeof coelsaConnectionStatusSchema>;

/** `GET /api/integration/coelsa/status` (optional `tenant_id` for the system administrator). */
export const coelsaStatusSchema = z.object({
  connected: z.boolean(),
  status: coelsaConnectionStatusSchema,
  timestamp: timestampSchema,
});
export type CoelsaStatus = z.infer<typeof coelsaStatusSchema>;
export const coelsaStatusResponseSchema = envelope(coelsaStatusSchema);

/** The system administrator may ask about one bank; everyone else is answered about their own. */
export const coelsaTenantQuerySchema = z.strictObject({ tenant_id: uuidSchema.optional() });

/** `GET /api/system/coelsa-config`: the configuration check the alert shows. */
export const coelsaConfigCheckSchema = z.object({
  config: z.object({
    isConfigured: z.boolean(),
    isSandbox: z.boolean(),
    baseUrl: z.string().nullable(),
    hasUrl: z.boolean(),
    hasApiKey: z.boolean(),
  }),
  connection: z.object({
    connected: z.boolean(),
    status: coelsaConnectionStatusSchema,
    error: z.string().nullable(),
  }),
  recommendations: z.object({
    needsConfig: z.boolean(),
    message: z.string(),
  }),
});
export type CoelsaConfigCheck = z.infer<typeof coelsaConfigCheckSchema>;
export const coelsaConfigCheckResponseSchema = envelope(coelsaConfigCheckSchema);

/** `POST /api/integration/coelsa/operation`: `type` plus the fields of that type. */
export const coelsaOperationBodySchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      type: z.literal('HEALTH'),
      /** Only for the system administrator (who belongs to no bank). */
      tenant_id: uuidSchema.optional(),
    }),
    z.strictObject({ type: z.literal('VALIDATE_ECHEQ'), echeq_id: uuidSchema }),
    z.strictObject({ type: z.literal('QUERY_ECHEQ'), echeq_id: uuidSchema }),
    z.strictObject({ type: z.literal('REGISTER_ECHEQ'), echeq_id: uuidSchema }),
  ],
  { error: 'Tipo de operación inválido: HEALTH, VALIDATE_ECHEQ, QUERY_ECHEQ o REGISTER_ECHEQ' },
);
export type CoelsaOperationBody = z.infer<typeof coelsaOperationBodySchema>;

/**
 * The route's whole body: the clearing house's own operations and, by `type`, every operation of the lifecycle with
 * the body of the route of that name (LIFECYCLE §8).
 */
export const coelsaRouteBodySchema = z.discriminatedUnion(
  'type',
  [...coelsaOperationBodySchema.options, ...lifecycleOperationBodySchema.options],
  { error: 'Tipo de operación inválido' },
);
export type CoelsaRouteBody = z.infer<typeof coelsaRouteBodySchema>;
export type CoelsaOperationType = CoelsaOperationBody['type'];

export const clearingReasonSchema = z.object({ field: z.string(), message: z.string() });
export type ClearingReason = z.infer<typeof clearingReasonSchema>;

const operationBase = { tenant_id: uuidSchema, environment: coelsaEnvironmentSchema, at: timestampSchema };
export const coelsaOperationResultSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('HEALTH'), ...operationBase, status: z.literal('UP'), latency_ms: z.number().int() }),
  z.object({
    type: z.literal('VALIDATE_ECHEQ'),
    ...operationBase,
    echeq_id: uuidSchema,
    status: z.enum(['VALIDATED', 'REJECTED']),
    reasons: z.array(clearingReasonSchema),
  }),
  z.object({
    type: z.literal('QUERY_ECHEQ'),
    ...operationBase,
    echeq_id: uuidSchema,
    registered: z.boolean(),
    state: z.string().nullable(),
    reference: z.string().nullable(),
    registered_at: timestampSchema.nullable(),
  }),
  z.object({
    type: z.literal('REGISTER_ECHEQ'),
    ...operationBase,
    echeq_id: uuidSchema,
    reference: z.string(),
    registered_at: timestampSchema,
  }),
]);
export type CoelsaOperationResult = z.infer<typeof coelsaOperationResultSchema>;
export const coelsaOperationResponseSchema = envelope(coelsaOperationResultSchema);
