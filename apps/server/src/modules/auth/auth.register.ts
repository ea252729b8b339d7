import type { RegisterBody, registerBodySchema, User } from '@echeq/contract';
import type { z } from 'zod';
import { hashPassword, hashQueue } from '../../platform/auth/password';
import { assertStrongPassword } from '../../platform/auth/password-policy';
import { AppError } from '../../platform/http/app-error';
import { recordAudit } from '../audit';
import { getSettings } from '../settings';
import { insertRegistration, registrationTarget, userView } from '../users';
import { type AuthDeps, actorCtx, isUniqueViolation, openSession } from './auth.service';
import { type Client, firstInWindow } from './auth.throttle';

type RegisterInput = z.output<typeof registerBodySchema>;

const HOUR = 3600;

/**
 * The one answer for an e-mail that has an account and for a CUIT that already is a company of the bank: it does
 * not tell which (decision 026). A company that already works with the bank asks it for its users.
 */
const registrationConflict = () =>
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
 * default) bank, PENDING the bank's approval. On arrival the request takes a place in the registration line of the
 * hash queue (429 with Retry-After at once when the line is long, before any other work). Then the cheap refusals:
 * the address's and everyone's hourly limits, counted before anything is checked; the bank and an e-mail or CUIT
 * already there (one statement). Last, in a hash slot, the password policy (tens of milliseconds of this thread) and
 * the hash.
 */
export async function register(
  deps: AuthDeps & { registrationTenant: string },
  body: RegisterInput | RegisterBody,
  client: Client,
): Promise<{ token: string; user: User }> {
  const input = body as RegisterInput;
  const place = hashQueue.enter('register');
  try {
    return await registerInLine(deps, input, client);
  } finally {
    place.leave();
  }
}

async function registerInLine(
  deps: AuthDeps & { registrationTenant: string },
  input: RegisterInput,
  client: Client,
): Promise<{ token: string; user: User }> {
  const s = await getSettings(deps.db);
  const [fromAddress, fromAll] = await Promise.all([
    deps.limiter.hit(`register:ip:${client.ip}`, HOUR),
    deps.limiter.hit('register:all', HOUR),
  ]);
  if (fromAddress.count > s.registrationMaxPerIp || fromAll.count > s.registrationMaxPerHour) {
    const byAddress = fromAddress.count > s.registrationMaxPerIp;
    const which = byAddress ? fromAddress : fromAll;
    if (await firstInWindow(deps, byAddress ? `register:ip:${client.ip}` : 'register:all', HOUR)) {
      await recordAudit(deps.db, null, {
        action: 'auth.register.throttled',
        entity: 'platform',
        entityId: byAddress ? 'registro por dirección' : 'registro total',
        after: {
          ip: client.ip,
          limit_per_hour: byAddress ? s.registrationMaxPerIp : s.registrationMaxPerHour,
          request_id: client.requestId,
        },
      });
    }
    throw tooMany(which.resetsInSec);
  }

  const codigo = input.tenant_codigo ?? deps.registrationTenant;
  // One statement: the bank, and whether the CUIT or the e-mail is already there.
  const tenant = await registrationTarget(deps.db, { tenantCodigo: codigo, cuit: input.cuit, email: input.email });
  if (tenant?.estado !== 'ACTIVO') {
    throw new AppError('VALIDATION_ERROR', 'El banco indicado no existe o no está activo', {
      errors: [{ path: 'tenant_codigo', message: 'Banco inexistente o inactivo' }],
    });
  }
  if (tenant.taken) throw registrationConflict();
  const passwordHash = await hashPassword(input.password, {
    lane: 'register',
    check: () =>
      assertStrongPassword(input.password, { email: input.email, company: input.company_name, cuit: input.cuit }),
  });

  try {
    const { token, userId } = await deps.db.transaction(async (tx) => {
      const created = await insertRegistration(tx, {
        tenantId: tenant.id,
        companyName: input.company_name,
        cuit: input.cuit,
        email: input.email,
        passwordHash,
        at: deps.clock.now(),
      });
      if (!created) throw registrationConflict();
      const { companyId, userId: id } = created;
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
    return { token, user: await userView(deps.db, userId) };
  } catch (err) {
    throw isUniqueViolation(err) ? registrationConflict() : err;
  }
}
