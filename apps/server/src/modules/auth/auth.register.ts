import type { RegisterBody, registerBodySchema, User } from '@echeq/contract';
import type { z } from 'zod';
import { hashPassword } from '../../platform/auth/password';
import { assertStrongPassword } from '../../platform/auth/password-policy';
import { AppError } from '../../platform/http/app-error';
import { recordAudit } from '../audit';
import { getSettings } from '../settings';
import { emailTaken, findUserById, toUserDto } from '../users';
import { type AuthDeps, actorCtx, isUniqueViolation, openSession } from './auth.service';
import type { Client } from './auth.throttle';

type RegisterInput = z.output<typeof registerBodySchema>;

const HOUR = 3600;

/**
 * The one answer for an e-mail that has an account and for a CUIT that already is a company of the bank: it does
 * not tell which (decision 016). A company that already works with the bank asks it for its users.
 */
export const registrationConflict = () =>
  new AppError(
    'DUPLICATE',
    'No es posible registrar la empresa con esos datos. Si su empresa ya opera con el banco, solicite el alta de su usuario al banco.',
  );

const tooMany = (seconds: number) =>
  new AppError('RATE_LIMITED', 'Demasiados registros. Intente nuevamente más tarde.', {
    headers: { 'retry-after': String(seconds) },
  });

/**
 * Self-registration: a request, not an account that moves money. A COMPANY_USER of a new company of the chosen (or
 * default) bank, PENDING the bank's approval. Cheap refusals come first (the address's and everyone's hourly limits,
 * counted before anything else; the bank; an e-mail or CUIT already there; the password policy) and the password is
 * hashed last, in the registration lane of the hash queue (429 with Retry-After when its line is long).
 */
export async function register(
  deps: AuthDeps & { registrationTenant: string },
  body: RegisterInput | RegisterBody,
  client: Client,
): Promise<{ token: string; user: User }> {
  const input = body as RegisterInput;
  const s = await getSettings(deps.db);
  const [fromAddress, fromAll] = await Promise.all([
    deps.limiter.hit(`register:ip:${client.ip}`, HOUR),
    deps.limiter.hit('register:all', HOUR),
  ]);
  if (fromAddress.count > s.registrationMaxPerIp || fromAll.count > s.registrationMaxPerHour) {
    const which = fromAddress.count > s.registrationMaxPerIp ? fromAddress : fromAll;
    const limit = which === fromAddress ? s.registrationMaxPerIp : s.registrationMaxPerHour;
    if (which.count === limit + 1) {
      await recordAudit(deps.db, null, {
        action: 'auth.register.throttled',
        entity: 'platform',
        entityId: which === fromAddress ? 'registro por dirección' : 'registro total',
        after: { ip: client.ip, limit_per_hour: limit, request_id: client.requestId },
      });
    }
    throw tooMany(which.resetsInSec);
  }

  const codigo = input.tenant_codigo ?? deps.registrationTenant;
  const t = await deps.db.query<{ id: string; estado: string }>('select id, estado from tenants where codigo = $1', [
    codigo,
  ]);
  const tenant = t.rows[0];
  if (tenant?.estado !== 'ACTIVO') {
    throw new AppError('VALIDATION_ERROR', 'El banco indicado no existe o no está activo', {
      errors: [{ path: 'tenant_codigo', message: 'Banco inexistente o inactivo' }],
    });
  }
  const taken = await deps.db.query('select 1 from companies where tenant_id = $1 and cuit = $2', [
    tenant.id,
    input.cuit,
  ]);
  if (taken.rows.length > 0 || (await emailTaken(deps.db, input.email))) throw registrationConflict();
  assertStrongPassword(input.password, { email: input.email, company: input.company_name, cuit: input.cuit });
  const passwordHash = await hashPassword(input.password, 'register');

  try {
    const { token, userId } = await deps.db.transaction(async (tx) => {
      const company = await tx.query<{ id: string }>(
        `insert into companies (tenant_id, name, cuit, approval) values ($1, $2, $3, 'PENDING')
         on conflict (tenant_id, cuit) do nothing returning id`,
        [tenant.id, input.company_name, input.cuit],
      );
      const companyId = company.rows[0]?.id;
      if (!companyId) throw registrationConflict();
      const user = await tx.query<{ id: string }>(
        `insert into users (tenant_id, company_id, email, password_hash, role, last_login)
         values ($1, $2, $3, $4, 'COMPANY_USER', $5)
         on conflict (lower(email)) do nothing returning id`,
        [tenant.id, companyId, input.email, passwordHash, deps.clock.now()],
      );
      const id = user.rows[0]?.id;
      if (!id) throw registrationConflict();
      const ctx = actorCtx(
        { id, email: input.email, role: 'COMPANY_USER', tenant_id: tenant.id, company_id: companyId },
        client,
      );
      await recordAudit(tx, ctx, {
        action: 'company.create',
        entity: 'company',
        entityId: companyId,
        after: { name: input.company_name, cuit: input.cuit, approval: 'PENDING' },
      });
      await recordAudit(tx, ctx, {
        action: 'user.register',
        entity: 'user',
        entityId: id,
        after: { email: input.email, role: 'COMPANY_USER', company_id: companyId, ip: client.ip },
      });
      return { token: await openSession(deps, tx, id, client), userId: id };
    });
    const user = await findUserById(deps.db, userId);
    return { token, user: toUserDto(user!) };
  } catch (err) {
    throw isUniqueViolation(err) ? registrationConflict() : err;
  }
}
