import { z } from 'zod';
import { COMPANY_APPROVALS } from './access';
import { cuitSchema, emailSchema, envelope, textSchema, timestampSchema, uuidSchema } from './common';
import { roleSchema } from './role-schema';

export const userStatusSchema = z.enum(['ACTIVE', 'INACTIVE', 'SUSPENDED'], { message: 'Estado inválido' });
export type UserStatus = z.infer<typeof userStatusSchema>;

/** Minimum length of a new password; the server also checks it cannot be guessed (zxcvbn, decision 025). */
export const PASSWORD_MIN_LENGTH = 12;

/** A new password (registration, a change, one set by an administrator). Sign-in accepts older, shorter ones. */
export const passwordSchema = z
  .string({ message: 'Contraseña requerida' })
  .min(PASSWORD_MIN_LENGTH, { message: `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres` })
  .max(128, { message: 'La contraseña admite como máximo 128 caracteres' });

export const companyApprovalSchema = z.enum(COMPANY_APPROVALS);

const currentPasswordSchema = z
  .string({ message: 'Contraseña actual requerida' })
  .min(1, { message: 'Contraseña actual requerida' })
  .max(128);

/** The user as it crosses the wire (specification §3, plus tenant and CUIT). */
export const userSchema = z.object({
  id: uuidSchema,
  email: z.string(),
  role: roleSchema,
  company_name: z.string().nullable(),
  cuit: z.string().nullable(),
  full_name: z.string().nullable(),
  status: userStatusSchema,
  mfa_enabled: z.boolean(),
  last_login: timestampSchema.nullable(),
  tenant_id: uuidSchema.nullable(),
  tenant_nombre: z.string().nullable(),
  tenant_codigo: z.string().nullable(),
  created_at: timestampSchema,
  /** A password an administrator set: the session may do nothing but change it. */
  must_change_password: z.boolean(),
  /** False for a company user an administrator added to an existing company, until another one confirms it. */
  confirmed: z.boolean(),
  /** The company's registration (company roles): a self-registered company is PENDING until its bank decides. */
  company_approval: companyApprovalSchema.nullable(),
  /** The administrator who created the user or put it into its company (null: it registered itself). */
  added_by: uuidSchema.nullable(),
});
export type User = z.infer<typeof userSchema>;

export const loginBodySchema = z.strictObject({
  email: z.string({ message: 'Email requerido' }).trim().toLowerCase().min(1, { message: 'Email requerido' }).max(254),
  password: z.string({ message: 'Contraseña requerida' }).min(1, { message: 'Contraseña requerida' }).max(128),
  /** The 6-digit TOTP code, required for users with two-factor sign-in enabled. */
  mfa_code: z
    .string()
    .regex(/^\d{6}$/, { message: 'El código debe tener 6 dígitos' })
    .optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** Login answer: token and user on success; `mfa_required` (no token) when the 6-digit code is needed. */
export const loginResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string().optional(),
  user: userSchema.optional(),
  mfa_required: z.boolean().optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const registerBodySchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  company_name: textSchema('Razón social', 200, 'f'),
  cuit: cuitSchema,
  tenant_codigo: z.string().trim().toUpperCase().min(2).max(20).optional(),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

export const authResultSchema = z.object({ token: z.string(), user: userSchema });
export const registerResponseSchema = envelope(authResultSchema);

export const profileResponseSchema = envelope(userSchema);

/** A new e-mail needs the current password (a stolen session alone cannot take the account over). */
export const updateProfileBodySchema = z.strictObject({
  email: emailSchema.optional(),
  full_name: z.string().trim().max(120, { message: 'Nombre: máximo 120 caracteres' }).nullable().optional(),
  current_password: currentPasswordSchema.optional(),
});
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;

export const changePasswordBodySchema = z.strictObject({
  currentPassword: currentPasswordSchema,
  newPassword: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** Two-factor enrolment: the server proposes a secret; a first valid code confirms it. */
export const mfaSetupResponseSchema = envelope(
  z.object({ secret: z.string(), otpauth_url: z.string(), qr_data_url: z.string() }),
);
/** Enrolling a second factor needs the current password. */
export const mfaSetupBodySchema = z.strictObject({ current_password: currentPasswordSchema });
export type MfaSetupBody = z.infer<typeof mfaSetupBodySchema>;
export const mfaCodeBodySchema = z.strictObject({
  code: z.string().regex(/^\d{6}$/, { message: 'El código debe tener 6 dígitos' }),
});
