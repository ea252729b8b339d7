import type { Ctx } from '../../platform/auth/actor';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { recordAudit } from '../audit';
import { getSettings } from '../settings';

type ThrottleDeps = Pick<Deps, 'db' | 'limiter'>;
export type Client = { ip: string; userAgent?: string | undefined; requestId: string };

/** The account-wide delay never exceeds a minute: an address that has not failed waits at most that long. */
const MAX_DELAY_MS = 60_000;

/** Delay before the next attempt on an account that is `over` attempts past its threshold: 1 s, 2 s, 4 s, … 60 s. */
function accountDelayMs(over: number): number {
  return Math.min(MAX_DELAY_MS, 1000 * 2 ** Math.max(0, over - 1));
}

const tooMany = (retryAfterSec: number, message?: string) =>
  new AppError('RATE_LIMITED', message, { headers: { 'retry-after': String(Math.max(1, retryAfterSec)) } });

/** A security event of an unauthenticated caller, recorded by the platform: the account it named and the address. */
async function auditAnonymous(
  deps: ThrottleDeps,
  client: Client,
  action: string,
  account: { email: string; userId: string | null; tenantId: string | null },
  after: Record<string, unknown>,
): Promise<void> {
  await recordAudit(deps.db, null, {
    action,
    entity: 'user',
    entityId: account.userId,
    tenantId: account.tenantId,
    after: { email: account.email, ip: client.ip, request_id: client.requestId, ...after },
  });
}

/** True the first time in the window: a refusal is audited once per window, not once per refused request. */
export async function firstInWindow(deps: ThrottleDeps, key: string, windowSec: number): Promise<boolean> {
  return (await deps.limiter.hit(`audited:${key}`, windowSec)).count === 1;
}

export type SignInAttempt = {
  /** The attempt failed (wrong password or code, unknown or unusable account): it stays counted and is audited. */
  failed(reason: string): Promise<void>;
  /** The attempt succeeded: this address and this account start afresh. */
  succeeded(): Promise<void>;
  /** Neither (the password was right, the code is still to come): the attempt is taken back. */
  neutral(): Promise<void>;
};

/**
 * Counts a sign-in attempt before anything is checked, in three counters bumped atomically (so simultaneous guesses
 * are counted one by one): the (account, address) pair, refused past the limit until the window ends; the
 * address, refused past its own limit whatever the account; the account, which past the limit lets one attempt
 * through per growing delay (1 s doubling to a minute) unless the address is one the account signed in from before.
 * Refusals are 429 with Retry-After; the first refusal of each kind in a window is audited, as is every failure.
 */
export async function beginSignIn(
  deps: ThrottleDeps,
  email: string,
  client: Client,
  account: { userId: string | null; tenantId: string | null },
  knownAddress: () => Promise<boolean>,
): Promise<SignInAttempt> {
  const s = await getSettings(deps.db);
  const windowSec = s.loginWindowMinutes * 60;
  const limit = s.loginMaxFailuresPerAccount;
  const keys = {
    pair: `login:pair:${email}|${client.ip}`,
    ip: `login:ip:${client.ip}`,
    acct: `login:acct:${email}`,
    gate: `login:gate:${email}`,
  };
  const who = { email, ...account };
  const [pair, ip, acct] = await Promise.all([
    deps.limiter.hit(keys.pair, windowSec),
    deps.limiter.hit(keys.ip, windowSec),
    deps.limiter.hit(keys.acct, windowSec),
  ]);
  if (pair.count > limit) {
    if (await firstInWindow(deps, keys.pair, windowSec)) {
      await auditAnonymous(deps, client, 'auth.login.locked', who, {
        scope: 'cuenta y dirección',
        until_s: pair.resetsInSec,
      });
    }
    throw tooMany(pair.resetsInSec);
  }
  if (ip.count > s.loginMaxFailuresPerIp) {
    if (await firstInWindow(deps, keys.ip, windowSec)) {
      await auditAnonymous(deps, client, 'auth.login.locked', who, { scope: 'dirección', until_s: ip.resetsInSec });
    }
    throw tooMany(ip.resetsInSec);
  }
  if (acct.count > limit && !(await knownAddress())) {
    // Read again at the gate: in a burst, the attempts counted since this one's hit set the delay.
    const latest = Math.max(acct.count, await deps.limiter.count(keys.acct, windowSec));
    const delay = accountDelayMs(latest - limit);
    const gate = await deps.limiter.pass(keys.gate, delay);
    if (!gate.ok) {
      if (await firstInWindow(deps, keys.acct, windowSec)) {
        await auditAnonymous(deps, client, 'auth.login.throttled', who, { delay_ms: delay, attempts: latest });
      }
      throw tooMany(Math.ceil(Math.min(gate.retryAfterMs, MAX_DELAY_MS) / 1000));
    }
  }
  return {
    async failed(reason) {
      // An e-mail nobody has is counted like any other but not recorded: it is no one's sign-in.
      if (account.userId) await auditAnonymous(deps, client, 'auth.login.failed', who, { reason });
    },
    async succeeded() {
      await Promise.all([deps.limiter.reset(keys.pair), deps.limiter.reset(keys.acct), deps.limiter.release(keys.ip)]);
    },
    async neutral() {
      await Promise.all([
        deps.limiter.release(keys.pair),
        deps.limiter.release(keys.acct),
        deps.limiter.release(keys.ip),
      ]);
    },
  };
}

/**
 * A signed-in user proving who they are again (current password for a change, the e-mail or a second factor; a
 * code): counted per user before the check, refused past the sign-in limit until the window ends. Failures and the
 * first refusal are audited.
 */
export async function beginCheck(deps: ThrottleDeps, ctx: Ctx, what: 'password' | 'mfa') {
  const s = await getSettings(deps.db);
  const windowSec = s.loginWindowMinutes * 60;
  const key = `check:${what}:${ctx.actor.userId}`;
  const hit = await deps.limiter.hit(key, windowSec);
  if (hit.count > s.loginMaxFailuresPerAccount) {
    if (await firstInWindow(deps, key, windowSec)) {
      await recordAudit(deps.db, ctx, {
        action: `auth.${what}.locked`,
        entity: 'user',
        entityId: ctx.actor.userId,
        after: { ip: ctx.ip, until_s: hit.resetsInSec },
      });
    }
    throw tooMany(hit.resetsInSec);
  }
  return {
    async failed<E extends Error>(err: E): Promise<E> {
      await recordAudit(deps.db, ctx, {
        action: `auth.${what}.failed`,
        entity: 'user',
        entityId: ctx.actor.userId,
        after: { ip: ctx.ip },
      });
      return err;
    },
    succeeded: () => deps.limiter.reset(key),
  };
}
