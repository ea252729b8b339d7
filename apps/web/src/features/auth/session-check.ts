import type { User } from '@echeq/contract';
import { onUnauthorized } from '../../lib/api-client';
import { readToken } from '../../lib/session-storage';
import { fetchProfile } from './api';

/** The stored session's check, started before the app renders (see `startSessionCheck`). */
export type EarlySessionCheck = {
  /** Settles (never rejects) once the profile answer is in: `outcome` is then set. */
  promise: Promise<void>;
  outcome?: { user: User } | { error: unknown };
  /** Stops ignoring 401s: called once the app listens for them itself. */
  release: () => void;
};

let early: EarlySessionCheck | null = null;

/**
 * With a stored token, asks for the profile (specification §4's check on start) right away, before React renders,
 * so it travels with the app's code instead of after it. The AuthProvider takes the outcome (`earlySessionCheck`).
 * Resolves when the answer is in; at once without a token.
 */
export function startSessionCheck(): Promise<void> {
  if (!readToken()) return Promise.resolve();
  // Until the app listens for 401s, one answered to an early request must not reload the page: this check fails
  // too, and the app then signs out as usual.
  const release = onUnauthorized(() => undefined);
  const check: EarlySessionCheck = {
    release,
    promise: fetchProfile().then(
      (user) => {
        check.outcome = { user };
      },
      (error: unknown) => {
        check.outcome = { error };
      },
    ),
  };
  early = check;
  return check.promise;
}

/** The check `startSessionCheck` started, if any. */
export function earlySessionCheck(): EarlySessionCheck | null {
  return early;
}
