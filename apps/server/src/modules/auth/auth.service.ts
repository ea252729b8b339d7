import type { LoginBody, LoginResponse, UpdateProfileBody, User } from '@echeq/contract';
import type { Ctx } from '../../platform/auth/actor';
import { signToken } from '../../platform/auth/jwt';
import { hashPassword, hashQueue, verifyAgainstDummy, verifyPassword } from '../../platform/auth/password';
import { assertStrongPassword } from '../../platform/auth/password-policy';
import { revokeSession, revokeUserSessions } from '../../platform/auth/sessions';
import { matchTotp } from '../../platform/auth/totp';
import { open } from '../../platform/crypto';
import type { Queryable } from '../../platform/db/db';
import type { Deps } from '../../platform/deps';
import { AppError, validationError } from '../../platform/http/app-error';
import { recordAudit } from '../audit';
import { getSettings } from '../settings';
import {
  emailTaken,
  ownAccount,
  recordLogin,
  setOwnPassword,
  setProfile,
  signInAccount,
  useMfaStep,
  userView,
} from '../users';
import { beginCheck, beginSignIn, type Client } from './auth.throttle';

export type AuthDeps = Pick<Deps, 'db' | 'config' | 'clock' | 'limiter' | 'tokenKey'>;

/** Opens a server-side session row and signs the bearer token bound to it. */
export async function openSession(deps: AuthDeps, tx: Queryable, userId: string, client: Client): Promise<string> {
  const settings = await getSettings(tx);
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + settings.sessionHours * 3_600_000);
  const r = await tx.query<{ id: string }>(
    'insert into sessions (user_id, created_at, expires_at, ip, user_agent) values ($1, $2, $3, $4, $5) returning id',
    [userId, now, expiresAt, client.ip, client.userAgent?.slice(0, 300) ?? null],
  );
  return signToken(deps.tokenKey, { sub: userId, sid: r.rows[0]!.id }, expiresAt, now);
}

export function actorCtx(
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
      confirmed: true,
      restriction: null,
    },
    requestId: client.requestId,
    ip: client.ip,
  };
}

const invalid = () => new AppError('INVALID_CREDENTIALS');

/** True when the user signed in from this address within 90 days (it then skips the account-wide delay). */
async function signedInFrom(db: Queryable, userId: string, ip: string): Promise<boolean> {
  const r = await db.query(
    "select 1 from sessions where user_id = $1 and ip = $2 and created_at > now() - interval '90 days' limit 1",
    [userId, ip],
  );
  return r.rows.length > 0;
}

/**
 * Sign-in. It holds a place in the sign-in line of the hash queue from its arrival (429 at once past 64 in this
 * process). The attempt is counted before anything is checked (auth.throttle.ts: per account and address, per
 * address, per account); a suspended user, an inactive tenant, an unknown e-mail and a wrong password all read the
 * same, and are audited as failures when the account exists.
 */
export async function login(deps: AuthDeps, body: LoginBody, client: Client): Promise<LoginResponse> {
  const place = hashQueue.enter('signin');
  try {
    return await signIn(deps, body, client);
  } finally {
    place.leave();
  }
}

