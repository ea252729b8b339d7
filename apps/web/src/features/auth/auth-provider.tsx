import type { ChangePasswordBody, LoginBody, RegisterBody, UpdateProfileBody, User } from '@echeq/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { onUnauthorized } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';
import { clearSession, readToken, storeSession, storeUser, TOKEN_KEY, USER_KEY } from '../../lib/session-storage';
import {
  authKeys,
  changePasswordRequest,
  fetchProfile,
  loginRequest,
  logoutRequest,
  profileQueryOptions,
  registerRequest,
  updateProfileRequest,
} from './api';
import { AuthContext, type AuthContextValue, type LoginResult, type SessionStatus } from './auth-context';

type State = { user: User | null; status: SessionStatus };

/**
 * The session (specification §4): with a stored token the profile is fetched on start; success signs in, failure
 * clears token and user. Any 401 elsewhere (api client) signs out too.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>(() => ({
    user: null,
    status: readToken() ? 'loading' : 'anonymous',
  }));
  const generation = useRef(0);

  const signOutLocally = useCallback(() => {
    generation.current += 1;
    clearSession();
    setState({ user: null, status: 'anonymous' });
    queryClient.clear();
  }, [queryClient]);

  useEffect(() => {
    if (!readToken()) return;
    const started = generation.current;
    const controller = new AbortController();
    fetchProfile(controller.signal).then(
      (user) => {
        if (generation.current !== started) return;
        storeUser(user);
        queryClient.setQueryData(authKeys.profile(), user);
        setState({ user, status: 'authenticated' });
      },
      () => {
        if (generation.current !== started || controller.signal.aborted) return;
        clearSession();
        setState({ user: null, status: 'anonymous' });
      },
    );
    return () => controller.abort();
  }, [queryClient]);

  useEffect(() => onUnauthorized(signOutLocally), [signOutLocally]);

  // Signing out in another tab signs out here too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if ((event.key === TOKEN_KEY || event.key === USER_KEY || event.key === null) && !readToken()) {
        setState((s) => (s.status === 'anonymous' ? s : { user: null, status: 'anonymous' }));
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const signIn = useCallback(
    (token: string, user: User) => {
      generation.current += 1;
      queryClient.clear();
      storeSession(token, user);
      queryClient.setQueryData(authKeys.profile(), user);
      setState({ user, status: 'authenticated' });
    },
    [queryClient],
  );

  const login = useCallback(
    async (credentials: LoginBody): Promise<LoginResult> => {
      try {
        const res = await loginRequest(credentials);
        if (res.success && res.token && res.user) {
          signIn(res.token, res.user);
          return 'success';
        }
        if (res.mfa_required) return 'mfa_required';
        return 'invalid_credentials';
      } catch (error) {
        if (isApiError(error) && error.code === 'INVALID_CREDENTIALS') return 'invalid_credentials';
        if (isApiError(error) && error.code === 'MFA_REQUIRED') return 'mfa_required';
        throw error;
      }
    },
    [signIn],
  );

  const logout = useCallback(async () => {
    const token = readToken();
    signOutLocally();
    if (token) await logoutRequest(token).catch(() => undefined);
  }, [signOutLocally]);

  const register = useCallback(
    async (body: RegisterBody) => {
      const { token, user } = await registerRequest(body);
      signIn(token, user);
      return user;
    },
    [signIn],
  );

  const updateProfile = useCallback(
    async (body: UpdateProfileBody) => {
      const user = await updateProfileRequest(body);
      storeUser(user);
      queryClient.setQueryData(authKeys.profile(), user);
      setState({ user, status: 'authenticated' });
      return user;
    },
    [queryClient],
  );

  const changePassword = useCallback(async (body: ChangePasswordBody) => {
    const { message, token } = await changePasswordRequest(body);
    if (token) localStorage.setItem(TOKEN_KEY, token);
    return message;
  }, []);

  const refreshProfile = useCallback(async () => {
    try {
      const user = await queryClient.fetchQuery({ ...profileQueryOptions(), staleTime: 0 });
      storeUser(user);
      setState({ user, status: 'authenticated' });
      return user;
    } catch {
      return null;
    }
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: state.user,
      status: state.status,
      isAuthenticated: state.status === 'authenticated',
      isLoading: state.status === 'loading',
      login,
      logout,
      register,
      updateProfile,
      changePassword,
      refreshProfile,
    }),
    [state, login, logout, register, updateProfile, changePassword, refreshProfile],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
