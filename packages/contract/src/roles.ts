/** The nine role codes (CONTRACT §2). */
export const ROLES = [
  'SYSTEM_ADMIN',
  'BANK_ADMIN',
  'BANK_OPERATOR',
  'AUDITOR',
  'COMPANY_USER',
  'COMPANY_AUTHORIZER',
  'BENEFICIARY',
  'FINANCIAL_ENTITY',
  'GUARANTOR',
] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  SYSTEM_ADMIN: 'Admin Sistema',
  BANK_ADMIN: 'Admin Banco',
  BANK_OPERATOR: 'Operador Banco',
  AUDITOR: 'Auditor',
  COMPANY_USER: 'Usuario Empresa',
  COMPANY_AUTHORIZER: 'Autorizante Empresa',
  BENEFICIARY: 'Beneficiario',
  FINANCIAL_ENTITY: 'Entidad Financiera',
  GUARANTOR: 'Avalista',
};

export const DEFAULT_NEW_USER_ROLE: Role = 'COMPANY_USER';

/** Roles that belong to a bank (tenant) and see its whole book. */
export const BANK_ROLES: readonly Role[] = ['BANK_ADMIN', 'BANK_OPERATOR', 'AUDITOR'];
/** Roles that belong to a company client and see that company's records only. */
export const COMPANY_ROLES: readonly Role[] = ['COMPANY_USER', 'COMPANY_AUTHORIZER', 'BENEFICIARY', 'GUARANTOR'];

export const PERMISSIONS = [
  'echeqs:read',
  'echeqs:create',
  'echeqs:update',
  /** The lifecycle's operations on registry cheques (LIFECYCLE §3): a company's by its position, the paying bank's. */
  'echeqs:operate',
  /** The paying bank's queue of cheques presented for payment (LIFECYCLE §8): the bank's operator and admin. */
  'echeqs:presented',
  /** "Simular ECHEQ recibido" on the sandbox (LIFECYCLE §6): the system's and a bank's administrators. */
  'echeqs:simulate',
  'custody:read',
  'custody:create',
  'custody:release',
  'discounts:read',
  'discounts:request',
  'discounts:decide',
  'discounts:cancel',
  'users:read',
  'users:manage',
  'users:approve',
  'reports:read',
  'audit:read',
  'clearing:status',
  'clearing:operate',
  'tenants:manage',
  'settings:manage',
  'accounts:read',
  'accounts:manage',
  'chequebooks:request',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const READ_BOOK: Permission[] = ['echeqs:read', 'custody:read', 'discounts:read', 'clearing:status'];
const COMPANY_WRITER: Permission[] = [
  ...READ_BOOK,
  'echeqs:create',
  'echeqs:update',
  'custody:create',
  'custody:release',
  'discounts:request',
  'discounts:cancel',
  'clearing:operate',
  'echeqs:operate',
];

/** The one permission map: the server's guards and the web's menu and buttons read it (CONTRACT §4, §6). */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  SYSTEM_ADMIN: [
    ...READ_BOOK,
    'echeqs:update',
    'custody:release',
    'users:read',
    'users:manage',
    'users:approve',
    'reports:read',
    'audit:read',
    'clearing:operate',
    'tenants:manage',
    'settings:manage',
    'accounts:read',
    'echeqs:simulate',
  ],
  BANK_ADMIN: [
    ...READ_BOOK,
    'echeqs:update',
    'echeqs:operate',
    'echeqs:presented',
    'custody:release',
    'discounts:decide',
    'discounts:cancel',
    'users:read',
    'users:manage',
    'users:approve',
    'reports:read',
    'audit:read',
    'clearing:operate',
    'accounts:read',
    'accounts:manage',
    'echeqs:simulate',
  ],
  BANK_OPERATOR: [
    ...READ_BOOK,
    'echeqs:update',
    'echeqs:operate',
    'echeqs:presented',
    'custody:release',
    'reports:read',
    'clearing:operate',
    'accounts:read',
  ],
  AUDITOR: [...READ_BOOK, 'users:read', 'reports:read', 'audit:read', 'accounts:read'],
  COMPANY_USER: [...COMPANY_WRITER, 'accounts:read', 'chequebooks:request'],
  COMPANY_AUTHORIZER: [...COMPANY_WRITER, 'accounts:read', 'chequebooks:request'],
  // LIFECYCLE §1: the beneficiary operates its company's cheques (and chequebooks); the guarantor reads.
  BENEFICIARY: [...READ_BOOK, 'echeqs:operate', 'accounts:read', 'chequebooks:request'],
  GUARANTOR: [...READ_BOOK, 'accounts:read'],
  FINANCIAL_ENTITY: READ_BOOK,
};

/**
 * What moves money or changes the book. A company user whom an administrator added to an existing company lacks
 * these until someone other than that administrator confirms it (CONTRACT §4; `users:approve`).
 */
export const MONEY_PERMISSIONS: readonly Permission[] = [
  'echeqs:create',
  'echeqs:update',
  'echeqs:operate',
  'custody:create',
  'custody:release',
  'discounts:request',
  'discounts:cancel',
  'clearing:operate',
  'chequebooks:request',
];

const PERMISSION_SETS = new Map(ROLES.map((r) => [r, new Set(ROLE_PERMISSIONS[r])]));

export function can(role: Role, permission: Permission): boolean {
  return PERMISSION_SETS.get(role)?.has(permission) ?? false;
}

/** How far a role sees: every tenant, its own tenant, or its own company. */
export type ScopeKind = 'all' | 'tenant' | 'company';
export function scopeKindOf(role: Role): ScopeKind {
  if (role === 'SYSTEM_ADMIN') return 'all';
  if ((COMPANY_ROLES as readonly string[]).includes(role)) return 'company';
  return 'tenant';
}

export type MenuEntry = { path: string; title: string; permission?: Permission };

/** Side-menu entries in order; an entry without permission is shown to everyone signed in. */
export const MENU: readonly MenuEntry[] = [
  { path: '/dashboard', title: 'Dashboard' },
  { path: '/custody', title: 'Custodia', permission: 'custody:read' },
  { path: '/echeqs', title: 'ECHEQs', permission: 'echeqs:read' },
  // LIFECYCLE §3: the paying bank's queue; its operator and administrator pay or reject.
  { path: '/presented', title: 'Cheques presentados al cobro', permission: 'echeqs:presented' },
  { path: '/accounts', title: 'Cuentas y chequeras', permission: 'accounts:read' },
  { path: '/discounts', title: 'Descuentos', permission: 'discounts:read' },
  { path: '/users', title: 'Usuarios', permission: 'users:read' },
  { path: '/reports', title: 'Reportes', permission: 'reports:read' },
  { path: '/audit', title: 'Auditoría', permission: 'audit:read' },
  { path: '/admin', title: 'Administración', permission: 'tenants:manage' },
  { path: '/settings', title: 'Configuración', permission: 'settings:manage' },
];

export function menuFor(role: Role): MenuEntry[] {
  return MENU.filter((e) => !e.permission || can(role, e.permission));
}
