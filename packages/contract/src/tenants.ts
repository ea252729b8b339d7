import { z } from 'zod';
import { cuitSchema, envelope, textSchema, timestampSchema, uuidSchema } from './common';
import { ppmToRate, rateToPpm } from './money';

/** A rate as a fraction (0.45 = 45 %), between 0 and 1 with at most 6 decimals. */
export const discountRateSchema = z
  .number({ message: 'La tasa debe ser un número' })
  .refine(Number.isFinite, { message: 'La tasa debe ser un número finito' })
  .refine((n) => n >= 0 && n <= 1, { message: 'La tasa debe estar entre 0 y 1 (0 % a 100 %)' })
  .refine(hasAtMostSixDecimals, { message: 'La tasa admite como máximo 6 decimales' });

function hasAtMostSixDecimals(n: number): boolean {
  const s = String(n);
  if (/e/i.test(s)) return Number(n.toFixed(6)) === n;
  const dot = s.indexOf('.');
  return dot === -1 || s.length - dot - 1 <= 6;
}

/**
 * A rate typed as a percentage by a person ('45', '45,5', '52.3456': up to 4 decimals, so the fraction has up to 6)
 * to the fraction, exactly; null when it is not such a number.
 */
export function percentTextToRate(text: string): number | null {
  const m = /^(\d{1,3})(?:[.,](\d{1,4}))?$/.exec(text.trim());
  if (!m) return null;
  // percent × 10⁴ = rate × 10⁶: integers, no binary-float division.
  return ppmToRate(BigInt(m[1] as string) * 10_000n + BigInt((m[2] ?? '').padEnd(4, '0')));
}

/** 0.45 → '45'; 0.523456 → '52,3456' (a rate as the percentage a person types). */
export function rateToPercentText(rate: number): string {
  const ppm = rateToPpm(rate);
  const frac = (ppm % 10_000n).toString().padStart(4, '0').replace(/0+$/, '');
  return frac ? `${ppm / 10_000n},${frac}` : String(ppm / 10_000n);
}

export const tenantTypeSchema = z.enum(['BANCO', 'FINANCIERA', 'EMPRESA'], { message: 'Tipo inválido' });
export type TenantType = z.infer<typeof tenantTypeSchema>;
export const tenantStatusSchema = z.enum(['ACTIVO', 'INACTIVO']);
export type TenantStatus = z.infer<typeof tenantStatusSchema>;

export const coelsaEnvironmentSchema = z.enum(['sandbox', 'staging', 'production'], { message: 'Entorno inválido' });
export type CoelsaEnvironment = z.infer<typeof coelsaEnvironmentSchema>;
export const coelsaTestStatusSchema = z.enum(['success', 'failed', 'untested']);

/** What the admin table shows of a tenant's clearing-house link; key and secret never leave the server. */
export const tenantCoelsaConfigSchema = z.object({
  environment: coelsaEnvironmentSchema,
  base_url: z.string().nullable(),
  timeout: z.number().int(),
  max_retries: z.number().int(),
  has_api_key: z.boolean(),
  has_api_secret: z.boolean(),
  test_status: coelsaTestStatusSchema,
  tested_at: timestampSchema.nullable(),
  test_message: z.string().nullable(),
});

export const tenantSchema = z.object({
  id: uuidSchema,
  nombre: z.string(),
  codigo: z.string(),
  cuit: z.string(),
  tipo: tenantTypeSchema,
  estado: tenantStatusSchema,
  discount_rate: z.number(),
  created_at: timestampSchema,
  users: z.array(z.object({ id: uuidSchema, email: z.string(), role: z.string(), status: z.string() })),
  users_count: z.number().int(),
  coelsaConfig: tenantCoelsaConfigSchema.nullable(),
});
export type Tenant = z.infer<typeof tenantSchema>;

export const createTenantBodySchema = z.strictObject({
  nombre: textSchema('Nombre', 120),
  codigo: z
    .string({ message: 'Código requerido' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_-]{2,20}$/, { message: 'Código: de 2 a 20 letras, números, guion o guion bajo' }),
  cuit: cuitSchema,
  tipo: tenantTypeSchema.default('BANCO'),
  /** Annual nominal discount rate of the bank; 0.45 when not given. */
  discount_rate: discountRateSchema.optional(),
});
export type CreateTenantBody = z.input<typeof createTenantBodySchema>;

export const TENANT_TYPE_LABELS: Record<TenantType, string> = {
  BANCO: 'Banco',
  FINANCIERA: 'Financiera',
  EMPRESA: 'Empresa',
};
export const TENANT_STATUS_LABELS: Record<TenantStatus, string> = { ACTIVO: 'Activo', INACTIVO: 'Inactivo' };

/** Rename, activate or deactivate a tenant, or set its discount rate. Deactivating closes its users' sessions. */
export const updateTenantBodySchema = z
  .strictObject({
    nombre: textSchema('Nombre', 120).optional(),
    estado: tenantStatusSchema.optional(),
    discount_rate: discountRateSchema.optional(),
  })
  .refine((v) => v.nombre !== undefined || v.estado !== undefined || v.discount_rate !== undefined, {
    message: 'Indique al menos un cambio (nombre, estado o tasa)',
  });
export type UpdateTenantBody = z.input<typeof updateTenantBodySchema>;

export const adminStatsSchema = z.object({
  totalTenants: z.number().int(),
  activeTenants: z.number().int(),
  totalUsers: z.number().int(),
  coelsaConfigs: z.number().int(),
});
export const adminDashboardResponseSchema = envelope(z.object({ stats: adminStatsSchema }));
export const tenantResponseSchema = envelope(tenantSchema);
export const tenantListResponseSchema = envelope(z.array(tenantSchema));
