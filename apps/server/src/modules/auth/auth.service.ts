import type { LoginBody, LoginResponse, RegisterBody, registerBodySchema, User } from '@echeq/contract';
import type { z } from 'zod';
import type { Ctx } from '../../platform/auth/actor';
import { signToken } from '../../platform/auth/jwt';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../platform/auth/password';
import { matchTotp } from '../../platform/auth/totp';
import { open } from '../../platform/crypto';
import type { Queryable } from '../../platform/db/db';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { recordAudit } from '../audit';
import { getSettings } from '../settings';
import { emailTaken, findUserByEmail, findUserById, insertUser, toUserDto } from '../users';

type AuthDeps = Pick<Deps, 'db' | 'config' | 'clock' | 'limiter' | 'tokenKey'>;
type Client = { ip: string; userAgent?: string | undefined; requestId: string };

/** Opens a server-side session row and signs the bearer token bound to it. */
async function openSession(deps: AuthDeps, tx: Queryable, userId: string, client: Client): Promise<string> {
  const settings = await getSettings(tx);
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + settings.sessionHours * 3_600_000);
  const r = await tx.query<{ id: string }>(
    'insert into sessions (user_id, created_at, expires_at, ip, user_agent) values ($1, $2, $3, $4, $5) returning id',
    [userId, now, expiresAt, client.ip, client.userAgent?.slice(0, 300) ?? null],
  );
  return signToken(deps.tokenKey, { sub: userId, sid: r.rows[0]!.id }, expiresAt, now);
}

function actorCtx(
  user: { id: string; email: string; role: User['role']; tenant_id: string | null; company_id: string | null },
  client: Client,
  sessionId = '',
): Ctx {
  return {
    actor: {
      userId: user.id,
      email: user.email,
      role: user.role,
      tenantId: user.tenant_id,
      companyId: user.company_id,
      sessionId,
    },
    requestId: client.requestId,
    ip: client.ip,
  };
}

const invalid = () => new AppError('INVALID_CREDENTIALS');

/**
 * Sign-in. Failures are counted per account and per address (whether the account exists or not) and refused
 * with 429 past the thresholds; a suspended user, an inactive tenant and a wrong password all read the same.
 */
export async function login(deps: AuthDeps, body: LoginBody, client: Client): Promise<LoginResponse> {
  const s = await getSettings(deps.db);
  const windowSec = s.loginWindowMinutes * 60;
  const accountKey = `login:acct:${body.email}`;
  const ipKey = `login:ip:${client.ip}`;
  // The account's attempt is counted before the password is checked (one atomic increment): simultaneous guesses
  // cannot all pass a read-then-check. A successful sign-in clears the count.
  const [acct, ip] = await Promise.all([deps.limiter.hit(accountKey, windowSec), deps.limiter.count(ipKey, windowSec)]);
  if (acct > s.loginMaxFailuresPerAccount || ip >= s.loginMaxFailuresPerIp) {
    throw new AppError('RATE_LIMITED', undefined, { headers: { 'retry-after': String(windowSec) } });
  }
  const fail = async (err = invalid()) => {
    await deps.limiter.hit(ipKey, windowSec);
    return err;
  };

  const user = await findUserByEmail(deps.db, body.email);
  const ok = user ? await verifyPassword(body.password, user.password_hash) : await verifyAgainstDummy(body.password);
  if (!user || !ok || user.status !== 'ACTIVE' || (user.tenant_id && user.tenant_estado !== 'ACTIVO')) {
    throw await fail();
  }

  let mfaStep: number | null = null;
  if (user.mfa_enabled && user.mfa_secret_enc) {
    if (!body.mfa_code) {
      return { success: true, mfa_required: true, message: 'Ingrese el código de verificación de su aplicación' };
    }
    mfaStep = matchTotp(open(deps.config.secretsKey, user.mfa_secret_enc), body.mfa_code, deps.clock.now());
    if (mfaStep === null || (user.mfa_last_step !== null && mfaStep <= Number(user.mfa_last_step))) {
      throw await fail(new AppError('INVALID_MFA_CODE'));
    }
  }

  const token = await deps.db.transaction(async (tx) => {
    if (mfaStep !== null) {
      // Single use: the step is recorded only if no concurrent sign-in used it first.
      const used = await tx.query(
        'update users set mfa_last_step = $2 where id = $1 and (mfa_last_step is null or mfa_last_step < $2)',
        [user.id, mfaStep],
      );
      if (used.rowCount === 0) throw new AppError('INVALID_MFA_CODE');
    }
    await tx.query('update users set last_login = $2 where id = $1', [user.id, deps.clock.now()]);
    const t = await openSession(deps, tx, user.id, client);
    await recordAudit(tx, actorCtx(user, client), {
      action: 'auth.login',
      entity: 'user',
      entityId: user.id,
      tenantId: user.tenant_id,
      after: { ip: client.ip },
    });
    return t;
  });
  await deps.limiter.reset(accountKey);
  const fresh = await findUserById(deps.db, user.id);
  return { success: true, message: 'Inicio de sesión exitoso', token, user: toUserDto(fresh!) };
}

