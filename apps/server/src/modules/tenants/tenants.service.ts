import type { createTenantBodySchema, Tenant, updateTenantBodySchema } from '@echeq/contract';
import type { z } from 'zod';
import type { Ctx } from '../../platform/auth/actor';
import { revokeUserSessions } from '../../platform/auth/sessions';
import { isDbError } from '../../platform/db/db';
import type { Deps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/http/app-error';
import { recordAudit } from '../audit';
import { rateToDecimal, rateToNumber, toTenantDto } from './tenants.mapper';
import {
  adminStats,
  findTenantRow,
  listTenantRows,
  lockTenant,
  type TenantUserRow,
  tenantUsers,
  usersWithLiveSessions,
} from './tenants.queries';

type TenantsDeps = Pick<Deps, 'db' | 'clock'>;
type CreateInput = z.output<typeof createTenantBodySchema>;
type UpdateInput = z.output<typeof updateTenantBodySchema>;

const tenantNotFound = () => notFound('Entidad no encontrada');
const duplicateCodigo = () =>
  new AppError('DUPLICATE', 'Ya existe una entidad con ese código', {
    errors: [{ path: 'codigo', message: 'Código ya utilizado' }],
  });

export async function getAdminDashboard({ deps }: { deps: Pick<Deps, 'db'> }) {
  return { stats: await adminStats(deps.db) };
}

function byTenant(users: TenantUserRow[]): Map<string, TenantUserRow[]> {
  const map = new Map<string, TenantUserRow[]>();
  for (const u of users) {
    const list = map.get(u.tenant_id);
    if (list) list.push(u);
    else map.set(u.tenant_id, [u]);
  }
  return map;
}

/** Every tenant with its user count, its first users and its clearing-house link (never key nor secret). */
export async function listTenants({ deps }: { deps: Pick<Deps, 'db'> }): Promise<Tenant[]> {
  const rows = await listTenantRows(deps.db);
  const users = byTenant(
    await tenantUsers(
      deps.db,
      rows.map((r) => r.id),
    ),
  );
  return rows.map((r) => toTenantDto(r, users.get(r.id) ?? []));
}

export async function getTenant({ deps, id }: { deps: Pick<Deps, 'db'>; id: string }): Promise<Tenant> {
  const row = await findTenantRow(deps.db, id);
  if (!row) throw tenantNotFound();
  return toTenantDto(row, await tenantUsers(deps.db, [id]));
}

/** A new bank, financial company or company tenant; its código is unique (409). */
export async function createTenant({
  deps,
  ctx,
  body,
}: {
  deps: TenantsDeps;
  ctx: Ctx;
  body: CreateInput;
}): Promise<Tenant> {
  let id: string;
  try {
    id = await deps.db.transaction(async (tx) => {
      const taken = await tx.query('select 1 from tenants where codigo = $1', [body.codigo]);
      if (taken.rows.length > 0) throw duplicateCodigo();
      const rate = body.discount_rate === undefined ? null : rateToDecimal(body.discount_rate);
      const r = await tx.query<{ id: string; discount_rate: string }>(
        `insert into tenants (nombre, codigo, cuit, tipo, discount_rate, created_at, updated_at)
         values ($1, $2, $3, $4, coalesce($5::numeric, 0.45), $6, $6) returning id, discount_rate::text as discount_rate`,
        [body.nombre, body.codigo, body.cuit, body.tipo, rate, deps.clock.now()],
      );
      const created = r.rows[0]!;
      await recordAudit(tx, ctx, {
        action: 'tenant.create',
        entity: 'tenant',
        entityId: created.id,
        tenantId: created.id,
        after: {
          nombre: body.nombre,
          codigo: body.codigo,
          cuit: body.cuit,
          tipo: body.tipo,
          estado: 'ACTIVO',
          discount_rate: rateToNumber(created.discount_rate),
        },
      });
      return created.id;
    });
  } catch (err) {
    if (isDbError(err) && err.code === '23505') throw duplicateCodigo();
    throw err;
  }
  return getTenant({ deps, id });
}

/**
 * Renames, activates or deactivates a tenant or sets its discount rate. Deactivating closes every live session of
 * its users (they cannot sign in while it is inactive, and old tokens do not come back when it is reactivated).
 */
export async function updateTenant({
  deps,
  ctx,
  id,
  body,
}: {
  deps: TenantsDeps;
  ctx: Ctx;
  id: string;
  body: UpdateInput;
}): Promise<Tenant> {
  await deps.db.transaction(async (tx) => {
    const before = await lockTenant(tx, id);
    if (!before) throw tenantNotFound();
    const nombre = body.nombre ?? before.nombre;
    const estado = body.estado ?? before.estado;
    const rate = body.discount_rate === undefined ? before.discount_rate : rateToDecimal(body.discount_rate);
    const changed = {
      nombre: nombre !== before.nombre,
      estado: estado !== before.estado,
      rate: rateToNumber(rate) !== rateToNumber(before.discount_rate),
    };
    if (!changed.nombre && !changed.estado && !changed.rate) return;
    const now = deps.clock.now();
    await tx.query(
      'update tenants set nombre = $2, estado = $3, discount_rate = $4::numeric, updated_at = $5 where id = $1',
      [id, nombre, estado, rate, now],
    );
    let sessionsClosed = 0;
    if (changed.estado && estado === 'INACTIVO') {
      for (const userId of await usersWithLiveSessions(tx, id, now)) {
        sessionsClosed += await revokeUserSessions(tx, userId, now);
      }
    }
    const only = (k: keyof typeof changed) => Object.entries(changed).every(([key, v]) => (key === k) === v);
    const action = only('estado')
      ? estado === 'ACTIVO'
        ? 'tenant.activate'
        : 'tenant.deactivate'
      : only('rate')
        ? 'tenant.discount_rate.update'
        : 'tenant.update';
    await recordAudit(tx, ctx, {
      action,
      entity: 'tenant',
      entityId: id,
      tenantId: id,
      before: { nombre: before.nombre, estado: before.estado, discount_rate: rateToNumber(before.discount_rate) },
      after: {
        nombre,
        estado,
        discount_rate: rateToNumber(rate),
        ...(changed.estado && estado === 'INACTIVO' ? { sessions_closed: sessionsClosed } : {}),
      },
    });
  });
  return getTenant({ deps, id });
}
