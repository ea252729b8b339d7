import type { Role } from '@echeq/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, makeUser, signInStored } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const EMISOR = makeUser('COMPANY_USER', {
  id: '11111111-1111-4111-8111-111111111111',
  email: 'emisor@empresa.example',
  company_name: 'Empresa Demo S.A.',
  mfa_enabled: true,
  last_login: '2026-11-20T15:45:00.000Z',
});
const AUDITOR = makeUser('AUDITOR', {
  id: '22222222-2222-4222-8222-222222222222',
  email: 'auditor@banco.example',
  last_login: null,
});

type Call = { method: string; path: string; query: URLSearchParams; body: any };
type Handler = (c: Call) => Response | Promise<Response>;

function stubApi(role: Role, handlers: Record<string, Handler> = {}) {
  const me = makeUser(role);
  signInStored(me);
  const calls: Call[] = [];
  const defaults: Record<string, Handler> = {
    'GET /api/auth/profile': () => json(200, { success: true, data: me }),
    'GET /api/users': (c) =>
      json(200, {
        success: true,
        data: { data: [me, EMISOR, AUDITOR], page: Number(c.query.get('page')), limit: 10, total: 3 },
      }),
    [`GET /api/users/${EMISOR.id}`]: () => json(200, { success: true, data: EMISOR }),
  };
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const call: Call = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const handler = handlers[`${call.method} ${call.path}`] ?? defaults[`${call.method} ${call.path}`];
    if (!handler) return json(404, { success: false, code: 'NOT_FOUND', message: 'Recurso no encontrado' });
    return handler(call);
  });
  return { calls, me };
}

