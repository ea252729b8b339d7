import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { json, makeUser, mockApi, signInStored } from '../../test/fixtures';

// The check keeps its state in its module: each test loads a fresh copy of it and of the provider that reads it.
let useFreshAuth: () => { status: string; user: { email: string } | null } = () => {
  throw new Error('freshModules() first');
};

function Probe() {
  const { status, user } = useFreshAuth();
  return <span data-testid="status">{`${status} ${user?.email ?? '-'}`}</span>;
}

async function freshModules() {
  vi.resetModules();
  const check = await import('./session-check');
  const { AuthProvider } = await import('./auth-provider');
  useFreshAuth = (await import('./auth-context')).useAuth;
  const renderApp = () =>
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AuthProvider>
          <Probe />
        </AuthProvider>
      </QueryClientProvider>,
    );
  return { ...check, renderApp };
}

describe('session check started before the first render', () => {
  beforeEach(() => {
    vi.restoreAllMocks();
  });

  it('does nothing without a stored token', async () => {
    const { calls } = mockApi({});
    const { startSessionCheck, earlySessionCheck, renderApp } = await freshModules();
    await startSessionCheck();
    expect(earlySessionCheck()).toBeNull();
    renderApp();
    expect(screen.getByTestId('status')).toHaveTextContent('anonymous -');
    expect(calls).toHaveLength(0);
  });

  it('renders signed in from the first frame when the profile answered first, and asks only once', async () => {
    const user = makeUser('BANK_ADMIN', { email: 'admin@banco.example' });
    signInStored(makeUser('BANK_ADMIN', { email: 'viejo@banco.example' }));
    const { calls } = mockApi({ 'GET /api/auth/profile': () => json(200, { success: true, data: user }) });
    const { startSessionCheck, renderApp } = await freshModules();
    await startSessionCheck();
    renderApp();
    expect(screen.getByTestId('status')).toHaveTextContent('authenticated admin@banco.example');
    await waitFor(() => expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toEqual(user));
    expect(calls.filter((c) => c.key === 'GET /api/auth/profile')).toHaveLength(1);
  });

  it('waits for an answer still on its way, without asking again', async () => {
    const user = makeUser();
    signInStored(user);
    let answer: (r: Response) => void = () => {};
    const { calls } = mockApi({ 'GET /api/auth/profile': () => new Promise<Response>((r) => (answer = r)) });
    const { startSessionCheck, renderApp } = await freshModules();
    void startSessionCheck();
    renderApp();
    expect(screen.getByTestId('status')).toHaveTextContent('loading -');
    answer(json(200, { success: true, data: user }));
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent(`authenticated ${user.email}`));
    expect(calls).toHaveLength(1);
  });

  it('a refused session (401) clears token and user and shows the visitor signed out, without reloading', async () => {
    signInStored(makeUser());
    mockApi({
      'GET /api/auth/profile': () => json(401, { success: false, code: 'UNAUTHORIZED', message: 'Sesión inválida' }),
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/dashboard', assign });
    const { startSessionCheck, renderApp } = await freshModules();
    await startSessionCheck();
    renderApp();
    expect(screen.getByTestId('status')).toHaveTextContent('anonymous -');
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    expect(localStorage.getItem('user')).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });
});
