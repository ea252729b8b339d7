import { describe, expect, it } from 'vitest';
import { can, menuFor, ROLE_LABELS, ROLES, scopeKindOf } from './roles';

const titles = (role: (typeof ROLES)[number]) => menuFor(role).map((e) => e.title);

describe('permission map and menu', () => {
  it('lets every role that reads reports read custody and discounts (their summaries declare only those; decision 007)', () => {
    for (const role of ROLES.filter((r) => can(r, 'reports:read'))) {
      expect([can(role, 'custody:read'), can(role, 'discounts:read')]).toEqual([true, true]);
    }
  });

  it("matches the specification table for its three roles, with the paying bank's queue (LIFECYCLE §3)", () => {
    expect(titles('BANK_ADMIN')).toEqual([
      'Dashboard',
      'Custodia',
      'ECHEQs',
      'Cheques presentados al cobro',
      'Cuentas y chequeras',
      'Descuentos',
      'Usuarios',
      'Reportes',
      'Auditoría',
    ]);
    expect(titles('COMPANY_USER')).toEqual(['Dashboard', 'Custodia', 'ECHEQs', 'Cuentas y chequeras', 'Descuentos']);
    expect(titles('SYSTEM_ADMIN')).toEqual([
      'Dashboard',
      'Custodia',
      'ECHEQs',
      'Cuentas y chequeras',
      'Descuentos',
      'Usuarios',
      'Reportes',
      'Auditoría',
      'Administración',
      'Configuración',
    ]);
  });

  it('shows the presented cheques only to the bank roles that pay or reject them', () => {
    const queue = 'Cheques presentados al cobro';
    expect(ROLES.filter((r) => titles(r).includes(queue))).toEqual(['BANK_ADMIN', 'BANK_OPERATOR']);
  });

  it('gives the operator the bank menu without Usuarios and the auditor read-only access', () => {
    expect(titles('BANK_OPERATOR')).not.toContain('Usuarios');
    expect(titles('BANK_OPERATOR')).toContain('Reportes');
    expect(can('AUDITOR', 'users:read')).toBe(true);
    for (const p of [
      'echeqs:create',
      'echeqs:update',
      'custody:release',
      'discounts:decide',
      'users:manage',
    ] as const) {
      expect(can('AUDITOR', p)).toBe(false);
    }
  });

  it('lets companies request discounts and bank admins decide them', () => {
    expect(can('COMPANY_USER', 'discounts:request')).toBe(true);
    expect(can('COMPANY_AUTHORIZER', 'discounts:request')).toBe(true);
    expect(can('BANK_ADMIN', 'discounts:request')).toBe(false);
    expect(can('BANK_ADMIN', 'discounts:decide')).toBe(true);
    expect(can('BANK_OPERATOR', 'discounts:decide')).toBe(false);
    expect(can('COMPANY_USER', 'discounts:decide')).toBe(false);
  });

  it('reserves administration for the system admin', () => {
    for (const r of ROLES) expect(can(r, 'tenants:manage')).toBe(r === 'SYSTEM_ADMIN');
  });

  it('labels every role and scopes it', () => {
    expect(ROLE_LABELS.BANK_ADMIN).toBe('Admin Banco');
    expect(ROLE_LABELS.COMPANY_USER).toBe('Usuario Empresa');
    expect(ROLE_LABELS.SYSTEM_ADMIN).toBe('Admin Sistema');
    expect(scopeKindOf('SYSTEM_ADMIN')).toBe('all');
    expect(scopeKindOf('AUDITOR')).toBe('tenant');
    expect(scopeKindOf('GUARANTOR')).toBe('company');
  });
});