async function openScreen() {
  const app = renderApp('/users');
  await screen.findByRole('heading', { level: 1, name: 'Gestión de Usuarios' });
  return app;
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('Gestión de Usuarios', () => {
  it('lists real users from GET /users with company, role label, status and MFA', async () => {
    const { calls } = stubApi('BANK_ADMIN');
    await openScreen();
    await screen.findByRole('table', { name: 'Usuarios' });
    const list = calls.find((c) => c.path === '/api/users');
    expect(list?.query.get('page')).toBe('1');
    expect(list?.query.get('limit')).toBe('10');
    const headers = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Email', 'Empresa', 'Rol', 'Estado', 'MFA', 'Acciones']);
    const row = rowOf('emisor@empresa.example');
    expect(row).toHaveTextContent('Empresa Demo S.A.');
    expect(row).toHaveTextContent('Usuario Empresa');
    expect(row).toHaveTextContent('Activo');
    expect(row).toHaveTextContent('Activado');
    expect(rowOf('auditor@banco.example')).toHaveTextContent('Desactivado');
  });

  it('the headers sort on the server (ascending, descending, default); the address keeps the sort', async () => {
    const { calls } = stubApi('BANK_ADMIN');
    const { router } = renderApp('/users?sort=-role');
    await screen.findByRole('heading', { level: 1, name: 'Gestión de Usuarios' });
    const table = await screen.findByRole('table', { name: 'Usuarios' });
    const lastSort = () =>
      calls
        .filter((c) => c.path === '/api/users')
        .at(-1)
        ?.query.get('sort');
    await waitFor(() => expect(lastSort()).toBe('-role'));
    expect(within(table).getByRole('columnheader', { name: /Rol/ })).toHaveAttribute('aria-sort', 'descending');
    const user = userEvent.setup();
    const company = within(table).getByRole('button', { name: 'Empresa' });
    await user.click(company);
    await waitFor(() => expect(lastSort()).toBe('company'));
    expect(router.state.location.search).toBe('?sort=company');
    expect(within(table).getByRole('columnheader', { name: /Empresa/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(within(table).getByRole('columnheader', { name: /Rol/ })).not.toHaveAttribute('aria-sort');
    await user.click(company);
    await waitFor(() => expect(lastSort()).toBe('-company'));
    await user.click(company);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(lastSort()).toBeNull());
    for (const name of ['Email', 'Estado']) expect(within(table).getByRole('button', { name })).toBeInTheDocument();
    // The creation date has no column: the select offers it.
    await user.click(screen.getByRole('combobox', { name: 'Ordenar por' }));
    await user.click(screen.getByRole('option', { name: 'Fecha de alta ↑' }));
    await waitFor(() => expect(lastSort()).toBe('created_at'));
  });

  it("'Ver' shows the details with the last login", async () => {
    stubApi('BANK_ADMIN');
    await openScreen();
    await screen.findByRole('table', { name: 'Usuarios' });
    await userEvent.setup().click(within(rowOf('emisor@empresa.example')).getByRole('button', { name: /^Ver / }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalles del usuario' });
    expect(dialog).toHaveTextContent('Último acceso');
    expect(dialog).toHaveTextContent('20/11/2026 12:45');
  });

  it("shows 'Error al cargar la lista de usuarios' when the list fails", async () => {
    stubApi('BANK_ADMIN', {
      'GET /api/users': () =>
        json(500, { success: false, code: 'INTERNAL_ERROR', message: 'Error interno del servidor' }),
    });
    await openScreen();
    expect(await screen.findByText('Error al cargar la lista de usuarios', {}, { timeout: 15_000 })).toBeVisible();
  });

  it("'Nuevo Usuario' validates the CUIT, defaults to COMPANY_USER and shows the server's refusal", async () => {
    const { calls } = stubApi('BANK_ADMIN', {
      'POST /api/users': () =>
        json(409, {
          success: false,
          code: 'DUPLICATE',
          message: 'Ya existe un usuario con ese email',
          errors: [{ path: 'email', message: 'Email ya registrado' }],
        }),
    });
    await openScreen();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Nuevo Usuario' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo Usuario' });
    expect(within(dialog).getByRole('combobox', { name: 'Rol' })).toHaveTextContent('Usuario Empresa');
    await user.type(within(dialog).getByLabelText(/^Email/), 'nuevo@cliente.example');
    await user.type(within(dialog).getByLabelText(/^Contraseña/), 'Tintero-Violeta-42');
    await user.type(within(dialog).getByLabelText(/^Nombre de la empresa/), 'Cliente S.A.');
    await user.type(within(dialog).getByLabelText(/^CUIT/), '30-12345678-0');
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    expect(await within(dialog).findByText('CUIT inválido')).toBeVisible();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(within(dialog).getByLabelText(/^CUIT/));
    await user.type(within(dialog).getByLabelText(/^CUIT/), '30-71234567-1');
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    expect(await within(dialog).findByText('Error al crear usuario')).toBeVisible();
    expect(within(dialog).getByText('Email ya registrado')).toBeVisible();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      email: 'nuevo@cliente.example',
      password: 'Tintero-Violeta-42',
      role: 'COMPANY_USER',
      company_name: 'Cliente S.A.',
      cuit: '30-71234567-1',
    });
  });

  it("a bank admin cannot offer 'Admin Sistema'; company fields hide for bank roles", async () => {
    stubApi('BANK_ADMIN');
    await openScreen();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Nuevo Usuario' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo Usuario' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Rol' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).not.toContain('Admin Sistema');
    await user.click(screen.getByRole('option', { name: 'Auditor' }));
    expect(within(dialog).queryByLabelText(/^CUIT/)).toBeNull();
  });

  it("suspends after confirming; a failure reads 'Error al procesar usuario'", async () => {
    let fail = true;
    const { calls } = stubApi('BANK_ADMIN', {
      [`PUT /api/users/${EMISOR.id}`]: () =>
        fail
          ? json(409, { success: false, code: 'CONFLICT', message: 'La operación no es posible en el estado actual' })
          : json(200, { success: true, data: { ...EMISOR, status: 'SUSPENDED' } }),
    });
    await openScreen();
    await screen.findByRole('table', { name: 'Usuarios' });
    const user = userEvent.setup();
    await user.click(within(rowOf('emisor@empresa.example')).getByRole('button', { name: /^Suspender / }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Suspender' }));
    expect(await screen.findByText('Error al procesar usuario')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fail = false;
    await user.click(within(rowOf('emisor@empresa.example')).getByRole('button', { name: /^Suspender / }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Suspender' }));
    await waitFor(() => expect(screen.getByText('Usuario emisor@empresa.example suspendido')).toBeVisible());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { status: 'SUSPENDED' },
      { status: 'SUSPENDED' },
    ]);
  });

  it('an auditor reads without management actions; the own row cannot be suspended', async () => {
    stubApi('AUDITOR');
    await openScreen();
    await screen.findByRole('table', { name: 'Usuarios' });
    expect(screen.queryByRole('button', { name: 'Nuevo Usuario' })).toBeNull();
    expect(screen.queryAllByRole('button', { name: /^Suspender / })).toHaveLength(0);
    expect(screen.queryAllByRole('button', { name: /^Editar / })).toHaveLength(0);
  });

  it('a company user is refused the screen', async () => {
    const { calls } = stubApi('COMPANY_USER');
    renderApp('/users');
    expect(await screen.findByText(/Acceso denegado/)).toBeVisible();
    expect(calls.some((c) => c.path === '/api/users')).toBe(false);
  });
});
