import { ppmToRate, rateToPpm, type Tenant } from '@echeq/contract';
import { toIso, toIsoOrNull } from '../../platform/timestamps';
import type { TenantRow, TenantUserRow } from './tenants.queries';

/** numeric(8,6) text to the JSON number it is (exact to 6 decimals). */
export const rateToNumber = (value: string): number => ppmToRate(rateToPpm(value));

/** A rate from the wire (≤ 6 decimals, validated) to the text stored in numeric(8,6). */
export const rateToDecimal = (rate: number): string => rate.toFixed(6);

export function toTenantDto(row: TenantRow, users: TenantUserRow[]): Tenant {
  return {
    id: row.id,
    nombre: row.nombre,
    codigo: row.codigo,
    cuit: row.cuit,
    tipo: row.tipo,
    estado: row.estado,
    discount_rate: rateToNumber(row.discount_rate),
    created_at: toIso(row.created_at),
    users: users.map((u) => ({ id: u.id, email: u.email, role: u.role, status: u.status })),
    users_count: row.users_count,
    coelsaConfig: row.has_coelsa
      ? {
          environment: row.environment ?? 'sandbox',
          base_url: row.base_url,
          timeout: row.timeout_ms ?? 30_000,
          max_retries: row.max_retries ?? 3,
          has_api_key: row.has_api_key,
          has_api_secret: row.has_api_secret,
          test_status: row.test_status ?? 'untested',
          tested_at: toIsoOrNull(row.tested_at),
          test_message: row.test_message,
        }
      : null,
  };
}
