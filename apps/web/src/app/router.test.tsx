import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, makeUser, mockApi, signInStored } from '../test/fixtures';
import { renderApp } from '../test/render-app';

// The feature screens are other tests' business: stand-ins keep these about the shell.
vi.mock('./routes/dashboard-page', () => import('../test/stub-pages').then((m) => m.stub('DashboardPage')));
vi.mock('./routes/custody-page', () => import('../test/stub-pages').then((m) => m.stub('CustodyPage')));
vi.mock('./routes/echeqs-page', () => import('../test/stub-pages').then((m) => m.stub('EcheqsPage')));
vi.mock('./routes/discounts-page', () => import('../test/stub-pages').then((m) => m.stub('DiscountsPage')));
vi.mock('./routes/users-page', () => import('../test/stub-pages').then((m) => m.stub('UsersPage')));
vi.mock('./routes/reports-page', () => import('../test/stub-pages').then((m) => m.stub('ReportsPage')));
vi.mock('./routes/audit-page', () => import('../test/stub-pages').then((m) => m.stub('AuditPage')));
vi.mock('./routes/admin-page', () => import('../test/stub-pages').then((m) => m.stub('AdminPage')));
vi.mock('./routes/settings-page', () => import('../test/stub-pages').then((m) => m.stub('SettingsPage')));

function profileAnswers(user = makeUser()) {
  return { 'GET /api/auth/profile': () => json(200, { success: true, data: user }) };
}

describe('authentication guard', () => {
  it("shows 'Cargando...' while the session loads, then redirects to /login when it is not valid", async () => {
    signInStored(makeUser());
    let answer: (r: Response) => void = () => {};
    mockApi({ 'GET /api/auth/profile': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { router } = renderApp('/dashboard');
    expect(screen.getByText('Cargando...')).toBeInTheDocument();
    answer(json(401, { success: false, code: 'UNAUTHORIZED', message: 'Sesión inválida' }));
    expect(await screen.findByRole('heading', { name: 'Iniciar Sesión' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('redirects to /login without a session', async () => {
    mockApi({});
    const { router } = renderApp('/custody');
    await screen.findByRole('heading', { name: 'Iniciar Sesión' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the page once the session is confirmed', async () => {
    signInStored(makeUser());
    mockApi(profileAnswers());
    renderApp('/custody');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gestión de Custodia' })).toBeInTheDocument();
  });

  it('sends an authenticated user from /login to /dashboard', async () => {
    signInStored(makeUser());
    mockApi(profileAnswers());
    const { router } = renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('redirects / and unknown paths to /dashboard', async () => {
    signInStored(makeUser());
    mockApi(profileAnswers());
    const { router } = renderApp('/no-existe/ni-esto');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(router.state.location.pathname).toBe('/dashboard');
    await router.navigate('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('role access', () => {
  it('shows the admin-only message on /admin to anyone but SYSTEM_ADMIN', async () => {
    signInStored(makeUser('BANK_ADMIN'));
    mockApi(profileAnswers(makeUser('BANK_ADMIN')));
    renderApp('/admin');
    expect(
      await screen.findByText('Acceso denegado. Solo administradores del sistema pueden acceder a esta página.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Panel de Administración ECHEQ' })).not.toBeInTheDocument();
  });

  it('opens /admin and /settings for SYSTEM_ADMIN', async () => {
    const admin = makeUser('SYSTEM_ADMIN', { email: 'superadmin@plataforma.example', company_name: null });
    signInStored(admin);
    mockApi(profileAnswers(admin));
    const { router } = renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Panel de Administración ECHEQ' })).toBeInTheDocument();
    await router.navigate('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Configuración' })).toBeInTheDocument();
  });

  it('denies a route outside the role’s menu (COMPANY_USER on /users)', async () => {
    const user = makeUser('COMPANY_USER');
    signInStored(user);
    mockApi(profileAnswers(user));
    renderApp('/users');
    expect(await screen.findByText(/^Acceso denegado\./)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Gestión de Usuarios' })).not.toBeInTheDocument();
  });

  it('opens the presented cheques for the bank operator, not for a company that may operate its cheques', async () => {
    const operator = makeUser('BANK_OPERATOR');
    signInStored(operator);
    mockApi({
      ...profileAnswers(operator),
      'GET /api/echeqs/presented': () =>
        json(200, { success: true, data: { data: [], page: 1, limit: 10, total: 0, nextCursor: null, totals: [] } }),
    });
    const first = renderApp('/presented');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cheques presentados al cobro' })).toBeInTheDocument();
    first.unmount();
    localStorage.clear();
    const company = makeUser('COMPANY_USER');
    signInStored(company);
    mockApi(profileAnswers(company));
    renderApp('/presented');
    expect(await screen.findByText(/^Acceso denegado\./)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Cheques presentados al cobro' })).not.toBeInTheDocument();
  });

  it('opens /profile for every role', async () => {
    const user = makeUser('GUARANTOR', { mfa_enabled: true });
    signInStored(user);
    mockApi(profileAnswers(user));
    renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Perfil' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Verificación en dos pasos' })).toBeInTheDocument();
    expect(screen.getAllByText('Activado').length).toBeGreaterThan(0);
  });
});
