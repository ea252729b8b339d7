import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, makeUser, mockApi } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

// The feature screens are other tests' business: stand-ins keep these about the shell.
vi.mock('../../app/routes/dashboard-page', () => import('../../test/stub-pages').then((m) => m.stub('DashboardPage')));

async function openLogin() {
  const app = renderApp('/login');
  await screen.findByRole('heading', { name: 'Iniciar Sesión' });
  return app;
}

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Email/), email);
  await user.type(screen.getByLabelText(/^Contraseña/), password);
  await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
  return user;
}

describe('sign-in form', () => {
  it('requires email and password and sends nothing without them', async () => {
    const { calls } = mockApi({});
    await openLogin();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    expect(screen.getByText('Email requerido')).toBeInTheDocument();
    expect(screen.getByText('Contraseña requerida')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows 'Credenciales inválidas' when the server refuses the credentials", async () => {
    mockApi({
      'POST /api/auth/login': () =>
        json(401, { success: false, code: 'INVALID_CREDENTIALS', message: 'Credenciales inválidas' }),
    });
    const { router } = await openLogin();
    await fillAndSubmit('admin@banco.example', 'mala');
    expect(await screen.findByRole('alert')).toHaveTextContent('Credenciales inválidas');
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("shows 'Error al iniciar sesión' when the call fails (network)", async () => {
    mockApi({
      'POST /api/auth/login': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await openLogin();
    await fillAndSubmit('admin@banco.example', 'Demo1234!');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al iniciar sesión');
  });

  it("shows the server's message on 429", async () => {
    mockApi({
      'POST /api/auth/login': () =>
        json(429, {
          success: false,
          code: 'RATE_LIMITED',
          message: 'Demasiados intentos. Intente nuevamente más tarde.',
        }),
    });
    await openLogin();
    await fillAndSubmit('admin@banco.example', 'Demo1234!');
    expect(await screen.findByRole('alert')).toHaveTextContent('Demasiados intentos. Intente nuevamente más tarde.');
  });

  it('goes to /dashboard on success and keeps token and user', async () => {
    const account = makeUser('BANK_ADMIN');
    mockApi({
      'POST /api/auth/login': () => json(200, { success: true, message: 'ok', token: 't.o.k', user: account }),
    });
    const { router } = await openLogin();
    await fillAndSubmit('admin@banco.example', 'Demo1234!');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(localStorage.getItem('token')).toBe('t.o.k');
  });

  it("asks for the 'Código de verificación' when the account has two-step sign-in, and resends with it", async () => {
    const account = makeUser('BANK_ADMIN', { mfa_enabled: true });
    const { calls } = mockApi({
      'POST /api/auth/login': ({ body }) =>
        (body as { mfa_code?: string }).mfa_code
          ? json(200, { success: true, message: 'ok', token: 'mfa.token', user: account })
          : json(200, { success: true, mfa_required: true, message: 'Ingrese el código de verificación' }),
    });
    const { router } = await openLogin();
    const user = await fillAndSubmit('admin@banco.example', 'Demo1234!');
    const code = await screen.findByLabelText(/^Código de verificación/);
    await user.type(code, '12a3456');
    expect(code).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls.at(-1)?.body).toEqual({ email: 'admin@banco.example', password: 'Demo1234!', mfa_code: '123456' });
  });

  it('fills the form from the test users box and links to registration', async () => {
    mockApi({});
    await openLogin();
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { name: 'Usuarios de prueba' })).toBeInTheDocument();
    // Banco Norte's accounts too (the other bank of the demo's cheques), and Banco Sur's (the bank kept apart).
    expect(screen.getByRole('button', { name: /Admin Banco Norte\s*admin@banconorte\.example/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Banco Norte\s*tesoreria@norte\.example/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Admin Banco Sur\s*admin@bancosur\.example/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Empresa de Banco Sur\s*empresa@sur\.example/ }));
    expect(screen.getByLabelText(/^Email/)).toHaveValue('empresa@sur.example');
    await user.click(screen.getByRole('button', { name: /Auditor\s*auditor@banco\.example/ }));
    expect(screen.getByLabelText(/^Email/)).toHaveValue('auditor@banco.example');
    expect(screen.getByLabelText(/^Contraseña/)).toHaveValue('Demo1234!');
    expect(screen.getByText(/¿No tienes cuenta\?/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Regístrate aquí' })).toHaveAttribute('href', '/register');
  });
});

describe('registration form', () => {
  it('shows the server validation messages per field', async () => {
    mockApi({
      'POST /api/auth/register': () =>
        json(400, {
          success: false,
          code: 'VALIDATION_ERROR',
          message: 'Los datos enviados no son válidos',
          errors: [{ path: 'password', message: 'La contraseña debe incluir letras y números' }],
        }),
    });
    renderApp('/register');
    await screen.findByRole('heading', { name: 'Registro' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Email/), 'nueva@empresa.example');
    await user.type(screen.getByLabelText(/^Contraseña/), 'abcdefgh');
    await user.type(screen.getByLabelText(/^Razón social/), 'Nueva S.A.');
    await user.type(screen.getByLabelText(/^CUIT/), '30-71234567-1');
    await user.click(screen.getByRole('button', { name: 'Registrarse' }));
    expect(await screen.findByText('La contraseña debe incluir letras y números')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Los datos enviados no son válidos');
  });

  it('checks required fields and the CUIT before sending, then signs in and goes to /dashboard', async () => {
    const account = makeUser('COMPANY_USER', { email: 'nueva@empresa.example' });
    const { calls } = mockApi({
      'POST /api/auth/register': () =>
        json(201, { success: true, message: 'ok', data: { token: 'reg.tok', user: account } }),
    });
    const { router } = renderApp('/register');
    await screen.findByRole('heading', { name: 'Registro' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^CUIT/), '30-71234567-2');
    await user.click(screen.getByRole('button', { name: 'Registrarse' }));
    expect(screen.getByText('Email requerido')).toBeInTheDocument();
    expect(screen.getByText('CUIT inválido')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Email/), 'nueva@empresa.example');
    await user.type(screen.getByLabelText(/^Contraseña/), 'Clave1234');
    await user.type(screen.getByLabelText(/^Razón social/), 'Nueva S.A.');
    await user.clear(screen.getByLabelText(/^CUIT/));
    await user.type(screen.getByLabelText(/^CUIT/), '30-71234567-1');
    await user.click(screen.getByRole('button', { name: 'Registrarse' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls[0]?.body).toEqual({
      email: 'nueva@empresa.example',
      password: 'Clave1234',
      company_name: 'Nueva S.A.',
      cuit: '30-71234567-1',
    });
    expect(localStorage.getItem('token')).toBe('reg.tok');
  });
});
