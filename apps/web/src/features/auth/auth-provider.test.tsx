import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { json, makeUser, mockApi, signInStored } from '../../test/fixtures';
import { useAuth } from './auth-context';
import { AuthProvider } from './auth-provider';

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
}

function StatusProbe() {
  const { status } = useAuth();
  return <span>{status}</span>;
}

describe('useAuth', () => {
  it('throws outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useAuth())).toThrow('useAuth must be used within an AuthProvider');
  });
});

describe('AuthProvider session', () => {
  it('starts signed out without a stored token, and makes no call', () => {
    const { calls } = mockApi({});
    const { result } = renderHook(() => useAuth(), { wrapper });
    expect(result.current.status).toBe('anonymous');
    expect(calls).toHaveLength(0);
  });

  it('with a stored token fetches the profile and signs in', async () => {
    const user = makeUser('COMPANY_USER', { email: 'emisor@empresa.example' });
    signInStored(makeUser('COMPANY_USER', { company_name: 'viejo' }));
    const { calls } = mockApi({ 'GET /api/auth/profile': () => json(200, { success: true, data: user }) });
    const { result } = renderHook(() => useAuth(), { wrapper });
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    expect(result.current.user).toEqual(user);
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toEqual(user);
    expect(calls[0]?.headers.Authorization).toBe('Bearer stored.token.value');
  });

  it('clears token and user when the profile cannot be fetched', async () => {
    signInStored(makeUser());
    mockApi({ 'GET /api/auth/profile': () => json(500, { success: false, code: 'INTERNAL_ERROR', message: 'x' }) });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('anonymous'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('login stores token and user when the answer has success, token and user', async () => {
    const user = makeUser();
    const { calls } = mockApi({
      'POST /api/auth/login': () => json(200, { success: true, message: 'Bienvenido', token: 'new.token', user }),
    });
    const { result } = renderHook(() => useAuth(), { wrapper });
    let outcome: string | undefined;
    await act(async () => {
      outcome = await result.current.login({ email: 'admin@banco.example', password: 'Demo1234!' });
    });
    expect(outcome).toBe('success');
    expect(calls[0]?.body).toEqual({ email: 'admin@banco.example', password: 'Demo1234!' });
    expect(localStorage.getItem('token')).toBe('new.token');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toEqual(user);
    expect(result.current.isAuthenticated).toBe(true);
  });

  it('login reports invalid credentials and mfa_required without storing anything', async () => {
    let answer = json(401, { success: false, code: 'INVALID_CREDENTIALS', message: 'Credenciales inválidas' });
    mockApi({ 'POST /api/auth/login': () => answer });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await expect(result.current.login({ email: 'a@b.c', password: 'x' })).resolves.toBe('invalid_credentials');
    answer = json(200, { success: true, mfa_required: true, message: 'Ingrese el código' });
    await expect(result.current.login({ email: 'a@b.c', password: 'x' })).resolves.toBe('mfa_required');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('logout clears token and user and calls the server, ignoring its failure', async () => {
    signInStored(makeUser(), 'the.token');
    const { calls } = mockApi({
      'GET /api/auth/profile': () => json(200, { success: true, data: makeUser() }),
      'POST /api/auth/logout': () => json(500, { success: false, code: 'INTERNAL_ERROR', message: 'caído' }),
    });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.isAuthenticated).toBe(true));
    await act(() => result.current.logout());
    expect(result.current.status).toBe('anonymous');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    const logoutCall = calls.find((c) => c.key === 'POST /api/auth/logout');
    expect(logoutCall?.headers.Authorization).toBe('Bearer the.token');
  });

  it('register signs in with data.token and data.user; a failure without server message reads Registration failed', async () => {
    const user = makeUser('COMPANY_USER');
    let fail = true;
    mockApi({
      'POST /api/auth/register': () => {
        if (fail) throw new TypeError('Failed to fetch');
        return json(201, { success: true, message: 'ok', data: { token: 'reg.token', user } });
      },
    });
    const { result } = renderHook(() => useAuth(), { wrapper });
    const body = { email: 'n@e.com', password: 'Clave1234', company_name: 'Nueva S.A.', cuit: '30712345671' };
    await expect(result.current.register(body)).rejects.toThrow('Registration failed');
    fail = false;
    await act(async () => {
      await result.current.register(body);
    });
    expect(localStorage.getItem('token')).toBe('reg.token');
    expect(result.current.user).toEqual(user);
  });

  it('signs out when any call answers 401', async () => {
    signInStored(makeUser());
    mockApi({
      'GET /api/auth/profile': () => json(200, { success: true, data: makeUser() }),
      'GET /api/echeqs': () => json(401, { success: false, code: 'UNAUTHORIZED', message: 'Sesión expirada' }),
    });
    render(<StatusProbe />, { wrapper });
    await screen.findByText('authenticated');
    const { api } = await import('../../lib/api-client');
    await act(() => api.get('/echeqs').catch(() => undefined));
    expect(screen.getByText('anonymous')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });
});
