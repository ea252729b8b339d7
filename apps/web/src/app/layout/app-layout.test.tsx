import type { Role } from '@echeq/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, makeUser, mockApi, signInStored } from '../../test/fixtures';
import { stubPhone } from '../../test/media';
import { renderApp } from '../../test/render-app';

// The feature screens are other tests' business: stand-ins keep these about the shell.
vi.mock('../routes/dashboard-page', () => import('../../test/stub-pages').then((m) => m.stub('DashboardPage')));
vi.mock('../routes/custody-page', () => import('../../test/stub-pages').then((m) => m.stub('CustodyPage')));
vi.mock('../routes/echeqs-page', () => import('../../test/stub-pages').then((m) => m.stub('EcheqsPage')));
vi.mock('../routes/discounts-page', () => import('../../test/stub-pages').then((m) => m.stub('DiscountsPage')));
vi.mock('../routes/users-page', () => import('../../test/stub-pages').then((m) => m.stub('UsersPage')));
vi.mock('../routes/reports-page', () => import('../../test/stub-pages').then((m) => m.stub('ReportsPage')));
vi.mock('../routes/audit-page', () => import('../../test/stub-pages').then((m) => m.stub('AuditPage')));
vi.mock('../routes/admin-page', () => import('../../test/stub-pages').then((m) => m.stub('AdminPage')));
vi.mock('../routes/settings-page', () => import('../../test/stub-pages').then((m) => m.stub('SettingsPage')));

async function renderAs(role: Role, path = '/dashboard', overrides = {}) {
  const user = makeUser(role, overrides);
  signInStored(user);
  const api = mockApi({
    'GET /api/auth/profile': () => json(200, { success: true, data: user }),
    'POST /api/auth/logout': () => json(200, { success: true, message: 'Sesión cerrada' }),
  });
  const app = renderApp(path);
  await screen.findByTestId('page-title');
  const nav = screen.queryByRole('navigation', { name: 'Menú principal' });
  const entries = nav
    ? within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent)
    : [];
  return { ...app, ...api, nav, entries };
}

describe('side menu by role (specification §6)', () => {
  it('BANK_ADMIN: Dashboard, Custodia, ECHEQs, Descuentos, Usuarios, Reportes; no Administración or Configuración', async () => {
    const { entries } = await renderAs('BANK_ADMIN');
    expect(entries).toEqual(
      expect.arrayContaining(['Dashboard', 'Custodia', 'ECHEQs', 'Descuentos', 'Usuarios', 'Reportes']),
    );
    expect(entries).not.toContain('Administración');
    expect(entries).not.toContain('Configuración');
  });

  it('COMPANY_USER: Dashboard, Custodia, ECHEQs, Cuentas y chequeras (LIFECYCLE §1), Descuentos only', async () => {
    const { entries } = await renderAs('COMPANY_USER');
    expect(entries).toEqual(['Dashboard', 'Custodia', 'ECHEQs', 'Cuentas y chequeras', 'Descuentos']);
  });

  it('SYSTEM_ADMIN: every entry including Administración and Configuración', async () => {
    const { entries } = await renderAs('SYSTEM_ADMIN');
    expect(entries).toEqual(
      expect.arrayContaining([
        'Dashboard',
        'Custodia',
        'ECHEQs',
        'Descuentos',
        'Usuarios',
        'Reportes',
        'Administración',
        'Configuración',
      ]),
    );
  });

  it('marks the current entry and navigates with it', async () => {
    const user = userEvent.setup();
    const { nav, router } = await renderAs('BANK_ADMIN');
    if (!nav) throw new Error('no side menu');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(nav).getByRole('link', { name: 'Descuentos' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Descuentos de ECHEQs' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/discounts');
  });
});

describe('top bar', () => {
  it('shows the current entry title and the company name, falling back to the e-mail', async () => {
    await renderAs('BANK_ADMIN', '/reports');
    expect(screen.getByTestId('page-title')).toHaveTextContent('Reportes');
    expect(screen.getByText('Banco Demo')).toBeInTheDocument();
  });

  it("reads 'Perfil' on the account menu's screen and shows the e-mail without company", async () => {
    await renderAs('SYSTEM_ADMIN', '/profile', { company_name: null, email: 'superadmin@plataforma.example' });
    expect(screen.getByTestId('page-title')).toHaveTextContent(/^Perfil$/);
    expect(screen.getAllByText('superadmin@plataforma.example').length).toBeGreaterThan(0);
  });

  it("the avatar menu opens 'Perfil' and 'Cerrar Sesión' signs out to /login", async () => {
    const user = userEvent.setup();
    const { router, calls } = await renderAs('COMPANY_USER');
    await user.click(screen.getByRole('button', { name: 'Cuenta de usuario' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Perfil' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Perfil' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');

    await user.click(screen.getByRole('button', { name: 'Cuenta de usuario' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cerrar Sesión' }));
    expect(await screen.findByRole('heading', { name: 'Iniciar Sesión' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/auth/logout')).toBe(true));
  });
});

describe('narrow screens', () => {
  it("opens the drawer with 'Abrir menú' and closes it after choosing an entry", async () => {
    stubPhone();
    const user = userEvent.setup();
    const { router } = await renderAs('BANK_ADMIN');
    expect(screen.queryByRole('navigation', { name: 'Menú principal' })).not.toBeInTheDocument();
    const open = screen.getByRole('button', { name: 'Abrir menú' });
    await user.click(open);
    const nav = screen.getByRole('navigation', { name: 'Menú principal' });
    await user.click(within(nav).getByRole('link', { name: 'Custodia' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Gestión de Custodia' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/custody');
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Menú principal' })).not.toBeInTheDocument());
  });
});
