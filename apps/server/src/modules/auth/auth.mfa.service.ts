import type { MfaDisableBody, User } from '@echeq/contract';
import QRCode from 'qrcode';
import type { Ctx } from '../../platform/auth/actor';
import { verifyPassword } from '../../platform/auth/password';
import { matchTotp, newTotpSecret, otpauthUrl } from '../../platform/auth/totp';
import { open, seal } from '../../platform/crypto';
import type { Deps } from '../../platform/deps';
import { AppError, conflict, validationError } from '../../platform/http/app-error';
import { recordAudit } from '../audit';
import { getSettings } from '../settings';
import { findUserById, toUserDto, type UserRow } from '../users';

type MfaDeps = Pick<Deps, 'db' | 'config' | 'clock' | 'limiter'>;

async function currentUser(deps: MfaDeps, ctx: Ctx): Promise<UserRow> {
  const user = await findUserById(deps.db, ctx.actor.userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  return user;
}

/**
 * Wrong codes and passwords count per user like failed sign-ins (same thresholds and window); past the threshold
 * the calls answer 429 until the window ends.
 */
async function throttle(deps: MfaDeps, userId: string) {
  const s = await getSettings(deps.db);
  const key = `mfa:user:${userId}`;
  const windowSec = s.loginWindowMinutes * 60;
  if ((await deps.limiter.count(key, windowSec)) >= s.loginMaxFailuresPerAccount) {
    throw new AppError('RATE_LIMITED', undefined, { headers: { 'retry-after': String(windowSec) } });
  }
  return {
    fail: async (err: AppError) => {
      await deps.limiter.hit(key, windowSec);
      return err;
    },
    reset: () => deps.limiter.reset(key),
  };
}

const invalidCode = () =>
  validationError('Código de verificación inválido', [{ path: 'code', message: 'Código inválido o ya utilizado' }]);

/** A used step (sign-in or confirmation) is never accepted again. */
function freshStep(secret: string, code: string, at: Date, lastStep: string | null): number | null {
  const step = matchTotp(secret, code, at);
  if (step === null || (lastStep !== null && step <= Number(lastStep))) return null;
  return step;
}

/** Proposes a new secret (kept sealed as pending until a first code confirms it): QR code and manual key. */
export async function startMfaSetup({
  deps,
  ctx,
}: {
  deps: MfaDeps;
  ctx: Ctx;
}): Promise<{ secret: string; otpauth_url: string; qr_data_url: string }> {
  const user = await currentUser(deps, ctx);
  if (user.mfa_enabled) throw conflict('La verificación en dos pasos ya está activada');
  const secret = newTotpSecret();
  await deps.db.transaction(async (tx) => {
    await tx.query('update users set mfa_pending_secret_enc = $2, updated_at = $3 where id = $1', [
      user.id,
      seal(deps.config.secretsKey, secret),
      deps.clock.now(),
    ]);
    await recordAudit(tx, ctx, { action: 'user.mfa.setup', entity: 'user', entityId: user.id });
  });
  const url = otpauthUrl(secret, user.email);
  const qr = await QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return { secret, otpauth_url: url, qr_data_url: qr };
}

/** Confirms the pending secret with a first valid code and turns two-factor sign-in on. */
export async function enableMfa({ deps, ctx, code }: { deps: MfaDeps; ctx: Ctx; code: string }): Promise<User> {
  const limit = await throttle(deps, ctx.actor.userId);
  const user = await currentUser(deps, ctx);
  if (user.mfa_enabled) throw conflict('La verificación en dos pasos ya está activada');
  if (!user.mfa_pending_secret_enc) throw conflict('Inicie la configuración de la verificación en dos pasos');
  const step = freshStep(
    open(deps.config.secretsKey, user.mfa_pending_secret_enc),
    code,
    deps.clock.now(),
    user.mfa_last_step,
  );
  if (step === null) throw await limit.fail(invalidCode());
  await deps.db.transaction(async (tx) => {
    const r = await tx.query(
      `update users set mfa_enabled = true, mfa_secret_enc = mfa_pending_secret_enc, mfa_pending_secret_enc = null,
         mfa_last_step = $3, updated_at = $4, version = version + 1
       where id = $1 and not mfa_enabled and mfa_pending_secret_enc = $2`,
      [user.id, user.mfa_pending_secret_enc, step, deps.clock.now()],
    );
    if (r.rowCount === 0) throw conflict('La configuración cambió mientras tanto. Inicie la configuración nuevamente.');
    await recordAudit(tx, ctx, {
      action: 'user.mfa.enable',
      entity: 'user',
      entityId: user.id,
      before: { mfa_enabled: false },
      after: { mfa_enabled: true },
    });
  });
  await limit.reset();
  return toUserDto((await findUserById(deps.db, user.id))!);
}

/** Turns two-factor sign-in off; needs a current (unused) code or the account's password. */
export async function disableMfa({
  deps,
  ctx,
  body,
}: {
  deps: MfaDeps;
  ctx: Ctx;
  body: MfaDisableBody;
}): Promise<User> {
  const limit = await throttle(deps, ctx.actor.userId);
  const user = await currentUser(deps, ctx);
  if (!user.mfa_enabled || !user.mfa_secret_enc) throw conflict('La verificación en dos pasos no está activada');
  let step: number | null = null;
  if (body.code !== undefined) {
    step = freshStep(
      open(deps.config.secretsKey, user.mfa_secret_enc),
      body.code,
      deps.clock.now(),
      user.mfa_last_step,
    );
    if (step === null) throw await limit.fail(invalidCode());
  } else if (!(await verifyPassword(body.password ?? '', user.password_hash))) {
    throw await limit.fail(
      validationError('Contraseña incorrecta', [{ path: 'password', message: 'Contraseña incorrecta' }]),
    );
  }
  await deps.db.transaction(async (tx) => {
    const r = await tx.query(
      `update users set mfa_enabled = false, mfa_secret_enc = null, mfa_pending_secret_enc = null,
         mfa_last_step = coalesce($2, mfa_last_step), updated_at = $3, version = version + 1
       where id = $1 and mfa_enabled and (mfa_last_step is null or $2::bigint is null or mfa_last_step < $2)`,
      [user.id, step, deps.clock.now()],
    );
    if (r.rowCount === 0) throw invalidCode();
    await recordAudit(tx, ctx, {
      action: 'user.mfa.disable',
      entity: 'user',
      entityId: user.id,
      before: { mfa_enabled: true },
      after: { mfa_enabled: false, confirmed_with: body.code !== undefined ? 'codigo' : 'contrasena' },
    });
  });
  await limit.reset();
  return toUserDto((await findUserById(deps.db, user.id))!);
}
