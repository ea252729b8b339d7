import type {
  ChangePasswordBody,
  LoginBody,
  LoginResponse,
  RegisterBody,
  UpdateProfileBody,
  User,
} from '@echeq/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, apiRequest, type Envelope } from '../../lib/api-client';
import { ApiError, isApiError } from '../../lib/api-error';
import { queryKeys } from '../../lib/query-keys';

export function fetchProfile(signal?: AbortSignal): Promise<User> {
  return api.get<User>('/auth/profile', { signal });
}

export const profileQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.auth.profile(), queryFn: ({ signal }) => fetchProfile(signal) });

/** POST /auth/login. A 401 here is a failed sign-in, not an expired session: it is left to the caller. */
export function loginRequest(body: LoginBody): Promise<Partial<LoginResponse>> {
  return apiRequest<Partial<LoginResponse>>('/auth/login', {
    method: 'POST',
    body,
    skipUnauthorizedHandling: true,
  });
}

/** POST /auth/logout with the token being discarded (it is already gone from storage). */
export function logoutRequest(token: string): Promise<unknown> {
  return apiRequest('/auth/logout', {
    method: 'POST',
    body: {},
    headers: { Authorization: `Bearer ${token}` },
    skipUnauthorizedHandling: true,
  });
}

/** Keeps the server's answer; anything else (network, timeout) becomes the specification's default message. */
function withFallback(error: unknown, message: string): never {
  if (isApiError(error) && error.isServerAnswer) throw error;
  throw new ApiError({
    status: isApiError(error) ? error.status : 0,
    code: isApiError(error) ? error.code : 'NETWORK_ERROR',
    message,
  });
}

export async function registerRequest(body: RegisterBody): Promise<{ token: string; user: User }> {
  try {
    const res = await apiRequest<Envelope<{ token?: string; user?: User }>>('/auth/register', {
      method: 'POST',
      body,
    });
    if (!res.data?.token || !res.data.user) throw new Error('Registration failed');
    return { token: res.data.token, user: res.data.user };
  } catch (error) {
    return withFallback(error, 'Registration failed');
  }
}

export async function updateProfileRequest(body: UpdateProfileBody): Promise<User> {
  try {
    return await api.put<User>('/auth/profile', body);
  } catch (error) {
    return withFallback(error, 'Profile update failed');
  }
}

export async function changePasswordRequest(body: ChangePasswordBody): Promise<{ message?: string; token?: string }> {
  try {
    const res = await apiRequest<Envelope<{ token?: string } | undefined>>('/auth/change-password', {
      method: 'PUT',
      body,
    });
    return { message: res.message, token: res.data?.token };
  } catch (error) {
    return withFallback(error, 'Password change failed');
  }
}
