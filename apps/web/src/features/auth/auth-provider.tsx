import type { ChangePasswordBody, LoginBody, RegisterBody, UpdateProfileBody, User } from '@echeq/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { onUnauthorized } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';
import { queryKeys } from '../../lib/query-keys';
import { clearSession, readToken, storeSession, storeUser, TOKEN_KEY, USER_KEY } from '../../lib/session-storage';
import {
  changePasswordRequest,
  fetchProfile,
  loginRequest,
  logoutRequest,
  profileQueryOptions,
  registerRequest,
  updateProfileRequest,
} from './api';
import { AuthContext, type AuthContextValue, type LoginResult, type SessionStatus } from './auth-context';
import { type EarlySessionCheck, earlySessionCheck } from './session-check';

type State = { user: User | null; status: SessionStatus };

/** The first state: from the early check when its answer is already in (`startSessionCheck`). */
function initialState(early: EarlySessionCheck | null): State {
  const outcome = early?.outcome;
  if (outcome && 'user' in outcome) return { user: outcome.user, status: 'authenticated' };
  if (outcome) return { user: null, status: 'anonymous' };
  return { user: null, status: readToken() ? 'loading' : 'anonymous' };
}

/**
 * The session (specification §4): with a stored token the profile is fetched on start (by `startSessionCheck`
 * before the first render when the app started it, here otherwise); success signs in, failure clears token and
 * user. Any 401 elsewhere (api client) signs out too.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [early] = useState(earlySessionCheck);
  const [state, setState] = useState<State>(() => initialState(early));
  const generation = useRef(0);

  const signOutLocally = useCallback(() => {
    generation.current += 1;
    clearSession();
    setState({ user: null, status: 'anonymous' });
    queryClient.clear();
  }, [queryClient]);

  useEffect(() => {
    const started = generation.current;
    const confirmed = (user: User) => {
      if (generation.current !== started) return;
      storeUser(user);
      queryClient.setQueryData(queryKeys.auth.profile(), user);
      setState((s) => (s.status === 'authenticated' && s.user === user ? s : { user, status: 'authenticated' }));
    };
    const rejected = () => {
      if (generation.current !== started) return;
      clearSession();
      setState((s) => (s.status === 'anonymous' ? s : { user: null, status: 'anonymous' }));
    };
    if (early) {
      void early.promise.then(() => {
        const outcome = early.outcome;
        if (outcome && 'user' in outcome) confirmed(outcome.user);
        else rejected();
      });
      return;
    }
    if (!readToken()) return;
    const controller = new AbortController();
    fetchProfile(controller.signal).then(confirmed, () => {
      if (!controller.signal.aborted) rejected();
    });
    return () => controller.abort();
  }, [queryClient, early]);

  useEffect(() => {
    const stop = onUnauthorized(signOutLocally);
    early?.release();
    return stop;
  }, [signOutLocally, early]);

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
      queryClient.setQueryData(queryKeys.auth.profile(), user);
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
      queryClient.setQueryData(queryKeys.auth.profile(), user);
      // One's name and company are also one's row in the users' screens, and the change is in the audit trail.
      void queryClient.invalidateQueries({ queryKey: queryKeys.users.all() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit.all() });
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
