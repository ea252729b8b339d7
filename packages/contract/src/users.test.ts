import { describe, expect, it } from 'vitest';
import { registerBodySchema } from './auth';
import { ROLES } from './roles';
import {
  assignableRoles,
  createUserBodySchema,
  isCompanyRole,
  mfaDisableBodySchema,
  updateUserBodySchema,
} from './users';

const base = { email: 'Nuevo@Cliente.example', password: 'Segura-Tintero-123' };

describe('users contract', () => {
  it('a system admin assigns any role, a bank admin any but SYSTEM_ADMIN, others none', () => {
    expect(assignableRoles('SYSTEM_ADMIN')).toEqual([...ROLES]);
    expect(assignableRoles('BANK_ADMIN')).not.toContain('SYSTEM_ADMIN');
    expect(assignableRoles('BANK_ADMIN')).toHaveLength(ROLES.length - 1);
    for (const r of ['AUDITOR', 'BANK_OPERATOR', 'COMPANY_USER'] as const) expect(assignableRoles(r)).toEqual([]);
  });

  it('new users default to COMPANY_USER, which needs company name and a valid CUIT', () => {
    const ok = createUserBodySchema.parse({ ...base, company_name: 'Cliente S.A.', cuit: '30-71234567-1' });
    expect(ok).toMatchObject({ email: 'nuevo@cliente.example', role: 'COMPANY_USER', cuit: '30712345671' });
    expect(isCompanyRole(ok.role)).toBe(true);
    expect(createUserBodySchema.safeParse(base).success).toBe(false);
    expect(createUserBodySchema.safeParse({ ...base, company_name: 'X', cuit: '30-71234567-2' }).success).toBe(false);
  });

  it('bank roles take no company; a SYSTEM_ADMIN takes no tenant', () => {
    expect(createUserBodySchema.safeParse({ ...base, role: 'AUDITOR' }).success).toBe(true);
    expect(createUserBodySchema.safeParse({ ...base, role: 'AUDITOR', company_name: 'X' }).success).toBe(false);
    const tenant_id = '2b0f1a1e-0c8e-4a57-8f43-6e0b8f3c9d10';
    expect(createUserBodySchema.safeParse({ ...base, role: 'SYSTEM_ADMIN', tenant_id }).success).toBe(false);
    expect(createUserBodySchema.safeParse({ ...base, role: 'BANK_ADMIN', tenant_id }).success).toBe(true);
  });

  it('updates: company name and CUIT together; reset_mfa only true', () => {
    expect(updateUserBodySchema.safeParse({ cuit: '30-71234567-1' }).success).toBe(false);
    expect(updateUserBodySchema.safeParse({ company_name: 'X', cuit: '30-71234567-1' }).success).toBe(true);
    expect(updateUserBodySchema.safeParse({ reset_mfa: false }).success).toBe(false);
    expect(updateUserBodySchema.safeParse({ status: 'SUSPENDED' }).success).toBe(true);
  });

  it('turning two-step sign-in off needs a code or the password', () => {
    expect(mfaDisableBodySchema.safeParse({}).success).toBe(false);
    expect(mfaDisableBodySchema.safeParse({ code: '12345' }).success).toBe(false);
    expect(mfaDisableBodySchema.safeParse({ code: '123456' }).success).toBe(true);
    expect(mfaDisableBodySchema.safeParse({ password: 'x' }).success).toBe(true);
  });

  it("says 'Razón social requerida' (feminine) wherever a company name is missing", () => {
    const register = registerBodySchema.safeParse({ ...base, company_name: ' ', cuit: '30-71234567-1' });
    expect(register.success).toBe(false);
    expect(register.error?.issues.map((i) => i.message)).toEqual(['Razón social requerida']);
    const created = createUserBodySchema.safeParse({ ...base, company_name: '', cuit: '30-71234567-1' });
    expect(created.error?.issues.map((i) => i.message)).toContain('Razón social requerida');
  });
});
