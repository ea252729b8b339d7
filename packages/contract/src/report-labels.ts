import type { CustodyStatus } from './custody';
import type { DiscountStatus } from './discounts';
import type { PerformanceDetail, PerformanceReport } from './reports';

/** Status labels of the report tables and the dashboard (plural, as the screens read). */
export const CUSTODY_REPORT_LABELS: Record<CustodyStatus, string> = {
  IN_CUSTODY: 'En Custodia',
  RELEASED: 'Liberados',
  EXPIRED: 'Expirados',
  CANCELLED: 'Cancelados',
};
export const DISCOUNT_REPORT_LABELS: Record<DiscountStatus, string> = {
  PENDING: 'Pendientes',
  APPROVED: 'Aprobados',
  REJECTED: 'Rechazados',
  CANCELLED: 'Cancelados',
  COMPLETED: 'Completados',
};

/** The API's areas as the performance report names them (its table on screen and its exports). */
export const API_AREA_LABELS: Record<string, string> = {
  auth: 'Autenticación',
  echeqs: 'ECHEQs y custodia',
  discounts: 'Descuentos',
  reports: 'Reportes',
  users: 'Usuarios',
  admin: 'Administración',
  integration: 'Integración COELSA',
  accounts: 'Cuentas y chequeras',
  system: 'Sistema',
  audit: 'Auditoría',
  settings: 'Configuración',
  health: 'Estado del servicio',
  unmatched: 'Rutas inexistentes',
};

/** An area's name in Spanish; a group the list does not know yet keeps its key. */
export const apiAreaLabel = (group: string): string => API_AREA_LABELS[group] ?? group;

/** Share of `count` in `total` as a whole-number percentage, rounded half up; 0 when total is 0. */
export function percentOf(count: number, total: number): number {
  if (!(total > 0) || !(count > 0)) return 0;
  // Integer arithmetic: round(count × 100 / total) without binary-float drift at .5.
  return Math.floor((count * 200 + total) / (2 * total));
}

/** 'YYYY-MM' of every month from `from` to `to` inclusive (both 'YYYY-MM'). */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  while (y < ty || (y === ty && m <= tm)) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
  }
  return out;
}

/**
 * True when the report carries the breakdown (platform or bank scope). Here, apart from the schemas, so the
 * dashboard that asks it does not bring zod with it.
 */
export const hasPerformanceDetail = (r: PerformanceReport): r is PerformanceDetail => 'routes' in r;
