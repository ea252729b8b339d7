import {
  ACTION_LABELS,
  type AuditEntry,
  COMPANY_APPROVAL_LABELS,
  CUSTODY_STATUS_LABELS,
  DISCOUNT_STATUS_LABELS,
  ECHEQ_STATUS_LABELS,
  ENTITY_LABELS,
  ROLE_LABELS,
  type Role,
  TENANT_STATUS_LABELS,
  TENANT_TYPE_LABELS,
  USER_STATUS_LABELS,
  VALIDATION_STATUS_LABELS,
} from '@echeq/contract';
import { formatAmount, formatCuit, formatDate, formatDateTime, formatNumber, formatRate } from '../../lib/format';

export const entityLabel = (entity: string) => ENTITY_LABELS[entity] ?? entity;

/** 'Descuento rechazado'; the code itself for an action the screen does not know yet. */
export const actionLabel = (action: string) => ACTION_LABELS[action] ?? action;
export const isKnownAction = (action: string) => action in ACTION_LABELS;

export function actorRoleLabel(role: string | null): string {
  if (!role) return '-';
  if (role === 'SYSTEM') return 'Sistema';
  return ROLE_LABELS[role as Role] ?? role;
}

/** The fields the records carry, by name (a nested field reads 'ECHEQ: Monto'); unknown ones show their name. */
const FIELD_LABELS: Record<string, string> = {
  id: 'ID',
  number: 'Número',
  amount: 'Monto',
  currency: 'Moneda',
  issue_date: 'Fecha de emisión',
  due_date: 'Fecha de vencimiento',
  issuer: 'Emisor',
  issuer_cuit: 'CUIT del emisor',
  beneficiary: 'Beneficiario',
  beneficiary_cuit: 'CUIT del beneficiario',
  status: 'Estado',
  validation_status: 'Validación',
  validation_message: 'Mensaje de validación',
  validated_at: 'Validado el',
  custody_status: 'Custodia',
  company_name: 'Empresa',
  customer_id: 'Empresa (ID)',
  tenant_id: 'Entidad (ID)',
  version: 'Versión',
  created_at: 'Creado el',
  updated_at: 'Modificado el',
  echeq: 'ECHEQ',
  echeq_id: 'ECHEQ (ID)',
  echeq_number: 'Número de ECHEQ',
  custody_date: 'Fecha de custodia',
  release_date: 'Fecha de liberación',
  release_reason: 'Motivo de liberación',
  presentation_deadline: 'Fin del plazo de presentación',
  notes: 'Notas',
  requested_amount: 'Monto solicitado',
  approved_amount: 'Monto aprobado',
  rate: 'TNA aplicada',
  days: 'Días',
  rejection_reason: 'Motivo de rechazo',
  discount_rate: 'Tasa de descuento anual',
  email: 'Email',
  role: 'Rol',
  full_name: 'Nombre completo',
  cuit: 'CUIT',
  mfa_enabled: 'Verificación en dos pasos',
  nombre: 'Nombre',
  codigo: 'Código',
  tipo: 'Tipo',
  estado: 'Estado',
  environment: 'Entorno',
  base_url: 'URL',
  timeout: 'Tiempo de espera (ms)',
  max_retries: 'Reintentos máximos',
  session_hours: 'Duración de la sesión (horas)',
  login_max_failures_per_account: 'Intentos fallidos por cuenta',
  login_max_failures_per_ip: 'Intentos fallidos por dirección IP',
  login_window_minutes: 'Ventana de intentos (minutos)',
  registration_max_per_ip: 'Registros por dirección IP (por hora)',
  registration_max_per_hour: 'Registros en total (por hora)',
  confirmed: 'Confirmado',
  approval: 'Alta',
  requested_by: 'Solicitada por',
  added_by: 'Agregado por',
  user_id: 'Usuario (ID)',
  company_id: 'Empresa (ID)',
  cbu: 'CBU',
  account_id: 'Cuenta (ID)',
  chequebook: 'Chequera',
  first: 'Desde el número',
  last: 'Hasta el número',
  temporary_credentials: 'Contraseña temporal',
  temporary_replaced: 'Reemplazó una contraseña temporal',
  credentials_reset: 'Contraseña restablecida',
  sessions_closed: 'Sesiones cerradas',
  other_sessions_closed: 'Otras sesiones cerradas',
  scope: 'Alcance',
  until_s: 'Bloqueo restante (s)',
  delay_ms: 'Demora (ms)',
  limit_per_hour: 'Límite por hora',
  request_id: 'Solicitud (ID)',
  ip: 'Dirección IP',
  users: 'Usuarios',
  tenants: 'Entidades',
  entity: 'Registro',
  entity_id: 'Registro (ID)',
  operation: 'Operación',
  reference: 'Referencia',
  attempts: 'Intentos',
  error: 'Error',
  reason: 'Motivo',
};

function fieldLabel(key: string): string {
  return key
    .split('.')
    .map((part) => FIELD_LABELS[part] ?? part)
    .join(': ');
}