type RegisterInput = z.output<typeof registerBodySchema>;

/** Self-registration: always a COMPANY_USER of a new company client of the chosen (or default) bank. */
export async function register(
  deps: AuthDeps & { registrationTenant: string },
  body: RegisterInput | RegisterBody,
  client: Client,
): Promise<{ token: string; user: User }> {
  const input = body as RegisterInput;
  const codigo = input.tenant_codigo ?? deps.registrationTenant;
  const passwordHash = await hashPassword(input.password);
  const { token, userId } = await deps.db.transaction(async (tx) => {
    const t = await tx.query<{ id: string; estado: string; tipo: string }>(
      'select id, estado, tipo from tenants where codigo = $1',
      [codigo],
    );
    const tenant = t.rows[0];
    if (tenant?.estado !== 'ACTIVO') {
      throw new AppError('VALIDATION_ERROR', 'El banco indicado no existe o no está activo', {
        errors: [{ path: 'tenant_codigo', message: 'Banco inexistente o inactivo' }],
      });
    }
    if (await emailTaken(tx, input.email)) {
      throw new AppError('DUPLICATE', 'Ya existe un usuario registrado con ese email', {
        errors: [{ path: 'email', message: 'Email ya registrado' }],
      });
    }
    const existing = await tx.query('select 1 from companies where tenant_id = $1 and cuit = $2', [
      tenant.id,
      input.cuit,
    ]);
    if (existing.rows.length > 0) {
      throw new AppError(
        'DUPLICATE',
        'La empresa ya está registrada en este banco. Solicite el alta de su usuario al banco.',
        { errors: [{ path: 'cuit', message: 'Empresa ya registrada' }] },
      );
    }
    const company = await tx.query<{ id: string }>(
      'insert into companies (tenant_id, name, cuit) values ($1, $2, $3) returning id',
      [tenant.id, input.company_name, input.cuit],
    );
    const companyId = company.rows[0]!.id;
    const id = await insertUser(tx, {
      tenantId: tenant.id,
      companyId,
      email: input.email,
      passwordHash,
      role: 'COMPANY_USER',
    });
    const ctx = actorCtx(
      { id, email: input.email, role: 'COMPANY_USER', tenant_id: tenant.id, company_id: companyId },
      client,
    );
    await recordAudit(tx, ctx, {
      action: 'company.create',
      entity: 'company',
      entityId: companyId,
      after: { name: input.company_name, cuit: input.cuit },
    });
    await recordAudit(tx, ctx, {
      action: 'user.register',
      entity: 'user',
      entityId: id,
      after: { email: input.email, role: 'COMPANY_USER', company_id: companyId },
    });
    await tx.query('update users set last_login = $2 where id = $1', [id, deps.clock.now()]);
    return { token: await openSession(deps, tx, id, client), userId: id };
  });
  const user = await findUserById(deps.db, userId);
  return { token, user: toUserDto(user!) };
}

