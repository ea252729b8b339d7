import type { MfaDisableBody, User } from '@echeq/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export type MfaSetup = { secret: string; otpauth_url: string; qr_data_url: string };

/** POST /auth/mfa/setup: a new secret (pending until confirmed), its QR code and manual key. */
export function useStartMfaSetup() {
  return useMutation({ mutationFn: () => api.post<MfaSetup>('/auth/mfa/setup') });
}

/** POST /auth/mfa/enable with the first code from the app. */
export function useEnableMfa() {
  return useMutation({ mutationFn: (code: string) => api.post<User>('/auth/mfa/enable', { code }) });
}

/** POST /auth/mfa/disable with a current code or the password. */
export function useDisableMfa() {
  return useMutation({ mutationFn: (body: MfaDisableBody) => api.post<User>('/auth/mfa/disable', body) });
}
