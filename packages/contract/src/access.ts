import { can, MONEY_PERMISSIONS, type Permission, type Role } from './roles';

/** A self-registered company waits for its bank: PENDING until a bank administrator approves or rejects it. */
export const COMPANY_APPROVALS = ['APPROVED', 'PENDING', 'REJECTED'] as const;
export type CompanyApproval = (typeof COMPANY_APPROVALS)[number];

export const COMPANY_APPROVAL_LABELS: Record<CompanyApproval, string> = {
  APPROVED: 'Aprobada',
  PENDING: 'Pendiente de aprobación',
  REJECTED: 'Rechazada',
};

/**
 * Why a signed-in session may do nothing but look after its own account: a temporary password set by an
 * administrator (until it is changed), or a company whose registration the bank has not approved (or rejected).
 */
export type AccountRestriction = 'PASSWORD_CHANGE' | 'PENDING_APPROVAL' | 'REJECTED';

export type AccountState = {
  role: Role;
  confirmed: boolean;
  must_change_password: boolean;
  company_approval: CompanyApproval | null;
};

export function restrictionOf(
  a: Pick<AccountState, 'must_change_password' | 'company_approval'>,
): AccountRestriction | null {
  if (a.must_change_password) return 'PASSWORD_CHANGE';
  if (a.company_approval === 'PENDING') return 'PENDING_APPROVAL';
  if (a.company_approval === 'REJECTED') return 'REJECTED';
  return null;
}

/** The role's permission, less what moves money while the user is not confirmed (server and screens alike). */
export function canAct(a: Pick<AccountState, 'role' | 'confirmed'>, permission: Permission): boolean {
  return can(a.role, permission) && (a.confirmed || !MONEY_PERMISSIONS.includes(permission));
}