export async function getProfile(deps: Pick<Deps, 'db'>, ctx: Ctx): Promise<User> {
  const user = await findUserById(deps.db, ctx.actor.userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  return toUserDto(user);
}

export async function updateProfile(
  deps: Pick<Deps, 'db'>,
  ctx: Ctx,
  patch: { email?: string | undefined; full_name?: string | null | undefined },
): Promise<User> {
  await deps.db.transaction(async (tx) => {
    const before = await findUserById(tx, ctx.actor.userId, true);
    if (!before) throw new AppError('UNAUTHORIZED');
    if (patch.email && patch.email !== before.email && (await emailTaken(tx, patch.email, before.id))) {
      throw new AppError('DUPLICATE', 'Ya existe un usuario con ese email', {
        errors: [{ path: 'email', message: 'Email ya registrado' }],
      });
    }
    const email = patch.email ?? before.email;
    const fullName = patch.full_name === undefined ? before.full_name : patch.full_name || null;
    await tx.query(
      'update users set email = $2, full_name = $3, updated_at = now(), version = version + 1 where id = $1',
      [before.id, email, fullName],
    );
    await recordAudit(tx, ctx, {
      action: 'user.profile.update',
      entity: 'user',
      entityId: before.id,
      before: { email: before.email, full_name: before.full_name },
      after: { email, full_name: fullName },
    });
  });
  return getProfile(deps, ctx);
}

/** Changes the password and revokes every session of the user; answers a fresh token for this client. */
export async function changePassword(
  deps: AuthDeps,
  ctx: Ctx,
  body: { currentPassword: string; newPassword: string },
  client: Client,
): Promise<{ token: string }> {
  const user = await findUserById(deps.db, ctx.actor.userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  if (!(await verifyPassword(body.currentPassword, user.password_hash))) {
    throw new AppError('VALIDATION_ERROR', 'La contraseña actual es incorrecta', {
      errors: [{ path: 'currentPassword', message: 'Contraseña actual incorrecta' }],
    });
  }
  if (body.currentPassword === body.newPassword) {
    throw new AppError('VALIDATION_ERROR', 'La nueva contraseña debe ser distinta de la actual', {
      errors: [{ path: 'newPassword', message: 'Debe ser distinta de la actual' }],
    });
  }
  const hash = await hashPassword(body.newPassword);
  const token = await deps.db.transaction(async (tx) => {
    await tx.query('update users set password_hash = $2, updated_at = now(), version = version + 1 where id = $1', [
      user.id,
      hash,
    ]);
    await tx.query('update sessions set revoked_at = $2 where user_id = $1 and revoked_at is null', [
      user.id,
      deps.clock.now(),
    ]);
    await recordAudit(tx, ctx, { action: 'user.password.change', entity: 'user', entityId: user.id });
    return openSession(deps, tx, user.id, client);
  });
  return { token };
}

export async function logout(deps: Pick<Deps, 'db' | 'clock'>, ctx: Ctx): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx.query('update sessions set revoked_at = $2 where id = $1 and revoked_at is null', [
      ctx.actor.sessionId,
      deps.clock.now(),
    ]);
    await recordAudit(tx, ctx, { action: 'auth.logout', entity: 'session', entityId: ctx.actor.sessionId });
  });
}

/** Revokes every live session of a user (suspension, deactivation, password reset by an admin). */
export async function revokeUserSessions(tx: Queryable, userId: string, at: Date): Promise<number> {
  const r = await tx.query('update sessions set revoked_at = $2 where user_id = $1 and revoked_at is null', [
    userId,
    at,
  ]);
  return r.rowCount;
}
