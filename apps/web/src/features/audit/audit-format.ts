import { ROLE_LABELS, type Role } from '@echeq/contract';

/** Spanish names of the entities the trail records (unknown ones show their code). */
const ENTITY_LABELS: Record<string, string> = {
  user: 'Usuario',
  company: 'Empresa',
  tenant: 'Tenant',
  session: 'Sesión',
  settings: 'Configuración',
  echeq: 'ECHEQ',
  custody: 'Custodia',
  discount: 'Descuento',
  coelsa_config: 'Configuración COELSA',
  clearing_outbox: 'Envío a COELSA',
  platform: 'Plataforma',
};

export const entityLabel = (entity: string) => ENTITY_LABELS[entity] ?? entity;

export function actorRoleLabel(role: string | null): string {
  if (!role) return '-';
  if (role === 'SYSTEM') return 'Sistema';
  return ROLE_LABELS[role as Role] ?? role;
}

/** One line per field that appears in before or after, with both values as text. */
export function diffRows(before: unknown, after: unknown) {
  const b = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.map((key) => {
    const bv = key in b ? show(b[key]) : '';
    const av = key in a ? show(a[key]) : '';
    return { key, before: bv, after: av, changed: before != null && after != null && bv !== av };
  });
}

function show(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'boolean') return v ? 'sí' : 'no';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}