/** Status codes by the field and record that carry them. */
function statusLabels(key: string, entity: string): Record<string, string> | undefined {
  const last = key.split('.').at(-1);
  if (last === 'validation_status') return VALIDATION_STATUS_LABELS;
  if (last === 'custody_status') return CUSTODY_STATUS_LABELS;
  if (last === 'role') return ROLE_LABELS;
  if (last === 'estado') return TENANT_STATUS_LABELS;
  if (last === 'tipo') return TENANT_TYPE_LABELS;
  if (last === 'approval') return COMPANY_APPROVAL_LABELS;
  if (last !== 'status') return undefined;
  if (key.startsWith('echeq.') || entity === 'echeq') return ECHEQ_STATUS_LABELS;
  if (entity === 'custody') return CUSTODY_STATUS_LABELS;
  if (entity === 'discount') return DISCOUNT_STATUS_LABELS;
  if (entity === 'user') return USER_STATUS_LABELS;
  return undefined;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const AMOUNT_KEYS = /(^|_)amount$/;

/**
 * A field's value as the screens show it: amounts and rates es-AR (with the record's currency when it has one),
 * dates and times in Buenos Aires, statuses and roles by their names, CUITs with hyphens, 'Sí'/'No'.
 */
function formatField(key: string, value: unknown, ctx: { entity: string; currency?: string }): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  const last = key.split('.').at(-1) ?? key;
  const labels = statusLabels(key, ctx.entity);
  if (labels && typeof value === 'string') return labels[value] ?? value;
  if (AMOUNT_KEYS.test(last) && !Number.isNaN(Number(value))) {
    return ctx.currency ? formatAmount(Number(value), ctx.currency) : formatNumber(Number(value), 2);
  }
  if ((last === 'rate' || last === 'discount_rate') && !Number.isNaN(Number(value))) return formatRate(Number(value));
  if (last.endsWith('cuit') && typeof value === 'string') return formatCuit(value);
  if (typeof value === 'string' && ISO_DATE.test(value)) return formatDate(value);
  if (typeof value === 'string' && ISO_TIMESTAMP.test(value)) return formatDateTime(value);
  if (typeof value === 'number') return formatNumber(value, Number.isInteger(value) ? 0 : 2);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

type Fields = Record<string, unknown>;
const asFields = (v: unknown): Fields => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Fields) : {});

/** One level of nesting flattened: `{ echeq: { amount } }` → `{ 'echeq.amount': … }`. */
function flatten(v: unknown): Fields {
  const out: Fields = {};
  for (const [k, inner] of Object.entries(asFields(v))) {
    if (inner && typeof inner === 'object' && !Array.isArray(inner)) {
      for (const [k2, v2] of Object.entries(inner as Fields)) out[`${k}.${k2}`] = v2;
    } else out[k] = inner;
  }
  return out;
}

/** A field's line; `href` when the field names another record (a cheque by its id) whose screen can show it. */
export type DiffRow = { key: string; label: string; before: string; after: string; changed: boolean; href?: string };

/** One line per field that appears in before or after, both values as the screens show them. */
export function diffRows(entry: Pick<AuditEntry, 'entity' | 'before' | 'after'>): DiffRow[] {
  const b = flatten(entry.before);
  const a = flatten(entry.after);
  const currencyOf = (f: Fields, key: string) => {
    const prefix = key.includes('.') ? `${key.split('.')[0]}.` : '';
    const c = f[`${prefix}currency`] ?? f.currency;
    return typeof c === 'string' ? c : undefined;
  };
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.map((key) => {
    const before = key in b ? formatField(key, b[key], { entity: entry.entity, currency: currencyOf(b, key) }) : '';
    const after = key in a ? formatField(key, a[key], { entity: entry.entity, currency: currencyOf(a, key) }) : '';
    const changed = entry.before != null && entry.after != null && JSON.stringify(b[key]) !== JSON.stringify(a[key]);
    const number = a.echeq_number ?? b.echeq_number;
    const href =
      key === 'echeq_id' && typeof number === 'string' ? `/echeqs?search=${encodeURIComponent(number)}` : undefined;
    return { key, label: fieldLabel(key), before, after, changed, ...(href ? { href } : {}) };
  });
}

/** The record's own screen, found by what its list searches (a cheque's number, a discount's id), when known. */
export function recordLink(
  entry: Pick<AuditEntry, 'entity' | 'entity_id' | 'before' | 'after' | 'actor_id' | 'actor_email'>,
): string | null {
  const f = { ...flatten(entry.before), ...flatten(entry.after) };
  const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
  const search = (path: string, term: string | null) => (term ? `${path}?search=${encodeURIComponent(term)}` : null);
  switch (entry.entity) {
    case 'echeq':
      return search('/echeqs', text(f.number));
    case 'custody':
      return search('/custody', text(f['echeq.number']) ?? text(f.echeq_number));
    case 'discount':
      return search('/discounts', entry.entity_id);
    case 'user':
      return search('/users', text(f.email) ?? (entry.entity_id === entry.actor_id ? entry.actor_email : null));
    case 'tenant':
      return '/admin';
    case 'account':
    case 'chequebook':
      return '/accounts';
    case 'clearing_outbox':
      return f.entity === 'discount' ? search('/discounts', text(f.entity_id)) : null;
    default:
      return null;
  }
}
