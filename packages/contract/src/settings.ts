import { z } from 'zod';
import { envelope, timestampSchema, uuidSchema } from './common';
import { discountRateSchema, tenantStatusSchema, tenantTypeSchema } from './tenants';

const intSetting = (label: string, min: number, max: number) =>
  z
    .number({ message: `${label} debe ser un número` })
    .int({ message: `${label} debe ser un número entero` })
    .min(min, { message: `${label}: mínimo ${min}` })
    .max(max, { message: `${label}: máximo ${max}` });

/** Platform-wide settings a system admin changes from /settings (CONTRACT: settings key 'platform'). */
export const platformSettingsSchema = z.object({
  /** Lifetime of a new session, in hours. */
  session_hours: intSetting('Duración de la sesión', 1, 168),
  /**
   * Failed sign-ins within the window: from one address to one account, then refused until the window ends; to one
   * account from anywhere, then each further attempt waits a growing delay (at most a minute).
   */
  login_max_failures_per_account: intSetting('Intentos fallidos por cuenta', 1, 100),
  /** Failed sign-ins from one address, to any account, within the window before it is refused. */
  login_max_failures_per_ip: intSetting('Intentos fallidos por dirección IP', 1, 10_000),
  /** Length of the throttling window, in minutes. */
  login_window_minutes: intSetting('Ventana de intentos', 1, 1_440),
  /** Registrations accepted from one address per hour. */
  registration_max_per_ip: intSetting('Registros por dirección IP', 1, 1_000),
  /** Registrations accepted from everyone per hour. */
  registration_max_per_hour: intSetting('Registros por hora', 1, 100_000),
});
export type PlatformSettingsDto = z.infer<typeof platformSettingsSchema>;

/** A bank (tenant) and its annual nominal discount rate, as a fraction. */
export const bankRateSchema = z.object({
  tenant_id: uuidSchema,
  nombre: z.string(),
  codigo: z.string(),
  tipo: tenantTypeSchema,
  estado: tenantStatusSchema,
  discount_rate: z.number(),
});
export type BankRate = z.infer<typeof bankRateSchema>;

export const settingsSchema = z.object({
  platform: platformSettingsSchema,
  discount_rates: z.array(bankRateSchema),
  updated_at: timestampSchema.nullable(),
});
export type SettingsDto = z.infer<typeof settingsSchema>;
export const settingsResponseSchema = envelope(settingsSchema);

/** Any subset of the platform settings and of the banks' discount rates; one transaction, one audit record each. */
export const updateSettingsBodySchema = z
  .strictObject({
    platform: platformSettingsSchema.partial().strict().optional(),
    discount_rates: z
      .array(z.strictObject({ tenant_id: uuidSchema, discount_rate: discountRateSchema }))
      .max(500)
      .optional(),
  })
  .refine((v) => v.platform !== undefined || v.discount_rates !== undefined, {
    message: 'Indique al menos un cambio',
  });
export type UpdateSettingsBody = z.input<typeof updateSettingsBodySchema>;
