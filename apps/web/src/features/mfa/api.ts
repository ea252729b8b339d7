import type { MfaDisableBody, MfaSetupBody, User } from '@echeq/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys as keys, useInvalidate } from '../../lib/query-keys';

export type MfaSetup = { secret: string; otpauth_url: string; qr_data_url: string };

/** Turning two-factor sign-in on or off changes one's profile and one's row in the users' screens (MFA column). */
function useMfaChanged() {
  const qc = useQueryClient();
  const invalidate = useInvalidate();
  return async (user: User) => {
    qc.setQueryData(keys.auth.profile(), user);
    qc.setQueryData(keys.users.detail(user.id), user);
    await invalidate([keys.users.lists()]);
  };
}

/**
 * POST /auth/mfa/setup with the current password: a new secret (pending until confirmed), its QR code and manual
 * key; nothing shown changes.
 */
export function useStartMfaSetup() {
  return useMutation({ mutationFn: (body: MfaSetupBody) => api.post<MfaSetup>('/auth/mfa/setup', body) });
}

/** POST /auth/mfa/enable with the first code from the app. */
export function useEnableMfa() {
  const changed = useMfaChanged();
  return useMutation({
    mutationFn: (code: string) => api.post<User>('/auth/mfa/enable', { code }),
    onSuccess: changed,
  });
}

/** POST /auth/mfa/disable with a current code or the password. */
export function useDisableMfa() {
  const changed = useMfaChanged();
  return useMutation({
    mutationFn: (body: MfaDisableBody) => api.post<User>('/auth/mfa/disable', body),
    onSuccess: changed,
  });
}
