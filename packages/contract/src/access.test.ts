import { describe, expect, it } from 'vitest';
import { canAct, restrictionOf } from './access';
import { passwordSchema } from './auth';
import { can, MONEY_PERMISSIONS, ROLES } from './roles';

describe('what an account may do', () => {
  it('a temporary password comes first, then the company’s registration', () => {
    expect(restrictionOf({ must_change_password: false, company_approval: null })).toBeNull();
    expect(restrictionOf({ must_change_password: false, company_approval: 'APPROVED' })).toBeNull();
    expect(restrictionOf({ must_change_password: false, company_approval: 'PENDING' })).toBe('PENDING_APPROVAL');
    expect(restrictionOf({ must_change_password: false, company_approval: 'REJECTED' })).toBe('REJECTED');
    expect(restrictionOf({ must_change_password: true, company_approval: 'PENDING' })).toBe('PASSWORD_CHANGE');
  });

  it('an unconfirmed user keeps its role’s reading and loses exactly what moves money', () => {
    for (const role of ROLES) {
      for (const p of ['echeqs:read', 'custody:read', 'discounts:read', 'users:read'] as const) {
        expect(canAct({ role, confirmed: false }, p)).toBe(can(role, p));
      }
      for (const p of MONEY_PERMISSIONS) {
        expect(canAct({ role, confirmed: false }, p)).toBe(false);
        expect(canAct({ role, confirmed: true }, p)).toBe(can(role, p));
      }
    }
  });

  it('approving registrations and confirming users is for bank admins and the system admin', () => {
    expect(ROLES.filter((r) => can(r, 'users:approve'))).toEqual(['SYSTEM_ADMIN', 'BANK_ADMIN']);
  });

  it('a new password has at least 12 characters and at most 128', () => {
    expect(passwordSchema.safeParse('a'.repeat(11)).success).toBe(false);
    expect(passwordSchema.safeParse('a'.repeat(12)).success).toBe(true);
    expect(passwordSchema.safeParse('a'.repeat(129)).success).toBe(false);
  });
});
