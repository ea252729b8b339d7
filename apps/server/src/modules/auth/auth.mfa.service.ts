import type { MfaDisableBody, MfaSetupBody, User } from '@echeq/contract';
import QRCode from 'qrcode';
import type { Ctx } from '../../platform/auth/actor';
import { verifyPassword } from '../../platform/auth/password';
import { revokeUserSessions } from '../../platform/auth/sessions';
import { matchTotp, newTotpSecret, otpauthUrl } from '../../platform/auth/totp';
import { open, seal } from '../../platform/crypto';
import type { Deps } from '../../platform/deps';
import { conflict, validationError } from '../../platform/http/app-error';
import { recordAudit } from '../audit';
import { ownAccount, setPendingMfaSecret, turnMfaOff, turnMfaOn, userView } from '../users';
import { beginCheck } from './auth.throttle';

type MfaDeps = Pick<Deps, 'db' | 'config' | 'clock' | 'limiter'>;

const invalidCode = () =>
  validationError('Código de verificación inválido', [{ path: 'code', message: 'Código inválido o ya utilizado' }]);

/** A used step (sign-in or confirmation) is never accepted again. */
function freshStep(secret: string, code: string, at: Date, lastStep: string | null): number | null {
  const step = matchTotp(secret, code, at);
  if (step === null || (lastStep !== null && step <= Number(lastStep))) return null;
  return step;
}

const wrongPassword = (path: string) =>
  validationError('Contraseña incorrecta', [{ path, message: 'Contraseña incorrecta' }]);

/**
 * Proposes a new secret (kept sealed as pending until a first code confirms it): QR code and manual key. Needs the
 * current password, counted before it is checked: a stolen session cannot put its own second factor on the account.
 */
export async function startMfaSetup({
  deps,
  ctx,
  body,
}: {
  deps: MfaDeps;
  ctx: Ctx;
  body: MfaSetupBody;
}): Promise<{ secret: string; otpauth_url: string; qr_data_url: string }> {
  const user = await ownAccount(deps.db, ctx.actor.userId);
  if (user.mfa_enabled) throw conflict('La verificación en dos pasos ya está activada');
  const check = await beginCheck(deps, ctx, 'password');
  if (!(await verifyPassword(body.current_password, user.password_hash))) {
    throw await check.failed(wrongPassword('current_password'));
  }
  await check.succeeded();
  const secret = newTotpSecret();
  await deps.db.transaction(async (tx) => {
    await setPendingMfaSecret(tx, user.id, seal(deps.config.secretsKey, secret), deps.clock.now());
    await recordAudit(tx, ctx, { action: 'user.mfa.setup', entity: 'user', entityId: user.id });
  });
  const url = otpauthUrl(secret, user.email);
  const qr = await QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return { secret, otpauth_url: url, qr_data_url: qr };
}

/**
 * Confirms the pending secret with a first valid code and turns two-factor sign-in on; every other session of the
 * user ends (whoever else was signed in must now pass the second factor).
 */
export async function enableMfa({ deps, ctx, code }: { deps: MfaDeps; ctx: Ctx; code: string }): Promise<User> {
  const limit = await beginCheck(deps, ctx, 'mfa');
  const user = await ownAccount(deps.db, ctx.actor.userId);
  if (user.mfa_enabled) throw conflict('La verificación en dos pasos ya está activada');
  if (!user.mfa_pending_secret_enc) throw conflict('Inicie la configuración de la verificación en dos pasos');
  const step = freshStep(
    open(deps.config.secretsKey, user.mfa_pending_secret_enc),
    code,
    deps.clock.now(),
    user.mfa_last_step,
  );
  if (step === null) throw await limit.failed(invalidCode());
  await deps.db.transaction(async (tx) => {
    const on = await turnMfaOn(tx, {
      userId: user.id,
      pendingSealed: user.mfa_pending_secret_enc!,
      step,
      at: deps.clock.now(),
    });
    if (!on) throw conflict('La configuración cambió mientras tanto. Inicie la configuración nuevamente.');
    const closed = await revokeUserSessions(tx, user.id, deps.clock.now(), ctx.actor.sessionId);
    await recordAudit(tx, ctx, {
      action: 'user.mfa.enable',
      entity: 'user',
      entityId: user.id,
      before: { mfa_enabled: false },
      after: { mfa_enabled: true, other_sessions_closed: closed },
    });
  });
  await limit.succeeded();
  return userView(deps.db, user.id);
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
  const limit = await beginCheck(deps, ctx, 'mfa');
  const user = await ownAccount(deps.db, ctx.actor.userId);
  if (!user.mfa_enabled || !user.mfa_secret_enc) throw conflict('La verificación en dos pasos no está activada');
  let step: number | null = null;
  if (body.code !== undefined) {
    step = freshStep(
      open(deps.config.secretsKey, user.mfa_secret_enc),
      body.code,
      deps.clock.now(),
      user.mfa_last_step,
    );
    if (step === null) throw await limit.failed(invalidCode());
  } else if (!(await verifyPassword(body.password ?? '', user.password_hash))) {
    throw await limit.failed(wrongPassword('password'));
  }
  await deps.db.transaction(async (tx) => {
    if (!(await turnMfaOff(tx, { userId: user.id, step, at: deps.clock.now() }))) throw invalidCode();
    await recordAudit(tx, ctx, {
      action: 'user.mfa.disable',
      entity: 'user',
      entityId: user.id,
      before: { mfa_enabled: true },
      after: { mfa_enabled: false, confirmed_with: body.code !== undefined ? 'codigo' : 'contrasena' },
    });
  });
  await limit.succeeded();
  return userView(deps.db, user.id);
}
