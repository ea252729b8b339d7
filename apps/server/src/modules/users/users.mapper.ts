import type { User } from '@echeq/contract';
import { toIso, toIsoOrNull } from '../../platform/timestamps';
import type { UserRow } from './users.queries';

/** Row to wire: the allow-list of what leaves the server about a user (no hash, no MFA secret). */
export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    company_name: row.company_name ?? (row.role === 'SYSTEM_ADMIN' ? null : row.tenant_nombre),
    cuit: row.company_cuit,
    full_name: row.full_name,
    status: row.status,
    mfa_enabled: row.mfa_enabled,
    last_login: toIsoOrNull(row.last_login),
    tenant_id: row.tenant_id,
    tenant_nombre: row.tenant_nombre,
    tenant_codigo: row.tenant_codigo,
    created_at: toIso(row.created_at),
    must_change_password: row.must_change_password,
    confirmed: row.confirmed,
    company_approval: row.company_id ? row.company_approval : null,
    added_by: row.added_by,
  };
}
