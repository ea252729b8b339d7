import { z } from 'zod';
import { passwordSchema, userSchema, userStatusSchema } from './auth';
import { cuitSchema, emailSchema, envelope, pageQuerySchema, pageSchema, textSchema } from './common';
import { roleSchema } from './roles';

export const createUserBodySchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  role: roleSchema.default('COMPANY_USER'),
  company_name: textSchema('Razón social', 200).optional(),
  cuit: cuitSchema.optional(),
  full_name: z.string().trim().max(120).optional(),
  /** Only a system admin chooses the tenant; a bank admin always creates in its own. */
  tenant_id: z.uuid({ message: 'Tenant inválido' }).optional(),
});
export type CreateUserBody = z.input<typeof createUserBodySchema>;

export const updateUserBodySchema = z.strictObject({
  company_name: textSchema('Razón social', 200).optional(),
  cuit: cuitSchema.optional(),
  full_name: z.string().trim().max(120).nullable().optional(),
  role: roleSchema.optional(),
  status: userStatusSchema.optional(),
});
export type UpdateUserBody = z.input<typeof updateUserBodySchema>;

export const listUsersQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  role: roleSchema.optional(),
  status: userStatusSchema.optional(),
});

export const userResponseSchema = envelope(userSchema);
export const userPageResponseSchema = envelope(pageSchema(userSchema));