async function signIn(deps: AuthDeps, body: LoginBody, client: Client): Promise<LoginResponse> {
  const user = await signInAccount(deps.db, body.email);
  const attempt = await beginSignIn(
    deps,
    body.email,
    client,
    { userId: user?.id ?? null, tenantId: user?.tenant_id ?? null },
    () => (user ? signedInFrom(deps.db, user.id, client.ip) : Promise.resolve(false)),
  );
  const ok = user ? await verifyPassword(body.password, user.password_hash) : await verifyAgainstDummy(body.password);
  if (!user || !ok || user.status !== 'ACTIVE' || (user.tenant_id && user.tenant_estado !== 'ACTIVO')) {
    await attempt.failed(!user ? 'cuenta inexistente' : !ok ? 'contraseña incorrecta' : 'cuenta inhabilitada');
    throw invalid();
  }

  let mfaStep: number | null = null;
  if (user.mfa_enabled && user.mfa_secret_enc) {
    if (!body.mfa_code) {
      await attempt.neutral();
      return { success: true, mfa_required: true, message: 'Ingrese el código de verificación de su aplicación' };
    }
    mfaStep = matchTotp(open(deps.config.secretsKey, user.mfa_secret_enc), body.mfa_code, deps.clock.now());
    if (mfaStep === null || (user.mfa_last_step !== null && mfaStep <= Number(user.mfa_last_step))) {
      await attempt.failed('código de verificación incorrecto');
      throw new AppError('INVALID_MFA_CODE');
    }
  }

  const token = await deps.db.transaction(async (tx) => {
    if (mfaStep !== null) {
      // Single use: the step is recorded only if no concurrent sign-in used it first.
      if (!(await useMfaStep(tx, user.id, mfaStep))) throw new AppError('INVALID_MFA_CODE');
    }
    await recordLogin(tx, user.id, deps.clock.now());
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
  await attempt.succeeded();
  return { success: true, message: 'Inicio de sesión exitoso', token, user: await userView(deps.db, user.id) };
}

export async function getProfile(deps: Pick<Deps, 'db'>, ctx: Ctx): Promise<User> {
  return userView(deps.db, ctx.actor.userId);
}

/** One answer for any e-mail that cannot be taken: it does not tell whether someone has it (decision 026). */
const emailUnavailable = () =>
  new AppError('DUPLICATE', 'No es posible usar ese email. Indique otro.', {
    errors: [{ path: 'email', message: 'Email no disponible' }],
  });

export const isUniqueViolation = (err: unknown) => (err as { code?: unknown } | null)?.code === '23505';

/** Changing the e-mail tries per user and hour: an account cannot be used to ask which e-mails exist. */
const EMAIL_CHANGES_PER_HOUR = 5;

/**
 * Name and e-mail of the signed-in user. A new e-mail needs the current password (counted and throttled like a
 * sign-in) and at most five tries an hour; a taken one gets the same answer as any unusable one.
 */
export async function updateProfile(
  deps: Pick<Deps, 'db' | 'limiter'>,
  ctx: Ctx,
  patch: Omit<UpdateProfileBody, 'email'> & { email?: string | undefined },
): Promise<User> {
  const current = await ownAccount(deps.db, ctx.actor.userId);
  const newEmail = patch.email && patch.email !== current.email ? patch.email : null;
  if (newEmail) {
    if (!patch.current_password) {
      throw validationError('Ingrese su contraseña actual para cambiar el email', [
        { path: 'current_password', message: 'Contraseña actual requerida' },
      ]);
    }
    const tries = await deps.limiter.hit(`email-change:${current.id}`, 3600);
    if (tries.count > EMAIL_CHANGES_PER_HOUR) {
      throw new AppError('RATE_LIMITED', undefined, { headers: { 'retry-after': String(tries.resetsInSec) } });
    }
    const check = await beginCheck(deps, ctx, 'password');
    if (!(await verifyPassword(patch.current_password, current.password_hash))) {
      throw await check.failed(wrongCurrentPassword('current_password'));
    }
    await check.succeeded();
  }
  try {
    await deps.db.transaction(async (tx) => {
      const before = await ownAccount(tx, ctx.actor.userId, { lock: true });
      if (newEmail && (await emailTaken(tx, newEmail, before.id))) throw emailUnavailable();
      const email = newEmail ?? before.email;
      const fullName = patch.full_name === undefined ? before.full_name : patch.full_name || null;
      await setProfile(tx, { userId: before.id, email, fullName });
      await recordAudit(tx, ctx, {
        action: 'user.profile.update',
        entity: 'user',
        entityId: before.id,
        before: { email: before.email, full_name: before.full_name },
        after: { email, full_name: fullName },
      });
    });
  } catch (err) {
    throw isUniqueViolation(err) ? emailUnavailable() : err;
  }
  return getProfile(deps, ctx);
}

const wrongCurrentPassword = (path: string) =>
  validationError('La contraseña actual es incorrecta', [{ path, message: 'Contraseña actual incorrecta' }]);

/**
 * Changes the password (also the way out of a temporary one) and revokes every session of the user; answers a fresh
 * token for this client. The current password is counted before it is checked; the new one must pass the policy.
 */
export async function changePassword(
  deps: AuthDeps,
  ctx: Ctx,
  body: { currentPassword: string; newPassword: string },
  client: Client,
): Promise<{ token: string }> {
  const user = await ownAccount(deps.db, ctx.actor.userId);
  const check = await beginCheck(deps, ctx, 'password');
  if (!(await verifyPassword(body.currentPassword, user.password_hash))) {
    throw await check.failed(wrongCurrentPassword('currentPassword'));
  }
  await check.succeeded();
  if (body.currentPassword === body.newPassword) {
    throw validationError('La nueva contraseña debe ser distinta de la actual', [
      { path: 'newPassword', message: 'Debe ser distinta de la actual' },
    ]);
  }
  assertStrongPassword(
    body.newPassword,
    { email: user.email, company: user.company_name, cuit: user.company_cuit, fullName: user.full_name },
    'newPassword',
  );
  const hash = await hashPassword(body.newPassword);
  const token = await deps.db.transaction(async (tx) => {
    await setOwnPassword(tx, user.id, hash);
    await revokeUserSessions(tx, user.id, deps.clock.now());
    await recordAudit(tx, ctx, {
      action: 'user.password.change',
      entity: 'user',
      entityId: user.id,
      ...(user.must_change_password ? { after: { temporary_replaced: true } } : {}),
    });
    return openSession(deps, tx, user.id, client);
  });
  return { token };
}

export async function logout(deps: Pick<Deps, 'db' | 'clock'>, ctx: Ctx): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await revokeSession(tx, ctx.actor.sessionId, deps.clock.now());
    await recordAudit(tx, ctx, { action: 'auth.logout', entity: 'session', entityId: ctx.actor.sessionId });
  });
}
