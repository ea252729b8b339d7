import type { ChangePasswordBody, LoginBody, RegisterBody, UpdateProfileBody, User } from '@echeq/contract';
import { createContext, useContext } from 'react';

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

/** `invalid_credentials` is the specification's "login returned false"; other failures throw an ApiError. */
export type LoginResult = 'success' | 'mfa_required' | 'invalid_credentials';

export type AuthContextValue = {
  user: User | null;
  status: SessionStatus;
  isAuthenticated: boolean;
  isLoading: boolean;
  login: (credentials: LoginBody) => Promise<LoginResult>;
  logout: () => Promise<void>;
  register: (body: RegisterBody) => Promise<User>;
  updateProfile: (body: UpdateProfileBody) => Promise<User>;
  changePassword: (body: ChangePasswordBody) => Promise<string | undefined>;
  /** Fetches the profile again (e.g. after enabling two-step verification). */
  refreshProfile: () => Promise<User | null>;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
