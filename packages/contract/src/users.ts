import { z } from 'zod';
import { passwordSchema, userSchema, userStatusSchema } from './auth';
import { cuitSchema, emailSchema, envelope, pageQuerySchema, pageSchema, textSchema, uuidSchema } from './common';
import { searchQuerySchema, sortSchema } from './list-query';
import { roleSchema } from './role-schema';
import { COMPANY_ROLES, DEFAULT_NEW_USER_ROLE, ROLES, type Role } from './roles';

/** True for the roles that belong to a company client and therefore need a company (name + CUIT). */
export function isCompanyRole(role: Role): boolean {
  return (COMPANY_ROLES as readonly string[]).includes(role);
}

/**
 * Roles an administrator may give to a user: a system admin any, a bank admin any but SYSTEM_ADMIN, nobody else
 * any (CONTRACT §4).
 */
export function assignableRoles(actorRole: Role): Role[] {
  if (actorRole === 'SYSTEM_ADMIN') return [...ROLES];
  if (actorRole === 'BANK_ADMIN') return ROLES.filter((r) => r !== 'SYSTEM_ADMIN');
  return [];
}

export const USER_STATUS_LABELS: Record<z.infer<typeof userStatusSchema>, string> = {
  ACTIVE: 'Activo',
  INACTIVE: 'Inactivo',
  SUSPENDED: 'Suspendido',
};

const companyNameSchema = textSchema('Razón social', 200, 'f');

/**
 * New user. Company roles need company_name and CUIT (the company is found by CUIT in the user's tenant or created);
 * other roles take neither. A SYSTEM_ADMIN has no tenant; every other role belongs to one (a bank admin's own).
 */
export const createUserBodySchema = z
  .strictObject({
    email: emailSchema,
    password: passwordSchema,
    role: roleSchema.default(DEFAULT_NEW_USER_ROLE),
    company_name: companyNameSchema.optional(),
    cuit: cuitSchema.optional(),
    full_name: z.string().trim().max(120, { message: 'Nombre: máximo 120 caracteres' }).optional(),
    /** Only a system admin chooses the tenant; a bank admin always creates in its own. */
    tenant_id: z.uuid({ message: 'Entidad inválida' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (isCompanyRole(v.role)) {
      if (!v.company_name) ctx.addIssue({ code: 'custom', path: ['company_name'], message: 'Razón social requerida' });
      if (!v.cuit) ctx.addIssue({ code: 'custom', path: ['cuit'], message: 'CUIT requerido' });
    } else {
      const msg = 'Solo los roles de empresa llevan empresa';
      if (v.company_name !== undefined) ctx.addIssue({ code: 'custom', path: ['company_name'], message: msg });
      if (v.cuit !== undefined) ctx.addIssue({ code: 'custom', path: ['cuit'], message: msg });
    }
    if (v.role === 'SYSTEM_ADMIN' && v.tenant_id !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['tenant_id'],
        message: 'Un administrador del sistema no pertenece a ninguna entidad',
      });
    }
  });
export type CreateUserBody = z.input<typeof createUserBodySchema>;
export type CreateUserInput = z.output<typeof createUserBodySchema>;

/**
 * Changes to a user by an administrator. company_name and cuit go together (the company is found by CUIT or
 * created). `password` sets a new password and `reset_mfa` turns two-factor sign-in off (lost device); both close
 * the user's sessions, as do SUSPENDED and INACTIVE.
 */
export const updateUserBodySchema = z
  .strictObject({
    company_name: companyNameSchema.optional(),
    cuit: cuitSchema.optional(),
    full_name: z.string().trim().max(120, { message: 'Nombre: máximo 120 caracteres' }).nullable().optional(),
    role: roleSchema.optional(),
    status: userStatusSchema.optional(),
    password: passwordSchema.optional(),
    reset_mfa: z.literal(true, { message: 'reset_mfa solo admite true' }).optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.company_name === undefined) !== (v.cuit === undefined)) {
      const path = v.company_name === undefined ? 'company_name' : 'cuit';
      ctx.addIssue({ code: 'custom', path: [path], message: 'Razón social y CUIT se indican juntos' });
    }
  });
export type UpdateUserBody = z.input<typeof updateUserBodySchema>;
export type UpdateUserInput = z.output<typeof updateUserBodySchema>;

/**
 * A bank administrator's decision on a self-registered company (PUT /users/{id}/approval), taken on the state the
 * administrator saw (`from`, PENDING unless it undoes a rejection): of two simultaneous decisions only one applies.
 */
export const approvalBodySchema = z.strictObject({
  decision: z.enum(['APPROVE', 'REJECT'], { message: 'Indique APPROVE o REJECT' }),
  from: z.enum(['PENDING', 'REJECTED'], { message: 'Estado de origen inválido' }).default('PENDING'),
});
export type ApprovalBody = z.input<typeof approvalBodySchema>;
type ApprovalInput = z.output<typeof approvalBodySchema>;

export type { ApprovalInput };

/** Users waiting for someone: their company's approval, or their own confirmation. */
export const PENDING_KINDS = ['approval', 'confirmation'] as const;

/** The columns the users list sorts by (the table's headers). */
export const USER_SORT_KEYS = ['email', 'company', 'role', 'status', 'created_at'] as const;

export const listUsersQuerySchema = pageQuerySchema.extend({
  /** Part of the e-mail or of the company name, case-insensitive. */
  search: searchQuerySchema,
  role: roleSchema.optional(),
  status: userStatusSchema.optional(),
  /** System admin only: one tenant's users. */
  tenant_id: uuidSchema.optional(),
  /** `approval`: companies waiting for the bank; `confirmation`: users added to an existing company. */
  pending: z.enum(PENDING_KINDS).optional(),
  /** The list's order: a column ascending, or descending after a minus sign; newest first without one. */
  sort: sortSchema(USER_SORT_KEYS).optional(),
});
/** The list's parameters as the server reads them (a client sends the same values as a query string). */
export type ListUsersQuery = z.output<typeof listUsersQuerySchema>;

export const userResponseSchema = envelope(userSchema);
export const userPageResponseSchema = envelope(pageSchema(userSchema));

/** Turning two-factor sign-in off needs a current code or the password. */
export const mfaDisableBodySchema = z
  .strictObject({
    code: z
      .string()
      .regex(/^\d{6}$/, { message: 'El código debe tener 6 dígitos' })
      .optional(),
    password: z.string().min(1, { message: 'Contraseña requerida' }).max(128).optional(),
  })
  .refine((v) => v.code !== undefined || v.password !== undefined, {
    message: 'Ingrese un código de verificación o su contraseña',
    path: ['code'],
  });
export type MfaDisableBody = z.infer<typeof mfaDisableBodySchema>;
